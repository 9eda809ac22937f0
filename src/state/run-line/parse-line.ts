/**
 * A `docker run …` line (pasted or typed) read into RunOptions the way the docker CLI reads it:
 * shell words (shell-quote, not a split on spaces), then pflag's rules: `--flag value`,
 * `--flag=value`, `-p 80`, `-p80`, `-p=80`, switches clustered (`-dit`), a switch given
 * `=false`; the first word that is not a flag is the image and everything after it is the
 * command. A flag the CLI knows but berth does not build is skipped with its value and named in
 * `unsupported`, never dropped silently; a flag the CLI does not know is an error, as in the CLI.
 */
import { parse } from 'shell-quote';
import { DOCKER_RUN_FLAGS, type RunFlag } from './flags.ts';
import { emptyOptions, LIST_OPTIONS, OPTION_FLAGS, SWITCH_OPTIONS, TEXT_OPTIONS, type ListOption, type RunOptions, type SwitchOption, type TextOption } from './options.ts';

export type ParsedLine = { ok: true; options: RunOptions; unsupported: readonly string[] } | { ok: false; message: string };

const byLong = new Map(DOCKER_RUN_FLAGS.map((f) => [f.long, f]));
const byShort = new Map(DOCKER_RUN_FLAGS.flatMap((f) => (f.short ? [[f.short, f] as const] : [])));

type Target = { kind: 'text'; option: TextOption } | { kind: 'list'; option: ListOption } | { kind: 'switch'; option: SwitchOption };
const targets = new Map<string, Target>([
  ...TEXT_OPTIONS.map((option) => [OPTION_FLAGS[option].long, { kind: 'text', option }] as const),
  ...LIST_OPTIONS.map((option) => [OPTION_FLAGS[option].long, { kind: 'list', option }] as const),
  ...SWITCH_OPTIONS.map((option) => [OPTION_FLAGS[option].long, { kind: 'switch', option }] as const),
]);

/** The command words a line may start with; `$ ` and `sudo` before them are a copied prompt. */
const PREFIXES: readonly (readonly string[])[] = [
  ['docker', 'run'],
  ['docker', 'container', 'run'],
  ['podman', 'run'],
  ['podman', 'container', 'run'],
];

/** Whether text looks like a run line (the dialog then reads it rather than taking it as an image). */
export function isRunLine(text: string): boolean {
  const words = text.trim().replace(/^\$\s+/, '').replace(/^sudo\s+/, '').split(/\s+/);
  return PREFIXES.some((prefix) => prefix.every((word, i) => words[i] === word));
}

/** Shell words; `$VAR` stays as written (berth is not a shell and expands nothing). */
function words(text: string): { ok: true; words: string[] } | { ok: false; message: string } {
  // A line continued with backslash-newline, as READMEs print long commands, is one line.
  const joined = text.replace(/\\\r?\n/g, ' ').trim();
  if (/[\r\n]/.test(joined)) return { ok: false, message: 'paste one docker run command: the text has more than one line' };
  const out: string[] = [];
  for (const entry of parse(joined, (name) => `$${name}`)) {
    if (typeof entry === 'string') out.push(entry);
    else if ('comment' in entry) break;
    else if (entry.op === 'glob') out.push(entry.pattern);
    else return { ok: false, message: `the line has a shell operator (${entry.op}): paste one docker run command` };
  }
  return { ok: true, words: out };
}

function parseBool(flag: RunFlag, text: string): boolean | string {
  if (/^(1|t|true|TRUE|True)$/.test(text)) return true;
  if (/^(0|f|false|FALSE|False)$/.test(text)) return false;
  return `invalid argument "${text}" for "--${flag.long}" flag: a switch takes true or false`;
}

export function parseRunLine(text: string): ParsedLine {
  const split = words(text);
  if (!split.ok) return split;
  let rest = split.words;
  if (rest[0] === '$') rest = rest.slice(1);
  if (rest[0] === 'sudo') rest = rest.slice(1);
  const prefix = PREFIXES.find((p) => p.every((word, i) => rest[i] === word));
  if (!prefix) return { ok: false, message: 'a run line starts with "docker run"' };
  rest = rest.slice(prefix.length);

  const options: { -readonly [K in keyof RunOptions]: RunOptions[K] } = emptyOptions();
  const lists: Record<ListOption, string[]> = { publish: [], env: [], envFile: [], volume: [], mount: [], label: [] };
  const unsupported: string[] = [];
  const apply = (flag: RunFlag, value: string | boolean) => {
    const target = targets.get(flag.long);
    if (!target) {
      if (!unsupported.includes(`--${flag.long}`)) unsupported.push(`--${flag.long}`);
    } else if (target.kind === 'switch') options[target.option] = value === true;
    else if (target.kind === 'list') lists[target.option].push(String(value));
    else options[target.option] = String(value);
  };

  let i = 0;
  for (; i < rest.length; i++) {
    const word = rest[i] ?? '';
    if (word === '--') {
      i++;
      break;
    }
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = word.slice(2, eq < 0 ? undefined : eq);
      const inline = eq < 0 ? undefined : word.slice(eq + 1);
      const flag = byLong.get(name);
      if (!flag) return { ok: false, message: `unknown flag: --${name}` };
      if (flag.value) {
        const value = inline ?? rest[++i];
        if (value === undefined) return { ok: false, message: `flag needs an argument: --${name}` };
        apply(flag, value);
      } else {
        const value = inline === undefined ? true : parseBool(flag, inline);
        if (typeof value === 'string') return { ok: false, message: value };
        apply(flag, value);
      }
      continue;
    }
    if (word.startsWith('-') && word !== '-') {
      for (let j = 1; j < word.length; j++) {
        const letter = word[j] ?? '';
        const flag = byShort.get(letter);
        if (!flag) return { ok: false, message: `unknown shorthand flag: '${letter}' in ${word}` };
        if (flag.value) {
          let value: string | undefined = word.slice(j + 1);
          if (value.startsWith('=')) value = value.slice(1);
          else if (value === '') value = rest[++i];
          if (value === undefined) return { ok: false, message: `flag needs an argument: '${letter}' in -${letter}` };
          apply(flag, value);
          break;
        }
        if (word[j + 1] === '=') {
          const value = parseBool(flag, word.slice(j + 2));
          if (typeof value === 'string') return { ok: false, message: value };
          apply(flag, value);
          break;
        }
        apply(flag, true);
      }
      continue;
    }
    break;
  }
  const image = rest[i];
  if (image === undefined) return { ok: false, message: '"docker run" needs an image: docker run [OPTIONS] IMAGE [COMMAND] [ARG...]' };
  return { ok: true, options: { ...options, ...lists, image, command: rest.slice(i + 1) }, unsupported };
}
