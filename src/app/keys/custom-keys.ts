/**
 * The user's own keys: `{"stop": "u", "down": ["down", "j", "ctrl+n"]}` gives each named action
 * exactly those keys instead of its defaults. Everything is checked before berth starts (the
 * action exists, each key is one berth can receive, no key does two things on one screen), and a
 * mistake is one line that says which entry and why, never a silently ignored binding.
 */
import { labelFor } from './key-label.ts';
import { findClash, keyStacks, TEXT_CONTEXTS, type ActionId, type Binding } from './keymap.ts';
import { graphemes } from '../input/graphemes.ts';

const NAMED = new Set(['up', 'down', 'left', 'right', 'pageup', 'pagedown', 'home', 'end', 'return', 'escape', 'tab', 'shift+tab', 'backspace', 'delete']);

/** Whether `key` is a name key-name.ts can produce: one printable character, ctrl+letter, meta+character or a named key. */
export function isKeyName(key: string): boolean {
  if (NAMED.has(key)) return true;
  if (/^ctrl\+[a-z]$/.test(key)) return true;
  const single = (text: string) => Array.from(graphemes(text)).length === 1 && !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(text);
  if (key.startsWith('meta+')) return single(key.slice(5));
  return single(key);
}

export class KeyConfigError extends Error {
  override readonly name = 'KeyConfigError';
}

/** A key that types a character: in a text field it is text, so no binding there may take it. */
function isPrintable(key: string): boolean {
  return !NAMED.has(key) && !key.startsWith('ctrl+') && !key.startsWith('meta+');
}

/** `base` with the user's keys applied (checked on every screen, each pane's too); throws KeyConfigError naming the first problem. */
export function customiseKeymap(base: readonly Binding[], overrides: unknown): Binding[] {
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
    throw new KeyConfigError('"keys" must be an object of action → key or [keys]');
  }
  const actions = new Set<string>(base.map((b) => b.action));
  const chosen = new Map<ActionId, string[]>();
  for (const [action, value] of Object.entries(overrides)) {
    if (!actions.has(action)) throw new KeyConfigError(`unknown action "${action}" in "keys" (actions: ${[...actions].join(', ')})`);
    const keys = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k): k is string => typeof k === 'string')) {
      throw new KeyConfigError(`"keys"."${action}" must be a key name or a non-empty list of them`);
    }
    const bad = keys.find((k) => !isKeyName(k));
    if (bad !== undefined) {
      throw new KeyConfigError(`"keys"."${action}": ${JSON.stringify(bad)} is not a key berth knows (one character, ctrl+x, meta+x, or ${[...NAMED].join(', ')})`);
    }
    const binding = base.find((b) => b.action === action);
    const printable = keys.find(isPrintable);
    if (printable !== undefined && binding?.contexts.some((c) => TEXT_CONTEXTS.includes(c))) {
      throw new KeyConfigError(`"keys"."${action}": ${JSON.stringify(printable)} types a character, and ${action} works while a text field has the keys; give it a named key (Enter, Tab, arrows…) or ctrl+x`);
    }
    // Ctrl-C always quits: a terminal user's way out must not depend on a config file.
    chosen.set(action as ActionId, action === 'interrupt' && !keys.includes('ctrl+c') ? [...new Set(keys), 'ctrl+c'] : [...new Set(keys)]);
  }
  const bindings = base.map((binding) => {
    const keys = chosen.get(binding.action);
    return keys ? { ...binding, keys, label: labelFor(keys) } : binding;
  });
  const clash = findClash(bindings, keyStacks(bindings));
  if (clash) {
    const [first, second] = clash.actions;
    throw new KeyConfigError(`"${clash.key}" would both ${first} and ${second} (${clash.where} screen); give one of them another key`);
  }
  return bindings;
}
