import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { runPager } from '../../src/main/pager.ts';

test('the pager gets the lines on its input and its exit code comes back; one that quits early is no failure', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'berth-pager-'));
  try {
    const out = join(dir, 'out.txt');
    assert.equal(await runPager(['one', 'two'], `cat > "${out}"`), 0);
    assert.equal(readFileSync(out, 'utf8'), 'one\ntwo\n');
    assert.equal(await runPager(Array.from({ length: 100_000 }, (_, i) => `line ${i}`), 'exit 3'), 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a streamed feed waits for the pager to read, and a pager that quits early stops the reading', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'berth-pager-'));
  try {
    const out = join(dir, 'out.txt');
    // All of it arrives, in order, through several writes.
    const code = await runPager(async (write) => {
      for (let chunk = 0; chunk < 50; chunk++) await write(Array.from({ length: 1000 }, (_, i) => `${chunk * 1000 + i}`));
    }, `cat > "${out}"`);
    assert.equal(code, 0);
    const lines = readFileSync(out, 'utf8').split('\n');
    assert.equal(lines.length, 50_001);
    assert.equal(lines[49_999], '49999');
    // `head -1` reads one line and goes: the writer is told (false) and the signal aborts, long
    // before 10 million lines (~90 MB) could have been written.
    let written = 0;
    let aborted = false;
    const first = join(dir, 'first.txt');
    assert.equal(
      await runPager(async (write, signal) => {
        signal.addEventListener('abort', () => (aborted = true));
        for (let chunk = 0; chunk < 10_000; chunk++) {
          if (!(await write(Array.from({ length: 1000 }, (_, i) => `line ${chunk * 1000 + i}`)))) break;
          written++;
        }
      }, `head -1 > "${first}"`),
      0,
    );
    assert.equal(readFileSync(first, 'utf8'), 'line 0\n');
    assert.ok(written < 10_000, `stopped after ${written} chunks`);
    assert.ok(aborted, 'the signal aborted');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
