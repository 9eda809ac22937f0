import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { logFileName, logFileText, saveLogs, saveLogStream } from '../../../src/state/logs/save.ts';
import type { LogLine } from '../../../src/state/logs/types.ts';

const dir = mkdtempSync(join(tmpdir(), 'berth-save-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const lines: LogLine[] = [
  { stream: 'stdout', text: 'hello \u001b[31mred\u001b[0m', time: '2026-11-23T03:00:00.000000001Z' },
  { stream: 'stderr', text: 'oops', time: '2026-11-23T03:00:01.5Z' },
  { stream: 'stdout', text: 'no time' },
];

test('the file holds the lines as written, stderr marked, with timestamps only when asked', () => {
  assert.equal(logFileText(lines, false), 'hello \u001b[31mred\u001b[0m\nstderr oops\nno time\n');
  assert.equal(logFileText(lines, true), '2026-11-23T03:00:00.000000001Z hello \u001b[31mred\u001b[0m\n2026-11-23T03:00:01.5Z stderr oops\nno time\n');
  assert.equal(logFileText([], true), '');
});

test('the file name is the container name made safe, and the local time', () => {
  const at = new Date(2026, 10, 23, 3, 4, 5);
  assert.equal(logFileName('web-1', at), 'web-1-20261123-030405.log');
  assert.equal(logFileName('api.1.x (api)', at), 'api.1.x_api_-20261123-030405.log');
  assert.equal(logFileName('../../etc/passwd', at), '_.._etc_passwd-20261123-030405.log');
  assert.equal(logFileName('', at), 'container-20261123-030405.log');
});

test('saving writes a new file and never overwrites one', async () => {
  const at = new Date(2026, 10, 23, 3, 4, 6);
  const path = await saveLogs(lines, { dir, containerName: 'web', timestamps: false, at });
  assert.equal(path, join(dir, 'web-20261123-030406.log'));
  assert.equal(readFileSync(path, 'utf8'), logFileText(lines, false));
  writeFileSync(join(dir, 'web-20261123-030407.log'), 'keep me');
  await assert.rejects(saveLogs(lines, { dir, containerName: 'web', timestamps: false, at: new Date(2026, 10, 23, 3, 4, 7) }), /EEXIST/);
  assert.equal(readFileSync(join(dir, 'web-20261123-030407.log'), 'utf8'), 'keep me');
});

test('a streamed save is the engine bytes as sent: a 70,000-byte line whole, CR CR LF kept, stderr lines marked', async () => {
  const long = Buffer.alloc(70_000, 0x6c);
  const chunks = [
    { stream: 'stdout' as const, data: long.subarray(0, 16_384) },
    { stream: 'stderr' as const, data: Buffer.from('warn\n') },
    { stream: 'stdout' as const, data: Buffer.concat([long.subarray(16_384), Buffer.from('\r\r\n\xff end\n', 'latin1')]) },
  ];
  const { path, lines } = await saveLogStream(
    async (onChunk) => {
      for (const chunk of chunks) if (!(await onChunk(chunk))) return;
    },
    { dir, containerName: 'bytes', timestamps: false, at: new Date(2026, 10, 23, 3, 4, 8) },
  );
  assert.equal(lines, 3);
  assert.ok(readFileSync(path).equals(Buffer.concat([long, Buffer.from('\r\r\n\xff end\nstderr warn\n', 'latin1')])));
});
