/**
 * Where one layer blob's bytes go as the image archive streams past: straight into a tar header
 * reader (an uncompressed layer, as `docker save` writes them), or through gunzip or zstd first
 * (an OCI layout may hold the registry's compressed blobs). Only the headers are kept, as a
 * LayerTree; the contents pass and are dropped. Writes wait for the decompressor (backpressure),
 * so a fast engine never piles bytes up in berth.
 */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type * as Zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import { TarHeaderReader } from '../files/tar-headers.ts';
import { LayerTreeBuilder, type LayerTree } from './layer-tree.ts';

export type LayerFormat = 'tar' | 'gzip' | 'zstd';

export interface LayerSink {
  write(data: Uint8Array): Promise<void> | undefined;
  end(): Promise<LayerTree>;
}

/** A layer's format from its first bytes; undefined: it is not a layer (a JSON file, the version…). */
export function sniffLayer(head: Uint8Array, size: number): LayerFormat | undefined {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd) return 'zstd';
  if (head.length >= 512 && Buffer.from(head.subarray(257, 262)).toString('latin1') === 'ustar') return 'tar';
  // An empty layer is only its end-of-archive blocks.
  if (size >= 1024 && head.length >= 512 && head.subarray(0, 512).every((b) => b === 0)) return 'tar';
  return undefined;
}

/** Node ≥ 22.15 has zstd in zlib; berth's own Node floor (22.19) has it, an older runtime says so. */
/** zlib on the first compressed layer, not as the bundle loads: a first screen needs none of it (test/e2e/first-run.test.ts). */
const zlib = (): typeof Zlib => process.getBuiltinModule('node:zlib');

function zstdDecompressor(): Transform {
  const make = (zlib() as { createZstdDecompress?: () => Transform }).createZstdDecompress;
  if (!make) throw new Error('this Node has no zstd: a zstd layer needs Node 22.15 or later');
  return make();
}

export function layerSink(format: LayerFormat): LayerSink {
  const builder = new LayerTreeBuilder();
  const reader = new TarHeaderReader({ header: (h) => builder.add(h) });
  if (format === 'tar')
    return {
      write: (data) => {
        if (!reader.ended) reader.push(data);
        return undefined;
      },
      end: () => Promise.resolve(builder.done()),
    };
  const decompress = format === 'gzip' ? zlib().createGunzip() : zstdDecompressor();
  let failure: unknown;
  decompress.on('data', (data: Buffer) => {
    if (reader.ended || failure !== undefined) return;
    try {
      reader.push(data);
    } catch (error) {
      failure = error;
    }
  });
  return {
    write: (data) => (decompress.write(data) ? undefined : once(decompress, 'drain').then(() => undefined)),
    end: async () => {
      decompress.end();
      await finished(decompress);
      if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
      return builder.done();
    },
  };
}
