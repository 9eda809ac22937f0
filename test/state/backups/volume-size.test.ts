/**
 * A volume export's total: the bar's arithmetic (the files' measure and the tar's end, and a
 * total that keeps ahead of what passed once the tar's headers outgrow the measure), `du -sb`'s
 * answer read, the du helper removed however it ends, and the Transfers row that results: a bar
 * and an ETA once the measure is known, bytes and a rate before.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineText, pullBlockLines } from '../../../src/app/rows/pull-rows.ts';
import { exportTotal, parseDu, volumeSizeByDu, type SizerClient } from '../../../src/state/backups/volume-size.ts';
import { PullManager } from '../../../src/state/pulls/pull-manager.ts';

test('the bar’s total: the measure and the tar’s end; past it, 1 % ahead of what passed; none without a measure', () => {
  const cases: Array<[number | undefined, number, number | undefined]> = [
    [undefined, 0, undefined],
    [undefined, 5_000, undefined],
    [Number.NaN, 5_000, undefined],
    [-1, 5_000, undefined],
    [0, 0, 1024],
    [4_000_000, 0, 4_001_024],
    [4_000_000, 2_000_000, 4_001_024],
    [4_000_000, 4_001_023, 4_001_024],
    // Past the estimate (every entry's header): the total keeps ahead, the bar short of its end.
    [4_000_000, 4_001_024, 4_041_035],
    [4_000_000, 4_500_000, 4_545_000],
  ];
  for (const [measured, passed, total] of cases) assert.equal(exportTotal(measured, passed), total, `${measured} measured, ${passed} passed`);
  // Whatever passed, the total is above it: the ETA never goes below zero.
  for (let passed = 0; passed < 10_000_000; passed += 333_333) assert.ok((exportTotal(4_000_000, passed) ?? 0) > passed);
});

test('du -sb’s answer: busybox’s and coreutils’ “BYTES<tab>PATH”; anything else is no total', () => {
  assert.equal(parseDu('41943183\t/v\n'), 41_943_183);
  assert.equal(parseDu('0\t/v\n'), 0);
  assert.equal(parseDu('  12 /v'), 12);
  assert.equal(parseDu('du: invalid option -- b\n'), undefined);
  assert.equal(parseDu(''), undefined);
  assert.equal(parseDu('99999999999999999999\t/v'), undefined);
});

/** A fake engine for the du helper: what was called, in order; the container's exit and output. */
function fakeSizer(exit: { code: number; out: string } | 'hang'): { client: SizerClient; calls: string[] } {
  const calls: string[] = [];
  const client = {
    createContainer: async (config: { Cmd?: string[]; HostConfig?: { Binds?: string[] } }) => {
      calls.push(`create ${config.Cmd?.join(' ')} ${config.HostConfig?.Binds?.join(' ')}`);
      return { Id: 'h1', Warnings: [] };
    },
    startContainer: async () => void calls.push('start'),
    waitContainer: (_id: string, _condition: unknown, signal?: AbortSignal) =>
      exit === 'hang'
        ? new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('cancelled'))))
        : Promise.resolve({ StatusCode: exit.code }),
    logs: async function* () {
      if (exit !== 'hang') yield { stream: 'stdout' as const, data: Buffer.from(exit.out) };
    },
    removeContainer: async (id: string) => void calls.push(`rm ${id}`),
  } as unknown as SizerClient;
  return { client, calls };
}

test('du runs in a read-only helper of its own, removed however it ends', async () => {
  const done = fakeSizer({ code: 0, out: '5000\t/v\n' });
  assert.equal(await volumeSizeByDu(done.client, 'data', 'busybox', new AbortController().signal), 5000);
  assert.deepEqual(done.calls, ['create du -sb /v data:/v:ro', 'start', 'rm h1']);

  const noDu = fakeSizer({ code: 127, out: '' });
  assert.equal(await volumeSizeByDu(noDu.client, 'data', 'scratch-app', new AbortController().signal), undefined);
  assert.deepEqual(noDu.calls.at(-1), 'rm h1');

  const cancel = new AbortController();
  const hang = fakeSizer('hang');
  const sizing = volumeSizeByDu(hang.client, 'data', 'busybox', cancel.signal);
  await new Promise((r) => setImmediate(r));
  cancel.abort();
  assert.equal(await sizing, undefined);
  assert.deepEqual(hang.calls, ['create du -sb /v data:/v:ro', 'start', 'rm h1']);
});

test('the Transfers row: bytes and a rate until the measure comes, then a bar and an ETA that stay short of the end', async () => {
  let clock = 0;
  const pulls = new PullManager({ client: { pullImage: () => (async function* () {})(), resolveCredentials: () => Promise.reject(new Error('unused')) } as never, throttleMs: 0, now: () => clock });
  const seen: string[] = [];
  let measured: number | undefined;
  let id = '';
  const shown = () => pullBlockLines(pulls.get(id)!, { width: 100, nowMs: clock }).map(lineText).join('\n');
  id = pulls.startTransfer({
    title: 'volume data → ./data.tar',
    words: { running: 'exporting', done: 'exported' },
    phase: 'Writing',
    run: async (report) => {
      await new Promise((r) => setImmediate(r));
      const at = (n: number) => report.bytes(n, exportTotal(measured, n));
      at(0);
      clock = 1000;
      at(1_000_000);
      seen.push(shown());
      measured = 4_000_000; // du answered
      clock = 2000;
      at(2_000_000);
      seen.push(shown());
      clock = 3000;
      at(4_500_000);
      seen.push(shown());
      return 'wrote ./data.tar';
    },
  });
  assert.equal((await pulls.settled(id))?.status, 'done');
  const [before, half, past] = seen;
  assert.match(before ?? '', /size not known ahead/);
  assert.doesNotMatch(before ?? '', /ETA/);
  assert.match(half ?? '', /ETA 0:0[23] +█+░+ +2MB\/4MB/);
  assert.match(past ?? '', /ETA 0:0[01] +█+[▏▎▍▌▋▊▉]? +4\.5MB\/4\.54MB/);
  pulls.stop();
});
