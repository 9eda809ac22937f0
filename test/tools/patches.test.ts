/**
 * What berth changes in its dependencies is in test/tools/patches (one diff per package and
 * version, made with patch-package), applied by `npm install` in `prepare`: the tests run the
 * patched packages, and the build bundles them. This checks each patch is in the installed files
 * the tests load: every line it adds is there, every line it removes is gone.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = `${root}test/tools/patches`;

interface FileChange {
  file: string;
  added: string[];
  removed: string[];
}

/** The files a unified diff changes, with the lines it adds and removes. */
function changes(diff: string): FileChange[] {
  const files: FileChange[] = [];
  let current: FileChange | undefined;
  for (const line of diff.split('\n')) {
    const header = /^\+\+\+ b\/(.+)$/.exec(line);
    if (header) {
      current = { file: header[1] ?? '', added: [], removed: [] };
      files.push(current);
    } else if (line.startsWith('--- ') || !current) continue;
    else if (line.startsWith('+')) current.added.push(line.slice(1));
    else if (line.startsWith('-')) current.removed.push(line.slice(1));
  }
  return files;
}

const patches = readdirSync(dir).filter((f) => f.endsWith('.patch'));

test('every patch names the version it was made for, and that version is installed', () => {
  assert.ok(patches.length > 0);
  for (const patch of patches) {
    const match = /^(.+)\+(\d+\.\d+\.\d+[^+]*)\.patch$/.exec(patch);
    assert.ok(match, `${patch}: patch-package's <name>+<version>.patch`);
    const name = (match[1] ?? '').replace('+', '/');
    const installed = (JSON.parse(readFileSync(`${root}node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;
    assert.equal(installed, match[2], `${name} is installed at the version its patch was made for`);
  }
});

for (const patch of patches) {
  test(`${patch} is in the installed files`, () => {
    for (const change of changes(readFileSync(`${dir}/${patch}`, 'utf8'))) {
      const text = readFileSync(`${root}${change.file}`, 'utf8');
      const lines = new Set(text.split('\n'));
      for (const line of change.added) assert.ok(lines.has(line), `${change.file} has the patch's line ${JSON.stringify(line)}`);
      // A removed line may legitimately occur elsewhere in the file (a closing brace): only the distinctive ones are checked.
      for (const line of change.removed.filter((l) => l.trim().length > 12 && !change.added.includes(l))) {
        assert.ok(!lines.has(line), `${change.file} no longer has ${JSON.stringify(line)}`);
      }
    }
  });
}

test('every library segments text as berth does: one berth-graphemes.js, with the test of src/app/input/graphemes.ts', () => {
  const copies = patches.flatMap((patch) => changes(readFileSync(`${dir}/${patch}`, 'utf8')).filter((c) => c.file.endsWith('/berth-graphemes.js')));
  assert.ok(copies.length >= 6, 'ink, string-width, wrap-ansi, cli-truncate, slice-ansi and ansi-tokenize each get one');
  const texts = new Set(copies.map((c) => readFileSync(`${root}${c.file}`, 'utf8')));
  assert.equal(texts.size, 1, 'the copies are the same file');
  const standalone = (text: string) => /^(?:export )?const STANDALONE = (.+);$/m.exec(text)?.[1];
  const berth = standalone(readFileSync(`${root}src/app/input/graphemes.ts`, 'utf8'));
  assert.ok(berth);
  assert.equal(standalone([...texts][0] ?? ''), berth);
});
