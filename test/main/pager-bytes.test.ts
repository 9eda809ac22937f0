import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { runPager } from '../../src/main/pager.ts';

test('bytes written to the pager reach it exactly: no newline added, CR and invalid UTF-8 kept', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'berth-pager-bytes-'));
  try {
    const out = join(dir, 'out.bin');
    const bytes = [Buffer.from('tty line\r\r\n'), Buffer.alloc(70_000, 0x62), Buffer.from('\n\xff\xfe\n', 'latin1')];
    const code = await runPager(async (write) => {
      for (const chunk of bytes) await write(chunk);
    }, `cat > "${out}"`);
    assert.equal(code, 0);
    assert.ok(readFileSync(out).equals(Buffer.concat(bytes)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
