/**
 * The package.json that goes into the tarball has no `prepare` script (issue 48). `prepare` is the
 * clone's: `npm ci` runs it to apply berth's patches to its dependencies (test/tools/patches). In
 * the packed manifest it does nothing (the package installs no dependencies) but npm 11 warns
 * about it on every `npm install -g` ("install scripts not yet covered by allowScripts").
 *
 * npm has no field that leaves a script out of the tarball, and it packs package.json as the file
 * on disk when the tarball is made, which is after `prepack` and before `postpack`. So:
 *
 *   tsx test/tools/pack-manifest.ts strip     (prepack)  keeps package.json byte for byte in
 *                                                         BACKUP, writes it without `prepare`
 *   tsx test/tools/pack-manifest.ts restore   (postpack) puts BACKUP back
 *
 * A pack that fails between the two leaves BACKUP behind (npm runs no postpack then); the next
 * strip puts it back first, so package.json is never stripped twice over and never lost.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const manifest = path.join(root, 'package.json');
/** Outside `files`, so never packed; .gitignore'd. */
export const BACKUP = path.join(root, '.package.json.before-pack');

/** package.json's text without scripts.prepare, every other key as it was, in its order. */
export function withoutPrepare(text: string): string {
  const json = JSON.parse(text) as { scripts?: Record<string, string> };
  if (json.scripts) delete json.scripts.prepare;
  return `${JSON.stringify(json, null, 2)}\n`;
}

function restore(): void {
  if (existsSync(BACKUP)) renameSync(BACKUP, manifest);
}

function strip(): void {
  if (existsSync(BACKUP)) {
    process.stderr.write(`berth pack: ${path.basename(BACKUP)} was left by a pack that failed; package.json put back from it first\n`);
    restore();
  }
  const text = readFileSync(manifest, 'utf8');
  writeFileSync(BACKUP, text);
  writeFileSync(manifest, withoutPrepare(text));
}

const command = process.argv[2];
if (command === 'strip') strip();
else if (command === 'restore') restore();
else if (command !== undefined) {
  process.stderr.write(`usage: tsx test/tools/pack-manifest.ts strip|restore\n`);
  process.exit(2);
}
