/**
 * A pull engine the test drives by hand: each pull waits for the messages the test sends,
 * ends when told (or fails), and stops like the real client when its signal aborts.
 */
import { EngineError } from '../../src/engine/errors.ts';
import type { PullOptions } from '../../src/engine/images.ts';
import type { CredentialResolution } from '../../src/engine/auth/index.ts';
import type { PullMessage } from '../../src/engine/types.ts';
import type { PullClient } from '../../src/state/pulls/pull-manager.ts';
import { bounded } from './bounded.ts';

export interface FakePull {
  fromImage: string;
  options: PullOptions;
  send(...messages: PullMessage[]): void;
  finish(): void;
  fail(message: string): void;
  aborted(): boolean;
}

export class FakePullClient implements PullClient {
  readonly pulls: FakePull[] = [];
  readonly lookups: string[] = [];
  /** Who waits for the Nth pull (see `started`). */
  private readonly waiting: Array<{ count: number; resolve: (pull: FakePull) => void }> = [];

  constructor(private readonly resolution: CredentialResolution = { source: 'config-file', description: 'from ~/.docker/config.json' }) {}

  async resolveCredentials(imageRef: string): Promise<CredentialResolution> {
    this.lookups.push(imageRef);
    return this.resolution;
  }

  pullImage(fromImage: string, options: PullOptions): AsyncIterable<PullMessage> {
    const queue: Array<{ kind: 'message'; message: PullMessage } | { kind: 'end' } | { kind: 'error'; message: string }> = [];
    let wake: (() => void) | undefined;
    const push = (item: (typeof queue)[number]) => {
      queue.push(item);
      wake?.();
    };
    options.signal?.addEventListener('abort', () => wake?.());
    this.pulls.push({
      fromImage,
      options,
      send: (...messages) => messages.forEach((message) => push({ kind: 'message', message })),
      finish: () => push({ kind: 'end' }),
      fail: (message) => push({ kind: 'error', message }),
      aborted: () => options.signal?.aborted ?? false,
    });
    for (const waiter of this.waiting.filter((w) => w.count === this.pulls.length)) waiter.resolve(this.pulls[waiter.count - 1]!);
    return (async function* () {
      for (;;) {
        if (options.signal?.aborted) throw new EngineError({ code: 'ABORTED', message: 'cancelled' });
        const item = queue.shift();
        if (item === undefined) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        if (item.kind === 'end') return;
        if (item.kind === 'error') throw new EngineError({ code: 'STREAM', message: item.message });
        yield item.message;
      }
    })();
  }

  /**
   * Resolves with the `count`th pull (1 is the first) once it has reached this engine: a pull
   * looks its credentials up before it asks, so it arrives a few turns after it was started.
   */
  started(count: number): Promise<FakePull> {
    const pull = this.pulls[count - 1];
    if (pull) return Promise.resolve(pull);
    return bounded(new Promise((resolve) => this.waiting.push({ count, resolve })), `pull ${count} reaching the engine`);
  }

  last(): FakePull {
    const pull = this.pulls.at(-1);
    if (!pull) throw new Error('no pull has started');
    return pull;
  }
}
