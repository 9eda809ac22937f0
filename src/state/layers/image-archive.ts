/**
 * Reads an image archive (`GET /images/{name}/get`, what `docker save` writes) as it streams,
 * never holding it: the outer tar's headers are read (tar-headers.ts), each layer blob goes
 * through a LayerSink into its tree as it passes, and only the small JSON files (manifests, the
 * config) are kept whole. Both layouts:
 *
 * - the legacy one (`manifest.json`: `Layers` are paths such as `<id>/layer.tar`, `Config` a path);
 * - the OCI one that Docker ≥ 25 writes (`index.json` → a manifest blob → `layers[].digest`, each
 *   a `blobs/sha256/<hex>`; Docker also writes a `manifest.json` naming those blob paths).
 *
 * The order of the layers is the manifest's, and the manifest may come after the blobs, so each
 * blob's tree is kept by its path and ordered at the end. Links between entries (older saves
 * link a repeated layer to the first copy) are followed.
 */
import { posix } from 'node:path';
import { decodePathBytes } from '../../engine/path-bytes.ts';
import { TarHeaderReader, type TarHeader } from '../files/tar-headers.ts';
import { cleanPath, type LayerTree } from './layer-tree.ts';
import { layerSink, sniffLayer, type LayerSink } from './layer-sink.ts';

/** A JSON file bigger than this is not a manifest or a config berth needs: skipped. */
const JSON_CAP = 8 * 1024 * 1024;
const SNIFF = 512;

export interface ArchiveLayer {
  /** Its path in the archive (`blobs/sha256/…` or `<id>/layer.tar`). */
  path: string;
  tree: LayerTree;
  /** The blob's size in the archive (compressed when the blob is). */
  blobBytes: number;
}

export interface HistoryStep {
  createdBy: string;
  created?: string;
  comment?: string;
}

export interface ImageArchive {
  /** Bottom first, in the manifest's order. */
  layers: ArchiveLayer[];
  /** Per layer, the step that made it (the config's history without its empty steps), when the config says. */
  steps: (HistoryStep | undefined)[];
  /** The archive's bytes read. */
  bytes: number;
}

export interface ArchiveHooks {
  /** A layer blob was read whole (in the archive's order, before the manifest may have come). */
  layer?(layer: ArchiveLayer): void;
  /** Bytes of the archive read so far. */
  progress?(bytes: number): void;
}

type Current = { path: string; size: number; head: Buffer[]; headBytes: number; sink?: LayerSink; json?: Buffer[]; skip: boolean };

type Op = { header: TarHeader } | { data: Uint8Array };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function readImageArchive(chunks: AsyncIterable<Uint8Array>, hooks: ArchiveHooks = {}): Promise<ImageArchive> {
  const trees = new Map<string, ArchiveLayer>();
  const jsons = new Map<string, Buffer>();
  const links = new Map<string, string>();
  let current: Current | undefined;
  let ops: Op[] = [];
  const reader = new TarHeaderReader({ header: (header) => ops.push({ header }), contents: (data) => ops.push({ data }) });

  const finish = async () => {
    const entry = current;
    current = undefined;
    if (!entry) return;
    if (!entry.sink && !entry.skip && entry.json === undefined) await decide(entry); // shorter than the sniff
    if (entry.sink) {
      const layer = { path: entry.path, tree: await entry.sink.end(), blobBytes: entry.size };
      trees.set(entry.path, layer);
      hooks.layer?.(layer);
    } else if (entry.json) jsons.set(entry.path, Buffer.concat(entry.json));
  };
  const decide = async (entry: Current) => {
    const head = Buffer.concat(entry.head);
    entry.head = [];
    const format = sniffLayer(head, entry.size);
    if (format) {
      entry.sink = layerSink(format);
      await entry.sink.write(head);
    } else if ((head[0] === 0x7b || head[0] === 0x5b) && entry.size <= JSON_CAP) {
      entry.json = [head];
    } else entry.skip = true;
  };
  const take = async (data: Uint8Array) => {
    const entry = current;
    if (!entry || entry.skip) return;
    if (entry.sink) return entry.sink.write(data);
    if (entry.json) {
      entry.json.push(Buffer.from(data));
      return;
    }
    entry.head.push(Buffer.from(data));
    entry.headBytes += data.byteLength;
    if (entry.headBytes >= Math.min(SNIFF, entry.size)) await decide(entry);
  };

  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.byteLength;
    reader.push(chunk);
    const todo = ops;
    ops = [];
    for (const op of todo) {
      if ('data' in op) await take(op.data);
      else {
        await finish();
        const path = cleanPath(decodePathBytes(op.header.path));
        if (op.header.type === '2' || op.header.type === '1') {
          const target = decodePathBytes(op.header.linkpath ?? Buffer.alloc(0));
          links.set(path, cleanPath(op.header.type === '2' ? posix.join(posix.dirname(path), target) : target));
        } else if (op.header.type === '0' || op.header.type === '7') current = { path, size: op.header.size, head: [], headBytes: 0, skip: op.header.size === 0 };
      }
    }
    hooks.progress?.(bytes);
    if (reader.ended) break;
  }
  await finish();
  return { ...ordered(trees, jsons, links), bytes };
}

function resolver(links: Map<string, string>) {
  return (path: string): string => {
    let at = cleanPath(path);
    for (let hops = 0; hops < 16 && links.has(at); hops++) at = links.get(at) ?? at;
    return at;
  };
}

const blobPath = (digest: unknown) => (typeof digest === 'string' ? `blobs/${digest.replace(':', '/')}` : '');

function parse(jsons: Map<string, Buffer>, path: string): unknown {
  const text = jsons.get(path);
  if (!text) return undefined;
  try {
    return JSON.parse(text.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The layer paths and the config path, from `manifest.json`, else from `index.json` and its manifest. */
function manifestOf(jsons: Map<string, Buffer>, resolve: (path: string) => string): { layers: string[]; config?: string } {
  const legacy = parse(jsons, 'manifest.json');
  const first = Array.isArray(legacy) ? (legacy[0] as unknown) : undefined;
  if (isObject(first) && Array.isArray(first.Layers)) {
    return { layers: first.Layers.filter((l): l is string => typeof l === 'string').map(resolve), ...(typeof first.Config === 'string' && { config: resolve(first.Config) }) };
  }
  let node = parse(jsons, 'index.json');
  // An index may name another index (a multi-platform image): follow the first manifest down.
  for (let depth = 0; depth < 4 && isObject(node); depth++) {
    if (Array.isArray(node.layers)) {
      const config = isObject(node.config) ? blobPath(node.config.digest) : '';
      return { layers: node.layers.map((l) => resolve(blobPath(isObject(l) ? l.digest : undefined))), ...(config && { config: resolve(config) }) };
    }
    const manifests = Array.isArray(node.manifests) ? node.manifests : [];
    const next = manifests[0] as unknown;
    node = isObject(next) ? parse(jsons, resolve(blobPath(next.digest))) : undefined;
  }
  return { layers: [] };
}

/** The config's history, one step per layer (the steps marked `empty_layer` made none). */
function stepsOf(config: unknown, count: number): (HistoryStep | undefined)[] {
  const history = isObject(config) && Array.isArray(config.history) ? config.history : [];
  const steps: HistoryStep[] = [];
  for (const h of history) {
    if (!isObject(h) || h.empty_layer === true) continue;
    steps.push({ createdBy: typeof h.created_by === 'string' ? h.created_by : '', ...(typeof h.created === 'string' && { created: h.created }), ...(typeof h.comment === 'string' && { comment: h.comment }) });
  }
  return Array.from({ length: count }, (_, i) => steps[i]);
}

function ordered(trees: Map<string, ArchiveLayer>, jsons: Map<string, Buffer>, links: Map<string, string>): Omit<ImageArchive, 'bytes'> {
  const resolve = resolver(links);
  const manifest = manifestOf(jsons, resolve);
  // No manifest berth can read: the blobs in the archive's order, which is the best there is.
  const paths = manifest.layers.length > 0 ? manifest.layers : [...trees.keys()];
  const empty: LayerTree = { entries: [], opaque: [], bytes: 0 };
  const layers = paths.map((path) => trees.get(path) ?? { path, tree: empty, blobBytes: 0 });
  return { layers, steps: stepsOf(manifest.config ? parse(jsons, manifest.config) : undefined, layers.length) };
}
