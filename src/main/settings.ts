/**
 * berth's own settings file: `$XDG_CONFIG_HOME/berth/config.json` (else ~/.config/berth/…).
 * Today it holds only `keys` (see app/keys/custom-keys.ts). No file means the defaults; a file berth
 * cannot use stops it before it takes the terminal, with the file and the problem named, so a
 * typo never turns into keys that quietly do nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { customiseKeymap } from '../app/keys/custom-keys.ts';
import { defaultKeymap, keymap, Keymap } from '../app/keys/keymap.ts';

export interface Settings {
  keymap: Keymap;
}

export function settingsPath(env: NodeJS.ProcessEnv, homedir: string): string {
  return join(env.XDG_CONFIG_HOME || join(homedir, '.config'), 'berth', 'config.json');
}

/** The settings, or a one-line message naming the file and what is wrong with it. */
export function loadSettings(path: string): Settings | string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { keymap: defaultKeymap };
    return `${path}: cannot read it (${code ?? (error as Error).message})`;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return `${path}: not valid JSON (${(error as Error).message})`;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return `${path}: must hold a JSON object`;
  const unknown = Object.keys(raw).filter((k) => k !== 'keys');
  if (unknown.length > 0) return `${path}: unknown setting ${unknown.map((k) => `"${k}"`).join(', ')} (berth knows "keys")`;
  const { keys } = raw as { keys?: unknown };
  try {
    return { keymap: keys === undefined ? defaultKeymap : new Keymap(customiseKeymap(keymap, keys)) };
  } catch (error) {
    return `${path}: ${(error as Error).message}`;
  }
}
