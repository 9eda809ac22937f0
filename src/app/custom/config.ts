/**
 * Custom actions from config.json (`actions`): each a name, a command template (template.ts), where
 * it runs (`"run": "host"`, the default, with the engine berth shows passed as the docker CLI
 * expects it; or `"container"`, an exec in the selected one), what it is for (`"pane"`:
 * "containers" or "images"; or `"label"`: containers carrying that label, `key` or `key=value`),
 * an optional `key` (bound in that pane and checked for clashes like the user's own keys),
 * `confirm: true` to ask first and `terminal: true` to hand it the terminal (an editor, a prompt,
 * `docker exec -it`) instead of capturing its output. Everything is checked when berth starts; a mistake is one line
 * naming the entry.
 */
import { isKeyName } from '../keys/custom-keys.ts';
import { labelFor } from '../keys/key-label.ts';
import type { Binding } from '../keys/keymap.ts';
import { panes } from '../panes/index.ts';
import { parseTemplate } from './template.ts';
import type { CustomAction, CustomActionId, CustomKind } from './types.ts';

const KINDS: readonly CustomKind[] = ['container', 'image'];

/** The id of the pane that shows this kind of thing. */
export function paneOf(kind: CustomKind): string {
  return panes.find((p) => p.shows === kind)?.id ?? kind;
}

export function customActionId(name: string): CustomActionId {
  return `custom:${name}`;
}

const KNOWN = ['name', 'command', 'run', 'pane', 'label', 'key', 'confirm', 'terminal'];

/** The actions, or one line naming the entry and what is wrong with it. */
export function parseCustomActions(raw: unknown): CustomAction[] | string {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return '"actions" must be a list of {"name": …, "command": …}';
  const out: CustomAction[] = [];
  for (const [i, entry] of raw.entries()) {
    const where = `"actions"[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return `${where} must be an object like {"name": "…", "command": "…"}`;
    const e = entry as Record<string, unknown>;
    const named = typeof e.name === 'string' && e.name.trim() !== '' ? `${where} ("${e.name}")` : where;
    const unknown = Object.keys(e).find((k) => !KNOWN.includes(k));
    if (unknown !== undefined) return `${named}: unknown setting "${unknown}" (berth knows ${KNOWN.map((k) => `"${k}"`).join(', ')})`;
    if (typeof e.name !== 'string' || e.name.trim() === '') return `${where}: "name" must be a non-empty string`;
    const name = e.name.trim();
    if (out.some((a) => a.name === name)) return `${named}: another action has this name`;
    if (typeof e.command !== 'string') return `${named}: "command" must be a string, e.g. "docker logs --tail 50 {{id}}"`;
    const parsed = parseTemplate(e.command);
    if (!parsed.ok) return `${named}: "command": ${parsed.message}`;
    const run = e.run ?? 'host';
    if (run !== 'host' && run !== 'container') return `${named}: "run" must be "host" or "container"`;
    let label: CustomAction['label'];
    if (e.label !== undefined) {
      if (typeof e.label !== 'string' || e.label.trim() === '' || e.label.startsWith('=')) return `${named}: "label" must be "key" or "key=value"`;
      const at = e.label.indexOf('=');
      label = at === -1 ? { key: e.label.trim() } : { key: e.label.slice(0, at).trim(), value: e.label.slice(at + 1) };
    }
    const choices = KINDS.map(paneOf);
    const pane = e.pane ?? paneOf('container');
    const kind = KINDS.find((k) => paneOf(k) === pane);
    if (kind === undefined) return `${named}: "pane" must be ${choices.map((p) => `"${p}"`).join(' or ')}`;
    if (kind !== 'container' && (label || run === 'container')) return `${named}: ${label ? '"label"' : '"run": "container"'} needs "pane": "${paneOf('container')}"`;
    if (kind !== 'container' && parsed.fields.has('label')) return `${named}: "command": {{label …}} is a container's, and this action is for ${String(pane)}`;
    if (e.key !== undefined && (typeof e.key !== 'string' || !isKeyName(e.key))) return `${named}: "key": ${JSON.stringify(e.key)} is not a key berth knows (one character, ctrl+x, meta+x, or a named key)`;
    if (e.confirm !== undefined && typeof e.confirm !== 'boolean') return `${named}: "confirm" must be true or false`;
    if (e.terminal !== undefined && typeof e.terminal !== 'boolean') return `${named}: "terminal" must be true or false`;
    out.push({
      name,
      command: e.command,
      template: parsed.template,
      where: run,
      kind,
      ...(label && { label }),
      ...(typeof e.key === 'string' && { key: e.key }),
      confirm: e.confirm === true,
      terminal: e.terminal === true,
    });
  }
  return out;
}

/** The keymap's bindings of the actions that have a key, in their pane. */
export function customBindings(actions: readonly CustomAction[]): Binding[] {
  return actions.flatMap((a) =>
    a.key === undefined
      ? []
      : [{ action: customActionId(a.name), keys: [a.key], label: labelFor([a.key]), description: `${a.name} (your action: ${a.command})`, contexts: [paneOf(a.kind)] }],
  );
}
