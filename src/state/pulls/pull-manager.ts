/**
 * Owns the pulls: starts them, folds their progress into the store, cancels and dismisses.
 *
 * Progress can arrive hundreds of times a second (a message per layer per 100 ms, times the
 * layers, times the pulls); people can see perhaps 15 changes a second. So every message is
 * folded at once (cheap, pure), but subscribers hear about it at most every `throttleMs`:
 * the screen always shows the latest state, never a backlog. A pull starting, ending or
 * being cancelled or dismissed is published immediately.
 *
 * Credentials: the ones typed in the dialog, else whatever `resolveCredentials` finds. They
 * live only in the running pull's own call frame; nothing here keeps them once it ends.
 */
import type { CredentialResolution, RegistryAuth } from '../../engine/auth/index.ts';
import { authConfigKey } from '../../engine/auth/index.ts';
import { describeError } from '../../engine/errors.ts';
import type { PullOptions, PushOptions } from '../../engine/images.ts';
import { parseImageReference, pullTarget } from '../../engine/reference.ts';
import type { PullMessage } from '../../engine/types.ts';
import { Store } from '../store.ts';
import { createPull, finishPull, foldPullMessage, TRANSFER_ROW, type PullOutcome, type PullState } from './pull-reducer.ts';
import type { TransferSpec } from './transfer.ts';
import { ThrottledPublish } from '../throttled-publish.ts';

/** The EngineClient methods a pull (and a push) needs (tests pass a fake). */
export interface PullClient {
  pullImage(fromImage: string, options: PullOptions): AsyncIterable<PullMessage>;
  pushImage?(name: string, options: PushOptions): AsyncIterable<PullMessage>;
  resolveCredentials(imageRef: string): Promise<CredentialResolution>;
}

export interface PullsState {
  /** Newest first. */
  readonly pulls: readonly PullState[];
  /** The engine new pulls go to (see `useEngine`); a pull on another one says which it is on. */
  readonly engine?: string;
}

export interface TypedCredentials {
  username: string;
  password: string;
}

export interface StartPullOptions {
  /** As typed: "busybox", "localhost:5000/app:1", "ghcr.io/org/app@sha256:…". */
  reference: string;
  /** Typed in the dialog; without them the credentials are looked up for the registry. */
  auth?: TypedCredentials;
  /** Push this local image to its registry instead: the same progress, the same pane. */
  push?: boolean;
  /** Another engine than the one shown (a fleet's row): the pull runs there, under its name. */
  on?: { client: PullClient; engine: string };
}

export interface PullManagerOptions {
  client: PullClient;
  /** The engine's label, kept in each pull (see `useEngine`). */
  engine?: string;
  /** Called after a pull succeeded: the images list should show the image at once. */
  onPulled?: (pull: PullState) => void;
  /** Least time between two notifications of progress (default 66 ms, about 15 fps). */
  throttleMs?: number;
  now?: () => number;
}

/** Thrown by `start` for a reference that cannot be pulled; the message says why. */
export class InvalidReferenceError extends Error {
  override readonly name = 'InvalidReferenceError';
}

const DEFAULT_THROTTLE_MS = 66;

/** A transfer row's phase once its bytes are all moved. */
const TRANSFER_DONE = { Reading: 'Read', Writing: 'Written', Sending: 'Sent' } as const;

interface Running {
  key: string;
  /** A push's repository on its engine: the pushes of one repository go one after another. */
  repository?: string;
  abort: AbortController;
  settled: Promise<PullState | undefined>;
}

export class PullManager {
  readonly store: Store<PullsState>;
  private client: PullClient;
  private engine: string | undefined;
  private readonly onPulled: (pull: PullState) => void;
  private readonly now: () => number;
  /** The truth, ahead of the store by up to one throttle period. */
  private readonly pulls = new Map<string, PullState>();
  /** Ids, newest first. */
  private order: string[] = [];
  private readonly running = new Map<string, Running>();
  private counter = 0;
  private readonly pace: ThrottledPublish;
  private stopped = false;
  /** Once stopped: resolves when every cancelled transfer has cleaned up (its helper container, its partial file). */
  private cleanedUp: Promise<void> = Promise.resolve();

  constructor(options: PullManagerOptions) {
    this.client = options.client;
    this.engine = options.engine;
    this.store = new Store<PullsState>({ pulls: [], ...(options.engine === undefined ? {} : { engine: options.engine }) });
    this.onPulled = options.onPulled ?? (() => undefined);
    this.now = options.now ?? Date.now;
    this.pace = new ThrottledPublish(() => this.write(), options.throttleMs ?? DEFAULT_THROTTLE_MS, this.now);
  }

  /**
   * New pulls go to this engine from now on (berth switched engines). Pulls already running stay
   * on the engine they started on, to their end: each keeps the client it began with.
   */
  useEngine(client: PullClient, engine: string): void {
    this.client = client;
    this.engine = engine;
    this.publish();
  }

  /** Resolves when every pull running on `engine` now has ended: that engine's client may then close. */
  async drain(engine: string): Promise<void> {
    const on = [...this.running.entries()].filter(([id]) => this.pulls.get(id)?.engine === engine);
    await Promise.all(on.map(([, run]) => run.settled));
  }

  /**
   * Starts a pull and returns its id; if the same image (after normalisation: "busybox" is
   * "docker.io/library/busybox:latest") is already being pulled, returns that pull's id.
   */
  start(options: StartPullOptions): string {
    if (this.stopped) throw new Error('the pull manager has been stopped');
    const parsed = parseImageReference(options.reference);
    if (!parsed.ok) throw new InvalidReferenceError(parsed.message);
    const target = pullTarget(parsed.ref);
    if (options.push && target.tag.includes(':')) throw new InvalidReferenceError('a push needs a tag, not a digest: name the tag to push');
    const kind = options.push ? 'push' : undefined;
    const engine = options.on?.engine ?? this.engine;
    const key = `${kind ?? 'pull'} ${engine ?? ''} ${target.fromImage}${target.tag.includes(':') ? '@' : ':'}${target.tag}`;
    for (const [id, run] of this.running) if (run.key === key) return id;

    this.counter += 1;
    const id = `pull-${this.counter}`;
    const pull = createPull({ id, reference: parsed.ref.familiar, fromImage: target.fromImage, tag: target.tag, impliedLatest: target.impliedLatest, startedAt: this.now(), engine, kind });
    this.pulls.set(id, pull);
    this.order = [id, ...this.order];
    const abort = new AbortController();
    // Typed credentials are for the registry of this reference, under the key the engine expects.
    const typed: RegistryAuth | undefined = options.auth && { username: options.auth.username, password: options.auth.password, serveraddress: authConfigKey(parsed.ref.domain) };
    const client = options.on?.client ?? this.client;
    // Tags of one repository pushed at once race in the registry (the same layers mounted and
    // uploaded together: Debian's docker-registry answered one of three with a 500), so a push
    // waits for the one before it to the same repository, as `docker push --all-tags` goes.
    const repository = kind === 'push' ? `${engine ?? ''} ${target.fromImage}` : undefined;
    const before = repository === undefined ? undefined : [...this.running.values()].filter((r) => r.repository === repository).at(-1)?.settled;
    const go = () => this.run(client, id, parsed.ref.familiar, target, typed, abort.signal, kind);
    const settled = before ? before.then(go, go) : go();
    this.running.set(id, { key, ...(repository !== undefined && { repository }), abort, settled });
    this.publish();
    return id;
  }

  /**
   * Starts a transfer that is not a pull (a backup: state/backups) in the same pane, under the
   * same cancel key, and returns its id. Its work reports bytes and the engine's messages; a
   * cancel aborts its signal, and the work cleans up after itself (its helper, its partial file)
   * before `settled` resolves.
   */
  startTransfer(spec: TransferSpec, on?: { engine: string }): string {
    if (this.stopped) throw new Error('the pull manager has been stopped');
    this.counter += 1;
    const id = `transfer-${this.counter}`;
    const engine = on?.engine ?? this.engine;
    const pull = createPull({ id, reference: spec.title, fromImage: spec.title, tag: '', startedAt: this.now(), engine, kind: 'transfer', words: spec.words });
    this.pulls.set(id, pull);
    this.order = [id, ...this.order];
    const abort = new AbortController();
    let phase = spec.phase;
    let last: { current: number; total?: number } | undefined;
    const report = {
      bytes: (current: number, total?: number) => {
        last = { current, ...(total !== undefined && { total }) };
        this.fold(id, { id: TRANSFER_ROW, status: phase, progressDetail: last });
      },
      phase: (next: typeof phase) => {
        phase = next;
      },
      message: (message: PullMessage) => this.fold(id, message),
    };
    const settled = (async (): Promise<PullState | undefined> => {
      let outcome: PullOutcome;
      try {
        const line = await spec.run(report, abort.signal);
        // The row ends in its own past tense, its bar full at what was moved.
        if (last !== undefined && !abort.signal.aborted) this.fold(id, { id: TRANSFER_ROW, status: TRANSFER_DONE[phase], progressDetail: { current: last.current, total: last.total ?? last.current } });
        if (line !== undefined) this.fold(id, { status: line });
        outcome = abort.signal.aborted ? { status: 'cancelled' } : { status: 'done' };
      } catch (error) {
        outcome = abort.signal.aborted ? { status: 'cancelled' } : { status: 'error', message: describeError(error) };
      }
      return this.end(id, outcome);
    })();
    this.running.set(id, { key: id, abort, settled });
    this.publish();
    return id;
  }

  /** Aborts a running pull; its block says "cancelled". False if it was not running. */
  cancel(id: string): boolean {
    const run = this.running.get(id);
    if (!run) return false;
    this.end(id, { status: 'cancelled' });
    run.abort.abort();
    return true;
  }

  /** Removes a finished pull's block. Running pulls stay: cancel them first. */
  dismiss(id: string): boolean {
    if (this.running.has(id) || !this.pulls.has(id)) return false;
    this.pulls.delete(id);
    this.order = this.order.filter((other) => other !== id);
    this.publish();
    return true;
  }

  /**
   * Where the credentials for `reference` would come from ("from ~/.docker/config.json",
   * "from docker-credential-pass", "anonymous"), for the pull dialog. Only the words leave
   * here: the credentials themselves are looked up again when the pull starts.
   */
  async credentialSource(reference: string): Promise<string> {
    const resolution = await this.client.resolveCredentials(reference);
    return resolution.description;
  }

  get(id: string): PullState | undefined {
    return this.pulls.get(id);
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /** Resolves with the pull's final state once it has ended (at once if it already has). */
  settled(id: string): Promise<PullState | undefined> {
    return this.running.get(id)?.settled ?? Promise.resolve(this.pulls.get(id));
  }

  /** Cancels every running pull and stops publishing (berth is quitting). */
  stop(): void {
    this.cleanedUp = Promise.all([...this.running.values()].map((run) => run.settled)).then(
      () => undefined,
      () => undefined,
    );
    for (const id of [...this.running.keys()]) this.cancel(id);
    this.stopped = true;
    this.pace.stop();
  }

  /** After `stop`: resolves once what was cancelled has cleaned up after itself (berth waits for it, a little, as it quits). */
  whenCleanedUp(): Promise<void> {
    return this.cleanedUp;
  }

  private async run(
    client: PullClient,
    id: string,
    reference: string,
    target: { fromImage: string; tag: string },
    typed: RegistryAuth | undefined,
    signal: AbortSignal,
    kind: 'push' | undefined,
  ): Promise<PullState | undefined> {
    let outcome: PullOutcome;
    try {
      const auth = typed ?? (await client.resolveCredentials(reference)).auth;
      if (!signal.aborted) {
        const options = { tag: target.tag, auth, signal };
        if (kind === 'push' && !client.pushImage) throw new Error('this engine client cannot push');
        const stream = kind === 'push' && client.pushImage ? client.pushImage(target.fromImage, options) : client.pullImage(target.fromImage, options);
        for await (const message of stream) {
          this.fold(id, message);
        }
      }
      outcome = signal.aborted ? { status: 'cancelled' } : { status: 'done' };
    } catch (error) {
      outcome = signal.aborted ? { status: 'cancelled' } : { status: 'error', message: describeError(error) };
    }
    const final = this.end(id, outcome);
    if (final?.status === 'done' && kind !== 'push') {
      // Nobody awaits this promise, so a throwing callback would become an unhandled rejection.
      try {
        this.onPulled(final);
      } catch {
        // Refreshing the images list is a courtesy; the safety poll catches up.
      }
    }
    return final;
  }

  private fold(id: string, message: PullMessage): void {
    const before = this.pulls.get(id);
    if (!before) return;
    const after = foldPullMessage(before, message, this.now());
    if (after === before) return;
    this.pulls.set(id, after);
    // An errorDetail ends the pull inside the reducer; that is news worth showing at once.
    if (after.status !== 'running') this.publish();
    else this.schedule();
  }

  /** Records the ending (the first one wins) and forgets the running pull, abort controller and all. */
  private end(id: string, outcome: PullOutcome): PullState | undefined {
    this.running.delete(id);
    const before = this.pulls.get(id);
    if (!before) return undefined;
    const after = finishPull(before, outcome, this.now());
    this.pulls.set(id, after);
    if (after !== before) this.publish();
    return after;
  }

  private schedule(): void {
    this.pace.soon();
  }

  private publish(): void {
    this.pace.publish();
  }

  private write(): void {
    const pulls = this.order.map((id) => this.pulls.get(id)).filter((p): p is PullState => p !== undefined);
    this.store.update(() => (this.engine === undefined ? { pulls } : { pulls, engine: this.engine }));
  }
}
