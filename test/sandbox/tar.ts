/**
 * A minimal ustar writer: enough to hand `docker import` a root filesystem and `docker build`
 * a context straight from memory, without a staging directory or a system tar binary.
 */

export type TarEntry =
  | { type: 'file'; name: string; data: Buffer; mode?: number }
  | { type: 'dir'; name: string; mode?: number }
  | { type: 'symlink'; name: string; target: string };

const BLOCK = 512;

export function createTar(entries: readonly TarEntry[], mtime = Math.floor(Date.now() / 1000)): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const data = e.type === 'file' ? e.data : Buffer.alloc(0);
    parts.push(header(e, data.length, mtime));
    if (data.length > 0) {
      parts.push(data);
      const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
      if (pad) parts.push(Buffer.alloc(pad));
    }
  }
  parts.push(Buffer.alloc(BLOCK * 2)); // end-of-archive marker
  return Buffer.concat(parts);
}

function header(e: TarEntry, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  const name = e.type === 'dir' && !e.name.endsWith('/') ? `${e.name}/` : e.name;
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const defaultMode = e.type === 'dir' ? 0o755 : e.type === 'symlink' ? 0o777 : 0o644;
  const mode = e.type === 'symlink' ? 0o777 : (e.mode ?? defaultMode);
  h.write(name, 0, 100, 'utf8');
  octal(h, 100, 8, mode);
  octal(h, 108, 8, 0); // uid root
  octal(h, 116, 8, 0); // gid root
  octal(h, 124, 12, size);
  octal(h, 136, 12, mtime);
  h.write(e.type === 'file' ? '0' : e.type === 'symlink' ? '2' : '5', 156, 1, 'ascii');
  if (e.type === 'symlink') {
    if (Buffer.byteLength(e.target) > 100) throw new Error(`symlink target too long: ${e.target}`);
    h.write(e.target, 157, 100, 'utf8');
  }
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  h.write('root', 265, 32, 'ascii');
  h.write('root', 297, 32, 'ascii');
  // The checksum is computed with its own field read as eight spaces.
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return h;
}

function octal(buf: Buffer, offset: number, width: number, value: number): void {
  buf.write(`${value.toString(8).padStart(width - 1, '0')}\0`, offset, width, 'ascii');
}
