/**
 * A custom action's command template: `docker logs --tail 50 {{id}}`, `sh -c 'ls {{label "app.dir"}}'`.
 * It is split into words first (as a shell splits them, quotes respected: state/validation.ts
 * splitCommand) and each `{{field}}` is then replaced inside its word, so a value with spaces or
 * quotes stays one argument and never reaches a shell unless the user wrote `sh -c` themselves.
 * A field berth does not know is refused when the config is read, not when the action runs.
 */
import { splitCommand } from '../../state/validation.ts';

/** The fields a template may name. `label` takes the label's key: `{{label "com.example.x"}}`. */
export const TEMPLATE_FIELDS = ['id', 'name', 'image', 'engine', 'label'] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

export interface Placeholder {
  field: TemplateField;
  /** The label's key, for `label`. */
  arg?: string;
}

/** A template split into words, each a list of literal text and placeholders. */
export type Template = ReadonlyArray<ReadonlyArray<string | Placeholder>>;

/** What the placeholders stand for when the action runs. */
export interface TemplateValues {
  id: string;
  name: string;
  image: string;
  engine: string;
  labels: Readonly<Record<string, string>>;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.]*)(?:\s+"([^"]*)")?\s*\}\}/g;
/** Stands for a placeholder while the words are split: letters and digits only, so no quoting touches it. */
const MARK = (i: number) => `BERTHFIELD${i}X`;
const MARKS = /BERTHFIELD(\d+)X/g;

export type Parsed = { ok: true; template: Template; fields: ReadonlySet<TemplateField> } | { ok: false; message: string };

function isField(name: string): name is TemplateField {
  return (TEMPLATE_FIELDS as readonly string[]).includes(name);
}

/** The template, or why it cannot be one (an unknown field, unbalanced quotes, a shell operator). */
export function parseTemplate(command: string): Parsed {
  const placeholders: Placeholder[] = [];
  let problem: string | undefined;
  const marked = command.replace(PLACEHOLDER, (_all, name: string, arg: string | undefined) => {
    if (!isField(name)) problem ??= `unknown template field "{{${name}}}" (berth knows ${TEMPLATE_FIELDS.map((f) => (f === 'label' ? '{{label "key"}}' : `{{${f}}}`)).join(', ')})`;
    else if (name === 'label' && (arg === undefined || arg === '')) problem ??= '{{label}} needs the label’s key: {{label "com.example.key"}}';
    else if (name !== 'label' && arg !== undefined) problem ??= `{{${name}}} takes no argument`;
    placeholders.push(name === 'label' ? { field: 'label', arg } : { field: name as TemplateField });
    return MARK(placeholders.length - 1);
  });
  if (problem) return { ok: false, message: problem };
  if (/\{\{|\}\}/.test(marked)) return { ok: false, message: 'a "{{" or "}}" that is not a field: write fields as {{id}} or {{label "key"}}' };
  const split = splitCommand(marked);
  if (!split.ok) return { ok: false, message: split.message };
  if (!split.value) return { ok: false, message: 'the command is empty' };
  const template = split.value.map((word) => {
    const parts: Array<string | Placeholder> = [];
    let last = 0;
    for (const match of word.matchAll(MARKS)) {
      if (match.index > last) parts.push(word.slice(last, match.index));
      const placeholder = placeholders[Number(match[1])];
      if (placeholder) parts.push(placeholder);
      last = match.index + match[0].length;
    }
    if (last < word.length) parts.push(word.slice(last));
    return parts;
  });
  return { ok: true, template, fields: new Set(placeholders.map((p) => p.field)) };
}

/** The argument vector: each word with its placeholders replaced (a missing label is empty). */
export function expandTemplate(template: Template, values: TemplateValues): string[] {
  return template.map((word) =>
    word.map((part) => (typeof part === 'string' ? part : part.field === 'label' ? (values.labels[part.arg ?? ''] ?? '') : values[part.field])).join(''),
  );
}
