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
