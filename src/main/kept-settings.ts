/**
 * What berth writes into its own settings file (main/settings.ts reads it): one key at a time,
 * every other setting kept as it was read. The file is written whole to a temporary name beside
 * it and renamed over it, so a crash mid-write never leaves half a config that would stop the
 * next start. The keys written: "fleet" (main/fleet-choice.ts) and "workspace" (the split panel
 * and the chosen columns, app/workspace).
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The file as an object (none yet: an empty one); what is not an object is not berth's to overwrite. */
function readObject(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const value: unknown = text.trim() === '' ? {} : JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${path} holds no JSON object`);
  return value as Record<string, unknown>;
}

/** Sets (or, with undefined, removes) one key of the settings file at `path`. Throws what went wrong. */
export function keepSetting(path: string, key: string, value: unknown): void {
  const settings = readObject(path);
  if (value === undefined) delete settings[key];
  else settings[key] = value;
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
