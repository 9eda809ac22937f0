/**
 * The layer explorer's work: the image's size first (over ssh or tcp, a big archive is asked
 * about before a byte of it moves), then its archive read as it streams (state/layers), the
 * first layer shown as soon as it is read, the progress at most every PROGRESS_MS, and the
 * whole analysis at the end. Closing the view aborts the read, which closes the engine's stream.
 */
import { readImageArchive, type ArchiveLayer, type ImageArchive } from '../../state/layers/image-archive.ts';
import { analyseLayers, type LayerAnalysis } from '../../state/layers/layer-analysis.ts';
import type { LayersReply } from '../commands.ts';
import { formatBytes } from '../format/index.ts';
import { analysisLines, firstLayerLines } from '../views/layer-lines.ts';
import { failure, type HandlerTable, type RunnerEnv } from './work.ts';

/** How often the progress line is redrawn while the archive streams (a person sees no faster). */
const PROGRESS_MS = 250;

type Load = { overlay: number; imageId: string; askAbove: number };

/**
 * The analysis of an archive read whole, in a frame of its own: once it returns, the layers'
 * trees can go while the lines are made (with 50,000 paths, they and the lines were the peak).
 */
async function analysed(read: () => Promise<ImageArchive>): Promise<{ analysis: LayerAnalysis; bytes: number }> {
  const archive = await read();
  return { analysis: analyseLayers(archive.layers, archive.steps), bytes: archive.bytes };
}

async function explore(c: Load, env: RunnerEnv, signal: AbortSignal): Promise<void> {
  const { client } = env;
  const send = (result: LayersReply) => env.dispatch({ type: 'view', overlay: c.overlay, result });
  const inspect = await client.inspectImage(c.imageId, signal);
  const size = typeof inspect.Size === 'number' ? inspect.Size : undefined;
  const tags = Array.isArray(inspect.RepoTags) ? inspect.RepoTags.filter((t): t is string => typeof t === 'string') : [];
  const title = tags[0] ?? c.imageId.replace(/^sha256:/, '').slice(0, 12);
  const over = client.endpoint.kind === 'unix' ? undefined : client.endpoint.kind;
  if (over && size !== undefined && size > c.askAbove) {
    send({ kind: 'layers-ask', bytes: size, over });
    return;
  }
  const moving = over ? ` over ${over}` : '';
  const of = size === undefined ? '' : ` of ~${formatBytes(size)}`;
  let layers = 0;
  let preview: readonly string[] | undefined;
  let last = 0;
  const progress = (bytes: number, force = false) => {
    const now = Date.now();
    if (!force && now - last < PROGRESS_MS) return;
    last = now;
    send({ kind: 'layers-progress', reading: `reading the image’s archive${moving}: ${formatBytes(bytes)}${of} · ${layers} layer${layers === 1 ? '' : 's'} read`, ...(preview && { lines: preview }) });
  };
  let read = 0;
  progress(0, true);
  const reading = () =>
    readImageArchive(client.imageArchive(c.imageId, signal), {
      layer: (layer: ArchiveLayer) => {
        layers += 1;
        if (layers === 1) {
          preview = firstLayerLines(layer, 1);
          progress(read, true);
        }
      },
      progress: (bytes) => {
        read = bytes;
        progress(bytes);
      },
    });
  const { analysis, bytes } = await analysed(reading);
  send({ kind: 'layers-done', lines: analysisLines(title, analysis, bytes) });
}

export const layerHandlers: HandlerTable<'layers-load'> = {
  'layers-load': (c, env) => {
    const { signal } = env.work(c.overlay).abort;
    explore(c, env, signal).catch((error: unknown) => {
      const message = failure(error, signal);
      if (message !== undefined) env.dispatch({ type: 'view', overlay: c.overlay, result: { kind: 'layers-failed', message } });
    });
  },
};
