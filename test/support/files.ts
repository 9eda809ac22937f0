import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, recursively ([] when it does not exist): where a secret must not be. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
