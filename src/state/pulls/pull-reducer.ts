/**
 * One pull as the engine reports it, folded message by message. Pure: the manager feeds it
 * the stream and the clock, tests feed it recorded streams and made-up times.
 *
 * The rules follow the docker CLI's renderer (client/pkg/jsonmessage): a message with a layer
 * id and a `progressDetail` (even `{}`) rewrites that layer's row, rows keep the order in
 * which ids first appeared, and anything else ("latest: Pulling from …", "Digest: …",
 * "Status: …") is a plain line. Bars come from `progressDetail.current/total` only; the
 * pre-rendered `progress` string is never read (API 1.52 dropped it).
 *
 * Strings are stored as the engine sent them (cut to a sane length); the UI sanitizes them.
 *
 * A push streams the same messages with its own words (Preparing, Pushing with bytes, Pushed,
 * Layer already exists, Mounted from …): one model, so a push gets the same bars.
 */
import type { PullMessage } from '../../engine/types.ts';

export type PullStatus = 'running' | 'done' | 'error' | 'cancelled';

export interface LayerState {
  /** The short layer id the engine uses (12 hex digits for Docker). */
  readonly id: string;
  /** The engine's words: "Downloading", "Pull complete", "Retrying in 5 seconds", … */
  readonly phase: string;
  /** From the latest message's progressDetail; undefined when it carried none. */
  readonly current?: number;
  /** Undefined when unknown (the engine sends 0 or -1, or nothing). */
  readonly total?: number;
  /** Set when `current`/`total` are not bytes, e.g. "s" for containerd's extraction time. */
  readonly units?: string;
  /** The engine asks not to print the numbers. */
  readonly hidecounts?: boolean;
  /** Bytes per second of the current phase, smoothed over successive samples. */
  readonly rate?: number;
  /** Pull complete, Already exists, or the whole pull succeeded. */
  readonly done: boolean;
  /** Compressed size, learnt from Downloading's total: what the overall bar counts. */
  readonly size?: number;
  /** Bytes downloaded so far; equals `size` once the download is over. */
  readonly downloaded: number;
  /** Where the rate is measured from: a time and the `current` then. */
  readonly sampleAt?: number;
  readonly sampleCurrent?: number;
  /** When the latest message about this layer came (ms, the reducer's clock). */
  readonly updatedAt?: number;
}

/**
 * A transfer that is not a pull (a save, a load, an export, a restore): its words, and its bytes
 * as one row (TRANSFER_ROW) whose bar, rate and ETA the block draws as a layer's.
 */
export interface TransferWords {
  /** 'saving', 'exporting'. */
  readonly running: string;
  /** 'saved', 'exported'. */
  readonly done: string;
}

export interface PullState {
  readonly id: string;
  /** A push (`P` in the Images pane), or another transfer (a backup), rather than a pull. */
  readonly kind?: 'push' | 'transfer';
  /** A transfer's words (kind 'transfer'). */
  readonly words?: TransferWords;
  /** As the user typed it (familiar form, e.g. "busybox" or "localhost:5000/app:1"). */
  readonly reference: string;
  /** What was sent to the engine: "docker.io/library/busybox" and "latest". */
  readonly fromImage: string;
  readonly tag: string;
  /** The engine it runs on (its label, as the status bar names it): pulls outlive an engine switch. */
  readonly engine?: string;
  readonly status: PullStatus;
  readonly startedAt: number;
  /** When the latest message of any kind came (the start until the first one): what a stall is measured from. */
  readonly lastMessageAt: number;
  readonly endedAt?: number;
  /** Lines before the layers: "Using default tag: latest", "latest: Pulling from library/busybox". */
  readonly header: readonly string[];
  /** Lines after them: "Digest: sha256:…", "Status: Downloaded newer image for …". */
  readonly footer: readonly string[];
  /** The engine's or registry's message when status is 'error'. */
  readonly error?: string;
  /** Layer ids in order of first appearance. */
  readonly layerIds: readonly string[];
  readonly layers: ReadonlyMap<string, LayerState>;
}

export interface PullTotals {
  /** Downloaded bytes of the layers whose size is known. */
  readonly bytesDone: number;
  /** Sum of the known layer sizes; grows as layers start downloading. */
  readonly bytesKnown: number;
  readonly layersDone: number;
  readonly layersTotal: number;
  /** Sum of the download rates of the layers downloading now, while running. */
  readonly rate?: number;
}

export type PullOutcome = { status: 'done' } | { status: 'error'; message: string } | { status: 'cancelled' };

/** Bounds on what a misbehaving engine can make us keep. */
const MAX_TEXT_LINES = 20;
const MAX_TEXT_LENGTH = 1000;
const MAX_LAYERS = 1000;
/** Rates are measured over at least this long: several messages often arrive in one chunk. */
const RATE_WINDOW_MS = 250;
/** Weight of the newest sample; the rest is the previous rate, so the figure does not flicker. */
const RATE_SMOOTHING = 0.5;

/** The phases of a transfer's own bytes row (state/pulls/transfers.ts): bytes read, written or sent. */
export const TRANSFER_BYTE_PHASES = ['Reading', 'Writing', 'Sending'] as const;
/** The id of a transfer's bytes row. */
export const TRANSFER_ROW = 'bytes';

const DONE_PHASES = new Set(['Pull complete', 'Already exists', 'Pushed', 'Layer already exists', 'Read', 'Written', 'Sent']);
/** A push that found the layer in another repository of the registry: done, nothing sent. */
const MOUNTED = /^Mounted from /;
/** Phases after which a layer's download is over, so its downloaded bytes equal its size. */
const DOWNLOADED_PHASES = new Set(['Verifying Checksum', 'Download complete', 'Extracting', 'Pull complete', 'Pushed', 'Read', 'Written', 'Sent']);
/** The phases whose bytes are the transfer itself: what the overall bar counts. */
const TRANSFER_PHASES = new Set<string>(['Downloading', 'Pushing', ...TRANSFER_BYTE_PHASES]);
/** Phases whose numbers are byte counts moving at a rate worth showing. */
export const RATE_PHASES = new Set<string>(['Downloading', 'Extracting', 'Pushing', ...TRANSFER_BYTE_PHASES]);
/** Layer phases recognised even on an engine that omits progressDetail on state changes. */
const LAYER_PHASE =
  /^(Waiting|Pulling fs layer|Downloading|Verifying Checksum|Download complete|Extracting|Pull complete|Already exists|Retrying in \d+ seconds?|Preparing|Pushing|Pushed|Layer already exists|Mounted from .+)$/;
const FOOTER_LINE = /^(Digest|Status):/;

export function createPull(init: {
  id: string;
  reference: string;
  fromImage: string;
  tag: string;
  /** No tag was typed: say so first, as `docker pull` does. */
  impliedLatest?: boolean;
  startedAt: number;
  engine?: string;
  kind?: 'push' | 'transfer';
  words?: TransferWords;
}): PullState {
  return {
    id: init.id,
    ...(init.kind && { kind: init.kind }),
    ...(init.words && { words: init.words }),
    reference: init.reference,
    fromImage: init.fromImage,
    tag: init.tag,
    ...(init.engine === undefined ? {} : { engine: init.engine }),
    status: 'running',
    startedAt: init.startedAt,
    lastMessageAt: init.startedAt,
    header: init.impliedLatest ? ['Using default tag: latest'] : [],
    footer: [],
    layerIds: [],
    layers: new Map(),
  };
}

/** Folds one decoded message into the pull. Messages after the pull ended change nothing. */
export function foldPullMessage(state: PullState, message: PullMessage, nowMs: number): PullState {
  if (state.status !== 'running' || message === null || typeof message !== 'object') return state;
  // Any message, even one with nothing to show, is news that the pull is alive.
  return foldContent(state.lastMessageAt === nowMs ? state : { ...state, lastMessageAt: nowMs }, message, nowMs);
}

function foldContent(state: PullState, message: PullMessage, nowMs: number): PullState {
  const failure = text(message.errorDetail?.message) || text(message.error);
  if (failure) return finishPull(state, { status: 'error', message: failure }, nowMs);

  // Plain output ("Loaded image: …") is a line as a status is.
  const status = text(message.status) || text(message.stream).trim();
  const id = text(message.id);
  const detail = isObject(message.progressDetail) ? message.progressDetail : undefined;
  if (id && id !== state.tag && (detail !== undefined || LAYER_PHASE.test(status))) {
    return foldLayer(state, id, status, detail ?? {}, nowMs);
  }
  if (!status) return state; // aux, or an empty message: nothing to show
  // The docker CLI prints "<id>: <status>", which gives "latest: Pulling from library/nginx".
  const line = clip(id ? `${id}: ${status}` : status);
  const isFooter = state.layerIds.length > 0 || state.footer.length > 0 || FOOTER_LINE.test(status);
  if (isFooter) return { ...state, footer: [...state.footer, line].slice(-MAX_TEXT_LINES) };
  if (state.header.length >= MAX_TEXT_LINES) return state;
  return { ...state, header: [...state.header, line] };
}

/** Ends a running pull. On success every layer counts as done and the full name is added, as the CLI prints it. */
export function finishPull(state: PullState, outcome: PullOutcome, nowMs: number): PullState {
  if (state.status !== 'running') return state;
  const ended = { ...state, endedAt: nowMs };
  switch (outcome.status) {
    case 'error':
      return { ...ended, status: 'error', error: clip(outcome.message) };
    case 'cancelled':
      return { ...ended, status: 'cancelled' };
    case 'done': {
      const layers = new Map<string, LayerState>();
      for (const [id, layer] of state.layers) layers.set(id, layer.done ? layer : { ...layer, done: true, rate: undefined });
      // A transfer's last line is its own (its run says what it made).
      if (state.kind === 'transfer') return { ...ended, status: 'done', layers };
      const separator = state.tag.includes(':') ? '@' : ':';
      const footer = [...state.footer, `${state.fromImage}${separator}${state.tag}`].slice(-MAX_TEXT_LINES);
      return { ...ended, status: 'done', layers, footer };
    }
  }
}

/** The overall figure: bytes done over bytes known across layers, and layers done over all. */
export function pullTotals(state: PullState): PullTotals {
  let bytesDone = 0;
  let bytesKnown = 0;
  let layersDone = 0;
  let rate: number | undefined;
  for (const id of state.layerIds) {
    const layer = state.layers.get(id);
    if (!layer) continue;
    if (layer.done) layersDone += 1;
    if (layer.size !== undefined) {
      bytesKnown += layer.size;
      bytesDone += Math.min(layer.downloaded, layer.size);
    }
    if (state.status === 'running' && TRANSFER_PHASES.has(layer.phase) && layer.rate !== undefined) rate = (rate ?? 0) + layer.rate;
  }
  return { bytesDone, bytesKnown, layersDone, layersTotal: state.layerIds.length, ...(rate !== undefined && { rate }) };
}

/** How long a pull may go without a message before it counts as stalled (what the user saw: 10 s of a bare spinner). */
export const STALL_AFTER_MS = 10_000;

/** Phases in which a layer waits on the registry; after them the work (checksum, unpacking) is the engine's own. */
const REGISTRY_PHASE = /^(Waiting|Pulling fs layer|Downloading|Retrying in \d+ seconds?)$/;

export interface PullStall {
  /** Whole seconds since the last message. */
  readonly seconds: number;
  /**
   * Whose turn it is: the registry's while a layer (or the manifest, before any layer) still has
   * to come from it, the engine's when all that is left is local work (verifying, unpacking).
   */
  readonly waitingOn: 'registry' | 'engine';
}

/** The running pull has had no message for `afterMs` or longer: how long, and who is silent. Pure: the caller brings the clock. */
export function pullStall(state: PullState, nowMs: number, afterMs = STALL_AFTER_MS): PullStall | undefined {
  if (state.status !== 'running') return undefined;
  const quiet = nowMs - state.lastMessageAt;
  if (quiet < afterMs) return undefined;
  const pending = state.layerIds.map((id) => state.layers.get(id)).filter((layer): layer is LayerState => layer !== undefined && !layer.done);
  const registry = pending.length === 0 || pending.some((layer) => REGISTRY_PHASE.test(layer.phase));
  return { seconds: Math.floor(quiet / 1000), waitingOn: registry ? 'registry' : 'engine' };
}

/**
 * Whole seconds a layer that is downloading or unpacking has gone without a message, once that
 * is `afterMs` or more (other layers may be moving meanwhile: this one is stuck). Layers that
 * are done, or only queued ("Waiting"), do not stall.
 */
export function layerStall(state: PullState, layer: LayerState, nowMs: number, afterMs = STALL_AFTER_MS): number | undefined {
  if (state.status !== 'running' || layer.done || layer.updatedAt === undefined || !RATE_PHASES.has(layer.phase)) return undefined;
  const quiet = nowMs - layer.updatedAt;
  return quiet >= afterMs ? Math.floor(quiet / 1000) : undefined;
}

function foldLayer(state: PullState, id: string, status: string, detail: NonNullable<PullMessage['progressDetail']>, nowMs: number): PullState {
  const previous = state.layers.get(id);
  if (!previous && state.layerIds.length >= MAX_LAYERS) return state;
  const phase = status ? clip(status) : (previous?.phase ?? '');
  const current = count(detail.current);
  const total = positive(detail.total);
  const units = text(detail.units) || undefined;
  const bytes = units === undefined;

  let size = previous?.size;
  let downloaded = previous?.downloaded ?? 0;
  if (TRANSFER_PHASES.has(phase) && bytes) {
    size = total ?? size;
    if (current !== undefined) downloaded = current;
  } else if (DOWNLOADED_PHASES.has(phase)) {
    // The graphdriver's Extracting reads the compressed blob, so its total is the layer's size
    // too: that covers an engine that sent no Downloading update for a small layer.
    if (size === undefined && phase === 'Extracting' && bytes && total !== undefined) size = total;
    if (size !== undefined) downloaded = size;
  }
  if (size !== undefined) downloaded = Math.min(downloaded, size);

  const layer: LayerState = {
    id,
    phase,
    ...(current !== undefined && { current }),
    ...(total !== undefined && { total }),
    ...(units !== undefined && { units }),
    ...(detail.hidecounts === true && { hidecounts: true }),
    ...measureRate(previous, phase, bytes ? current : undefined, nowMs),
    done: DONE_PHASES.has(phase) || MOUNTED.test(phase) || (previous?.done ?? false),
    ...(size !== undefined && { size }),
    downloaded,
    updatedAt: nowMs,
  };
  const layers = new Map(state.layers);
  layers.set(id, layer);
  return { ...state, layers, layerIds: previous ? state.layerIds : [...state.layerIds, id] };
}

/**
 * Rate from successive samples of one phase. A new phase, a counter that went backwards (a
 * retry starts over) or a message without numbers starts measuring afresh.
 */
function measureRate(previous: LayerState | undefined, phase: string, current: number | undefined, nowMs: number): Pick<LayerState, 'rate' | 'sampleAt' | 'sampleCurrent'> {
  if (current === undefined || !RATE_PHASES.has(phase)) return {};
  const anchorAt = previous?.sampleAt;
  const anchorCurrent = previous?.sampleCurrent;
  if (previous?.phase !== phase || anchorAt === undefined || anchorCurrent === undefined || current < anchorCurrent || nowMs < anchorAt) {
    return { sampleAt: nowMs, sampleCurrent: current };
  }
  const elapsed = nowMs - anchorAt;
  if (elapsed < RATE_WINDOW_MS) {
    return { ...(previous.rate !== undefined && { rate: previous.rate }), sampleAt: anchorAt, sampleCurrent: anchorCurrent };
  }
  const sample = ((current - anchorCurrent) * 1000) / elapsed;
  const rate = previous.rate === undefined ? sample : previous.rate * (1 - RATE_SMOOTHING) + sample * RATE_SMOOTHING;
  return { rate, sampleAt: nowMs, sampleCurrent: current };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function clip(value: string): string {
  return value.length > MAX_TEXT_LENGTH ? `${value.slice(0, MAX_TEXT_LENGTH)}…` : value;
}

// Past 2^53 bytes (8 PiB) a figure is junk, and two such layers summed would make the overall
// figure Infinity (a NaN bar, an "Infinity GB" total): treat it as unknown.
function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= Number.MAX_SAFE_INTEGER ? value : undefined;
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= Number.MAX_SAFE_INTEGER ? value : undefined;
}

function isObject(value: unknown): value is NonNullable<PullMessage['progressDetail']> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
