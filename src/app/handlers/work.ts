/**
 * What the command handlers share (runner.ts carries the commands out; index.ts is the table of
 * handlers, each in the file of what it touches).
 */
import type { EngineClient } from '../../engine/client.ts';
import { describeError } from '../../engine/errors.ts';
import type { EngineSwitching } from '../../state/engine-switch.ts';
import type { EngineState } from '../../state/engine-state.ts';
import type { LogBuffer } from '../../state/logs/log-buffer.ts';
import type { LogSession } from '../../state/logs/log-session.ts';
import type { PullManager } from '../../state/pulls/pull-manager.ts';
import type { ResourceLists } from '../../state/resources/resource-lists.ts';
import type { LiveSources, SourceSession } from '../../state/sources.ts';
import type { Store } from '../../state/store.ts';
import type { Forwards } from '../../state/forwards/forwards.ts';
import type { SwarmLists } from '../../state/swarm/swarm-lists.ts';
import type { AppAction, AttachEnd, Command } from '../commands.ts';

/** What a logs view reads and closes: one container's session or a merge of several. */
/**
 * What the pager reads: the lines at once, or a reader that streams them (`write` resolves false
 * once the pager is gone, and `signal` aborts then too): lines (each written with a newline after
 * it), or bytes written exactly as given (a whole history as `docker logs` prints it).
 */
export type PagerFeed = readonly string[] | ((write: (lines: readonly string[] | Uint8Array) => Promise<boolean>, signal: AbortSignal) => Promise<unknown>);

export type LogSource = Pick<LogSession, 'buffer' | 'store' | 'close'> & { readonly history?: LogSession['history']; setWindow?(window: Parameters<LogSession['setWindow']>[0]): void };

/** What the runner works with: the live sources and the terminal, built once by the process glue (or by a test). */
export interface RunnerServices {
  sources: LiveSources;
  /** The engines berth can switch to, and the switch (absent in tests that do not switch). */
  engines?: EngineSwitching;
  quit(): void;
  /** Puts text on the clipboard (the UI writes OSC 52 to the terminal). */
  copy(text: string): void;
  /**
   * Hands the terminal to a shell in the container; resolves, once berth is back, with the line
   * to show (undefined: nothing to say, e.g. berth is quitting). Absent where there is no terminal.
   */
  openShell?(request: ShellRequest): Promise<{ text: string; tone: 'info' | 'error' } | undefined>;
  /**
   * Hands the terminal to the container's own process: attaches to a running one, or (`run`)
   * starts one just created, as `docker run -it` does, until it exits or the user detaches
   * (Ctrl-P Ctrl-Q). Resolves once berth is back (undefined: berth is quitting, or the terminal
   * is already handed over); rejects, the terminal untouched, when the engine refuses the attach
   * or the start. Absent where there is no terminal.
   */
  openAttach?(request: AttachRequest): Promise<AttachEnd | undefined>;
  /**
   * Hands the terminal to `$PAGER` (default `less -R`) reading `lines` (sanitised already), until
   * it exits; resolves once berth is back with what to say (undefined: nothing, or quitting).
   * Absent where there is no terminal.
   */
  openPager?(feed: PagerFeed): Promise<{ text: string; tone: 'info' | 'error' } | undefined>;
  /**
   * Hands the terminal to a command on the host (a custom action with `terminal: true`), run with
   * `env`, until it exits; resolves once berth is back with what to say (undefined: quitting, or
   * the terminal is already handed over). Absent where there is no terminal.
   */
  openHost?(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<{ text: string; tone: 'info' | 'error' } | undefined>;
  /** Gives the terminal back to the shell and stops, as Ctrl-Z does (absent where there is no terminal). */
  suspend?(): void;
  /** Where `w` in the logs view writes (the current directory). */
  logDir(): string;
  /** The port forwards berth runs (absent in tests that forward nothing). */
  forwards?: Forwards;
}

/** A shell in the container, or (`cmd`) any command with a terminal, as another user or elsewhere. */
export interface ShellRequest {
  /** The engine the container is on (in a fleet, the row's own: app/fleet/route.ts). */
  client: EngineClient;
  containerId: string;
  name: string;
  cmd?: readonly string[];
  user?: string;
  workdir?: string;
}

export interface AttachRequest {
  /** The engine the container is on (in a fleet, the row's own). */
  client: EngineClient;
  containerId: string;
  name: string;
  /** The whole line shown as the terminal is handed over, instead of the usual one (the debug shell's). */
  banner?: string;
  /** Start it first: a run's container, just created. */
  run?: { tty: boolean; autoRemove: boolean };
}

/** What runs for one overlay until it closes. */
export interface OverlayWork {
  readonly abort: AbortController;
  /** A container's logs, or a set's (the view needs only these three). */
  session?: LogSource;
  /** A foreground run's output. */
  output?: LogBuffer;
  readonly cleanups: Array<() => void>;
}

export interface RunnerEnv {
  services: RunnerServices;
  /** The shown engine's client, session, lists and sources; the pulls (of every engine). */
  readonly client: EngineClient;
  readonly session: SourceSession;
  readonly engineStore: Store<EngineState>;
  readonly resources: ResourceLists;
  readonly swarm: SwarmLists;
  /** The Pulls pane's manager; a pull or push started here runs on this env's engine (runner.ts `envFor`). */
  readonly pulls: RunnerPulls;
  /** A fleet's other engine the command was routed to, by its short name (undefined: the engine shown). */
  readonly engineName?: string;
  dispatch(action: AppAction): void;
  /** The overlay's work record, made on first use. */
  work(overlay: number): OverlayWork;
  /** The overlay's work record if it is still open, else undefined (released). */
  existing(overlay: number): OverlayWork | undefined;
}

/** What the commands ask of the pulls (one manager across engines: its ids name a pull wherever it runs). */
export type RunnerPulls = Pick<PullManager, 'start' | 'settled' | 'get' | 'cancel' | 'dismiss' | 'store' | 'credentialSource' | 'startTransfer'>;

export type Handler<C extends Command> = (command: C, env: RunnerEnv) => void;
export type HandlerTable<T extends Command['type']> = { [K in T]: Handler<Extract<Command, { type: K }>> };

/** A failure worth showing: not the abort that closing an overlay causes. */
export function failure(error: unknown, signal?: AbortSignal): string | undefined {
  if (signal?.aborted) return undefined;
  if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ABORTED') return undefined;
  return describeError(error);
}
