/**
 * Owns the builds of this session: starts them, folds their progress into the store, cancels
 * and dismisses, and builds one again with its settings. As the pulls do (pulls/pull-manager.ts),
 * every message is folded at once but subscribers hear at most every `throttleMs`, and a build
 * starting or ending is published at once. A RUN that prints thousands of lines a second thus
 * costs the screen at most 10 frames a second.
 *
 * Before sending, the engine is asked which builder it prefers (`/_ping`'s Builder-Version: 2
 * BuildKit, 1 the classic; a dockerd that does not say has BuildKit built in, Podman has only the
 * classic one), and whether it has a bridge network: RUN steps on one without get `none`, or
 * they fail to start.
 */
import type { Builder, BuildMessage, BuildOptions } from '../../engine/build/build.ts';
import { decodeTrace } from '../../engine/build/buildkit-trace.ts';
import { describeError } from '../../engine/errors.ts';
import type { PingResult } from '../../engine/types.ts';
import { Store } from '../store.ts';
import { buildSending, buildSent, createBuild, finishBuild, foldBuildMessage, foldTrace, type BuildOutcome, type BuildSettings, type BuildState } from './build-reducer.ts';
import { contextStream, readContext } from './context-tar.ts';
import { ThrottledPublish } from '../throttled-publish.ts';

/** The EngineClient methods a build needs (tests pass a fake). */
export interface BuildClient {
  ping(signal?: AbortSignal): Promise<PingResult>;
  listNetworks(signal?: AbortSignal): Promise<ReadonlyArray<{ Name?: string }>>;
  buildImage(options: BuildOptions): AsyncIterable<BuildMessage>;
}

export interface BuildsState {
  /** Newest first. */
  readonly builds: readonly BuildState[];
}

export interface BuildManagerOptions {
  /** Least time between two notifications of progress (default 100 ms: at most 10 frames a second). */
  throttleMs?: number;
  now?: () => number;
  /** Called after a build succeeded: the images list should show the image at once. */
  onBuilt?: (build: BuildState) => void;
}

const DEFAULT_THROTTLE_MS = 100;

/** Which builder, and the words that say why. */
export function chooseBuilder(ping: PingResult): { builder: Builder; why: string } {
  if (ping.builderVersion === '2') return { builder: 'buildkit', why: 'BuildKit (the engine prefers it)' };
  if (ping.builderVersion === '1') return { builder: 'classic', why: 'the classic builder (the engine prefers it)' };
  if (ping.podman) return { builder: 'classic', why: 'the classic builder (Podman builds through buildah)' };
  return { builder: 'buildkit', why: 'BuildKit (built into dockerd)' };
}

interface Running {
  abort: AbortController;
  settled: Promise<BuildState | undefined>;
}

export class BuildManager {
  readonly store = new Store<BuildsState>({ builds: [] });
  private readonly builds = new Map<string, BuildState>();
  private order: string[] = [];
  private readonly running = new Map<string, Running>();
  private counter = 0;
  private readonly pace: ThrottledPublish;
  private stopped = false;
  private readonly now: () => number;
  private readonly onBuilt: (build: BuildState) => void;

  constructor(options: BuildManagerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.pace = new ThrottledPublish(() => this.write(), options.throttleMs ?? DEFAULT_THROTTLE_MS, this.now);
    this.onBuilt = options.onBuilt ?? (() => undefined);
  }

  /** Starts a build on `client` (named `engine` in the pane) and returns its id. */
  start(client: BuildClient, settings: BuildSettings, engine?: string): string {
    if (this.stopped) throw new Error('the build manager has been stopped');
    this.counter += 1;
    const id = `build-${this.counter}`;
    this.builds.set(id, createBuild({ id, settings, startedAt: this.now(), ...(engine !== undefined && { engine }) }));
    this.order = [id, ...this.order];
    const abort = new AbortController();
    this.running.set(id, { abort, settled: this.run(client, id, settings, abort.signal) });
    this.publish();
    return id;
  }

  /** Ends a running build: the request ends, and with it the engine's build. False if it was not running. */
  cancel(id: string): boolean {
    const run = this.running.get(id);
    if (!run) return false;
    this.end(id, { status: 'cancelled' });
    run.abort.abort();
    return true;
  }

  dismiss(id: string): boolean {
    if (this.running.has(id) || !this.builds.has(id)) return false;
    this.builds.delete(id);
    this.order = this.order.filter((other) => other !== id);
    this.publish();
    return true;
  }

  get(id: string): BuildState | undefined {
    return this.builds.get(id);
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  settled(id: string): Promise<BuildState | undefined> {
    return this.running.get(id)?.settled ?? Promise.resolve(this.builds.get(id));
  }

  stop(): void {
    for (const id of [...this.running.keys()]) this.cancel(id);
    this.stopped = true;
    this.pace.stop();
  }

  private async run(client: BuildClient, id: string, settings: BuildSettings, signal: AbortSignal): Promise<BuildState | undefined> {
    let outcome: BuildOutcome;
    try {
      const [ping, context] = await Promise.all([client.ping(signal), readContext(settings.context, settings.dockerfile || 'Dockerfile')]);
      const { builder, why } = chooseBuilder(ping);
      const notes = [`with ${why}`];
      let networkMode = settings.network;
      if (networkMode === '' && !ping.podman) {
        const networks = await client.listNetworks(signal);
        if (!networks.some((n) => n.Name === 'bridge')) {
          networkMode = 'none';
          notes.push('RUN steps without a network: the engine has no bridge');
        }
      }
      this.update(id, (b) => buildSending(b, builder, notes, { files: context.files, bytes: context.bytes }));
      this.publish();
      let sent = 0;
      const stream = client.buildImage({
        context: contextStream(context, (n) => {
          sent += n;
          this.update(id, (b) => buildSent(b, sent));
          this.schedule();
        }),
        dockerfile: settings.dockerfile || undefined,
        tags: settings.tags,
        buildArgs: settings.buildArgs,
        target: settings.target,
        platform: settings.platform,
        noCache: settings.noCache,
        pull: settings.pull,
        networkMode,
        builder,
        contextPath: settings.context,
        signal,
      });
      for await (const message of stream) {
        if (signal.aborted) break;
        if (message.id === 'moby.buildkit.trace' && typeof message.aux === 'string') {
          const trace = await decodeTrace(message.aux);
          this.update(id, (b) => foldTrace(b, trace));
        } else {
          const at = this.now();
          this.update(id, (b) => foldBuildMessage(b, message, at));
        }
        this.schedule();
      }
      outcome = signal.aborted ? { status: 'cancelled' } : { status: 'done' };
    } catch (error) {
      outcome = signal.aborted ? { status: 'cancelled' } : { status: 'error', message: describeError(error) };
    }
    const final = this.end(id, outcome);
    if (final?.status === 'done') {
      try {
        this.onBuilt(final);
      } catch {
        // Refreshing the images list is a courtesy; the safety poll catches up.
      }
    }
    return final;
  }

  private update(id: string, change: (build: BuildState) => BuildState): void {
    const before = this.builds.get(id);
    if (before && (before.status === 'running' || before.status === 'preparing')) this.builds.set(id, change(before));
  }

  private end(id: string, outcome: BuildOutcome): BuildState | undefined {
    this.running.delete(id);
    const before = this.builds.get(id);
    if (!before) return undefined;
    const after = finishBuild(before, outcome, this.now());
    this.builds.set(id, after);
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
    const builds = this.order.map((id) => this.builds.get(id)).filter((b): b is BuildState => b !== undefined);
    this.store.update(() => ({ builds }));
  }
}
