/**
 * Switching engines while berth runs. The UI reads one engine store for its whole life; the
 * switchboard keeps it showing the current session's state, so panes, the status bar and the
 * app store's selections follow a switch by themselves. A switch opens the new session beside
 * the old one and takes it only once the engine answered: a target that cannot work (a bad
 * address, an engine that is not there, one that refuses the API version) leaves berth on the
 * engine it was on, with that engine's own words for why. The old session then closes gently:
 * work still running on it (a pull) runs to its end before its connections close.
 */
import { EngineClient } from '../engine/client.ts';
import { readEngineCandidates } from '../engine/engine-candidates.ts';
import { describeError } from '../engine/errors.ts';
import { closeEngineSession, openEngineSession, startEngineSession, type EngineSession, type SessionOptions, type SessionTarget } from './engine-session.ts';
import type { EngineState } from './engine-state.ts';
import { Store } from './store.ts';

export type SwitchOutcome = { ok: true; label: string } | { ok: false; message: string };

export interface SwitchboardOptions {
  /** What every session is opened with (API version pin, sync timings, the demo's registry). */
  session: SessionOptions;
  /** How long a new engine has to answer before the switch is given up (default 15 s: ssh logins are slow). */
  answerWithinMs?: number;
  /** A new session is current: work that starts from now on goes there (new pulls, say). */
  onSwitched?: (session: EngineSession, previous: EngineSession) => void;
  /** Resolves when work still running on the old session has ended (see closeEngineSession's drain). */
  drain?: (previous: EngineSession) => Promise<unknown>;
  /** Opens a session (tests may count or fail them); default openEngineSession. */
  open?: (target: SessionTarget, options: SessionOptions) => EngineSession;
}

export class EngineSwitchboard {
  /** What the UI reads: always the current session's engine state. */
  readonly store: Store<EngineState>;
  private session: EngineSession;
  private unfollow: () => void;
  private switching: Promise<SwitchOutcome> | undefined;
  private readonly retiring = new Set<Promise<void>>();
  private closed = false;

  constructor(
    first: EngineSession,
    private readonly options: SwitchboardOptions,
  ) {
    this.session = first;
    this.store = new Store(first.store.getState());
    this.unfollow = this.follow(first);
  }

  get current(): EngineSession {
    return this.session;
  }

  /** One switch at a time: a second request while one is under way gets the first one's outcome. */
  switchTo(target: SessionTarget, signal?: AbortSignal): Promise<SwitchOutcome> {
    this.switching ??= this.attempt(target, signal).finally(() => (this.switching = undefined));
    return this.switching;
  }

  /** Stops every session (berth is quitting). */
  async close(): Promise<void> {
    this.closed = true;
    this.unfollow();
    await Promise.all([closeEngineSession(this.session), ...this.retiring]);
  }

  private follow(session: EngineSession): () => void {
    return session.store.subscribe(() => this.store.update(() => session.store.getState()));
  }

  private async attempt(target: SessionTarget, signal?: AbortSignal): Promise<SwitchOutcome> {
    if (this.closed) return { ok: false, message: 'berth is closing' };
    let next: EngineSession;
    try {
      next = (this.options.open ?? openEngineSession)(target, this.options.session);
    } catch (error) {
      return { ok: false, message: describeError(error) };
    }
    startEngineSession(next);
    const problem = await answered(next.store, this.options.answerWithinMs ?? 15_000, signal);
    if (problem !== undefined || this.closed) {
      await closeEngineSession(next);
      return { ok: false, message: problem ?? 'berth is closing' };
    }
    const previous = this.session;
    this.unfollow();
    this.session = next;
    this.unfollow = this.follow(next);
    this.store.update(() => next.store.getState());
    this.options.onSwitched?.(next, previous);
    const drain = this.options.drain;
    const retired = closeEngineSession(previous, { gently: true, drain: drain && (() => drain(previous)) }).catch(() => undefined);
    this.retiring.add(retired);
    void retired.finally(() => this.retiring.delete(retired));
    return { ok: true, label: next.label };
  }
}

/**
 * Waits until the engine behind `store` answered (connected, its containers listed) and resolves
 * undefined; or with the reason it will not: unreachable, refused, too slow, or given up.
 */
function answered(store: Store<EngineState>, withinMs: number, signal?: AbortSignal): Promise<string | undefined> {
  return new Promise((resolve) => {
    const verdict = (): string | undefined | null => {
      const { connection, containers } = store.getState();
      if (connection.status === 'connected' && containers.loaded) return undefined;
      if (connection.status === 'unreachable' || connection.status === 'refused') {
        const reason = connection.error ?? connection.status;
        return connection.hint ? `${reason} — ${connection.hint}` : reason;
      }
      return null; // still connecting
    };
    let settled = false;
    const finish = (result: string | undefined) => {
      if (settled) return;
      settled = true;
      unsubscribe();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const check = () => {
      const result = verdict();
      if (result !== null) finish(result);
    };
    const onAbort = () => finish('cancelled');
    const unsubscribe = store.subscribe(check);
    const timer = setTimeout(() => finish(`no answer within ${Math.round(withinMs / 1000)} s`), withinMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    check();
  });
}

/** An engine the switcher offers. */
export interface EngineChoice {
  name: string;
  /** The address, DOCKER_HOST-style. */
  host: string;
  /** Where it comes from: "DOCKER_HOST", a context's description, "podman (rootless)"… */
  description?: string;
  /** The engine berth shows now. */
  current: boolean;
  target: SessionTarget;
}

/** What the engine switcher asks of the world (runner handlers call it; tests may fake it). */
export interface EngineSwitching {
  /** The engines one could switch to, the current one marked. */
  choices(): EngineChoice[];
  /** Which engine answers there ("docker 20.10.24"), or throws the reason it does not. */
  probe(target: SessionTarget, signal: AbortSignal): Promise<string>;
  switchTo(target: SessionTarget, signal?: AbortSignal): Promise<SwitchOutcome>;
  /**
   * Shows these engines together with the one shown (a fleet; none: the one shown alone), and
   * keeps the choice for the next start when `shown` says how the one shown was chosen.
   */
  showFleet?(targets: readonly SessionTarget[], shown?: SessionTarget): Promise<SwitchOutcome>;
}

export interface SwitchingOptions {
  env: NodeJS.ProcessEnv;
  homedir: string;
  /** How long a probe may take (default 5 s). */
  probeWithinMs?: number;
}

/** The switcher's world for berth itself: the docker CLI's contexts, DOCKER_HOST and local sockets. */
export function engineSwitching(board: EngineSwitchboard, session: SessionOptions, options: SwitchingOptions): EngineSwitching {
  return {
    choices: () =>
      readEngineCandidates(options.env, options.homedir).map((candidate) => {
        const { client } = board.current;
        const current = 'context' in candidate.target ? candidate.target.context === client.context : client.context === undefined && candidate.host === client.endpoint.label;
        return { name: candidate.name, host: candidate.host, current, target: candidate.target, ...(candidate.description ? { description: candidate.description } : {}) };
      }),
    probe: async (target, signal) => {
      const { sync: _sync, demo: _demo, ...clientOptions } = session;
      const client = new EngineClient({ ...clientOptions, ...target, timeoutMs: options.probeWithinMs ?? 5000 });
      try {
        const identity = await client.identify(signal);
        return identity.version ? `${identity.kind} ${identity.version}` : identity.kind;
      } finally {
        await client.destroy().catch(() => undefined);
      }
    },
    switchTo: (target, signal) => board.switchTo(target, signal),
  };
}
