/**
 * Paths in a container are bytes, not text: a file may be named with bytes that are not UTF-8
 * (`printf 'x' > "$(printf 'bad\377utf8')"`). Berth keeps such a path as a string in which each
 * byte that is not part of valid UTF-8 stands as one lone surrogate, U+DC80–U+DCFF (the way
 * Python's "surrogateescape" does): the path joins, splits and compares as any other string, and
 * turns back into the very bytes when it is sent to the engine.
 *
 * What counts as valid is Go's rule (unicode/utf8 DecodeRune), since the engine is Go: no overlong
 * forms, no encoded surrogates, nothing above U+10FFFF; each byte of an invalid sequence is
 * invalid on its own. Go's JSON encoder writes each such byte as one U+FFFD, which is how the
 * engine's JSON answers (`/containers/{id}/changes`) name these paths: `asEngineJson`.
 */

const ESCAPE_BASE = 0xdc00;

/** The length of the valid UTF-8 sequence at `i`, or 0. */
function sequenceAt(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i] ?? 0;
  if (b0 < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => {
    const b = bytes[i + k];
    return b !== undefined && b >= lo && b <= hi;
  };
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if (b0 === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (b0 >= 0xe1 && b0 <= 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (b0 === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (b0 === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  if (b0 >= 0xf1 && b0 <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

/** A path's bytes as berth keeps the path: UTF-8 decoded, each invalid byte a lone surrogate. */
export function decodePathBytes(bytes: Uint8Array): string {
  let out = '';
  let run = 0; // start of the current run of valid bytes
  let i = 0;
  const flush = (end: number) => {
    if (end > run) out += Buffer.from(bytes.buffer, bytes.byteOffset + run, end - run).toString('utf8');
  };
  while (i < bytes.length) {
    const n = sequenceAt(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    flush(i);
    out += String.fromCharCode(ESCAPE_BASE + (bytes[i] ?? 0));
    i += 1;
    run = i;
  }
  flush(i);
  return out;
}

const isEscape = (c: number) => c >= ESCAPE_BASE + 0x80 && c <= ESCAPE_BASE + 0xff;

/** Whether a path holds bytes that are not UTF-8. */
export function hasRawBytes(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (isEscape(c) && !isPairedLow(path, i)) return true;
  }
  return false;
}

/** A low surrogate that ends a proper pair is a character, not an escaped byte. */
function isPairedLow(s: string, i: number): boolean {
  const before = i > 0 ? s.charCodeAt(i - 1) : 0;
  return before >= 0xd800 && before <= 0xdbff;
}

/** The path's bytes, the escaped ones as they were. */
export function encodePathBytes(path: string): Buffer {
  const parts: Buffer[] = [];
  let run = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (!isEscape(c) || isPairedLow(path, i)) continue;
    parts.push(Buffer.from(path.slice(run, i), 'utf8'), Buffer.of(c - ESCAPE_BASE));
    run = i + 1;
  }
  parts.push(Buffer.from(path.slice(run), 'utf8'));
  return Buffer.concat(parts);
}

function mapEscapes(path: string, each: (byte: number) => string): string {
  let out = '';
  let run = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (!isEscape(c) || isPairedLow(path, i)) continue;
    out += path.slice(run, i) + each(c - ESCAPE_BASE);
    run = i + 1;
  }
  return run === 0 ? path : out + path.slice(run);
}

/** The path as the engine's JSON writes it: each invalid byte a U+FFFD (Go's encoding/json). */
export function asEngineJson(path: string): string {
  return mapEscapes(path, () => '\ufffd');
}

/** The path for reading: each invalid byte as `\xff`. */
export function printablePath(path: string): string {
  return mapEscapes(path, (byte) => `\\x${byte.toString(16).padStart(2, '0')}`);
}
