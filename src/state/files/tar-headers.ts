/**
 * The entry headers of a tar stream, with names as bytes. node-tar decodes every name as UTF-8,
 * which turns a byte that is not UTF-8 into U+FFFD for good: the browser then showed a name that
 * was not the file's, and could not open it. This reads only what a listing needs (ustar names
 * with their prefix, PAX `path`/`linkpath`/`size` records, GNU long names) and lets each entry's
 * contents pass without keeping them.
 */

export interface TarHeader {
  path: Buffer;
  linkpath?: Buffer;
  /** The typeflag: '0' a file, '5' a directory, '2' a symbolic link, '1' a hard link… */
  type: string;
  size: number;
  /** The permission bits (the layer explorer shows them). */
  mode?: number;
}

/** An extension record bigger than this is skipped, not read (names are never near it). */
const EXTENSION_CAP = 1024 * 1024;

type Pending = { kind: 'x' | 'g' | 'L' | 'K'; size: number; padded: number };

const padded = (size: number) => Math.ceil(size / 512) * 512;

/** The bytes of a NUL-ended field. */
function field(block: Buffer, start: number, length: number): Buffer {
  const slice = block.subarray(start, start + length);
  const end = slice.indexOf(0);
  return end < 0 ? slice : slice.subarray(0, end);
}

/** A numeric field: octal text, or base-256 when its first byte has the high bit (GNU, for big sizes). */
function numeric(block: Buffer, start: number, length: number): number {
  const slice = block.subarray(start, start + length);
  if (((slice[0] ?? 0) & 0x80) !== 0) {
    let n = (slice[0] ?? 0) & 0x7f;
    for (let i = 1; i < slice.length; i++) n = n * 256 + (slice[i] ?? 0);
    return n;
  }
  const text = field(block, start, length).toString('latin1').trim();
  return text === '' ? 0 : parseInt(text, 8);
}

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  return sum === numeric(block, 148, 8);
}

/** PAX records, `LEN key=value\n` each, the values as bytes. */
function paxRecords(body: Buffer): Map<string, Buffer> {
  const records = new Map<string, Buffer>();
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    if (space < 0) break;
    const length = parseInt(body.subarray(at, space).toString('latin1'), 10);
    if (!Number.isFinite(length) || length <= 0 || at + length > body.length) break;
    const record = body.subarray(space + 1, at + length - 1); // without the newline
    const equals = record.indexOf(0x3d);
    if (equals > 0) records.set(record.subarray(0, equals).toString('utf8'), Buffer.from(record.subarray(equals + 1)));
    at += length;
  }
  return records;
}

export interface ReaderHooks {
  /** Each header, as it completes (before its contents pass). */
  header?(header: TarHeader): void;
  /** The contents of the entry last headed, as they pass (padding left out). */
  contents?(data: Uint8Array): void;
}

export class TarHeaderReader {
  private parts: Buffer[] = [];
  private have = 0;
  private skip = 0;
  /** Of `skip`, the bytes that are the entry's contents (the rest is padding). */
  private data = 0;
  private pending: Pending | undefined;
  private next: { path?: Buffer; linkpath?: Buffer; size?: number } = {};
  private zeros = 0;
  /** The end-of-archive blocks came: nothing after them is read. */
  ended = false;

  constructor(private readonly hooks: ReaderHooks = {}) {}

  /** The headers that `chunk` completes, in order. Throws on what is not a tar. */
  push(chunk: Uint8Array): TarHeader[] {
    const found: TarHeader[] = [];
    let at = 0;
    while (at < chunk.length && !this.ended) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at);
        const data = Math.min(n, this.data);
        if (data > 0) this.hooks.contents?.(chunk.subarray(at, at + data));
        this.data -= data;
        this.skip -= n;
        at += n;
        continue;
      }
      const need = this.pending ? this.pending.padded : 512;
      const n = Math.min(need - this.have, chunk.length - at);
      this.parts.push(Buffer.from(chunk.subarray(at, at + n)));
      this.have += n;
      at += n;
      if (this.have < need) break;
      const block = Buffer.concat(this.parts, this.have);
      this.parts = [];
      this.have = 0;
      const pending = this.pending;
      this.pending = undefined;
      if (pending) this.extension(pending, block.subarray(0, pending.size));
      else {
        const header = this.header(block);
        if (header) {
          found.push(header);
          this.hooks.header?.(header);
        }
      }
    }
    return found;
  }

  private extension(pending: Pending, body: Buffer): void {
    if (pending.kind === 'L') this.next.path = field(body, 0, body.length);
    else if (pending.kind === 'K') this.next.linkpath = field(body, 0, body.length);
    else if (pending.kind === 'x') {
      const records = paxRecords(body);
      const path = records.get('path');
      const linkpath = records.get('linkpath');
      const size = records.get('size');
      if (path) this.next.path = path;
      if (linkpath) this.next.linkpath = linkpath;
      if (size) this.next.size = Number(size.toString('latin1'));
    }
    // 'g': global records hold nothing a listing needs.
  }

  private header(block: Buffer): TarHeader | undefined {
    if (block.every((b) => b === 0)) {
      if (++this.zeros >= 2) this.ended = true;
      return undefined;
    }
    this.zeros = 0;
    if (!checksumOk(block)) throw new Error('the engine’s archive is not a tar stream berth can read');
    const type = block[156] === 0 ? '0' : String.fromCharCode(block[156] ?? 0x30);
    const size = numeric(block, 124, 12);
    if (type === 'x' || type === 'g' || type === 'L' || type === 'K') {
      if (size > EXTENSION_CAP) this.skip = padded(size);
      else if (size > 0) this.pending = { kind: type, size, padded: padded(size) };
      return undefined;
    }
    const name = field(block, 0, 100);
    // POSIX ustar ("ustar\0" "00") has a prefix field; old GNU ("ustar  \0") has other things there.
    const posix = block.subarray(257, 263).toString('latin1') === 'ustar\0';
    const prefix = posix ? field(block, 345, 155) : Buffer.alloc(0);
    const path = this.next.path ?? (prefix.length > 0 ? Buffer.concat([prefix, Buffer.from('/'), name]) : name);
    const link = this.next.linkpath ?? field(block, 157, 100);
    const entrySize = this.next.size ?? size;
    this.next = {};
    // Links, devices, directories and FIFOs carry no contents whatever their size field says (Go's archive/tar isHeaderOnlyType).
    this.skip = '123456'.includes(type) ? 0 : padded(entrySize);
    this.data = this.skip === 0 ? 0 : entrySize;
    return { path, type, size: entrySize, mode: numeric(block, 100, 8) & 0o7777, ...(link.length > 0 && { linkpath: link }) };
  }
}
