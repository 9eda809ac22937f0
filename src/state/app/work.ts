/**
 * The types the CommandRunner's handlers share (runner.ts holds the table, the handlers live
 * next to what they do: view-work.ts, dialogs/requests.ts, dialogs/run-controller.ts).
 */
import type { EngineClient } from '../../engine/client.ts';
import { describeError } from '../../engine/errors.ts';
import type { EngineEvent } from '../../engine/types.ts';
import type { EngineState } from '../engine-state.ts';
import type { EngineSwitching } from '../engine-switch.ts';
import type { LogBuffer } from '../logs/log-buffer.ts';
import type { LogSession } from '../logs/log-session.ts';

/** What a logs view reads and closes: one container's session or a project's merge of them. */
export type LogSource = Pick<LogSession, 'buffer' | 'store' | 'close'>;
import type { PullManager } from '../pulls/pull-manager.ts';
import type { Store } from '../store.ts';
import type { AppAction, Command } from './commands.ts';

/** What the runner works with: built once in ui/main.tsx (or by a test). */
export interface RunnerServices {
  client: EngineClient;
  engineStore: Store<EngineState>;
  sync: {
    refreshContainers(): Promise<void>;
    refreshImages(): Promise<void>;
    onEvent(listener: (event: EngineEvent) => void): () => void;
    onReconnect(listener: () => void): () => void;
  };
  pulls: PullManager;
  /** The Volumes and Networks lists, refreshed after a create or remove there. */
  resources?: { refresh(kind: 'volumes' | 'networks'): Promise<void> };
  /** The Services and Nodes lists, read again after a swarm action. */
  swarm?: { refresh(): Promise<void>; taskLabel(taskId: string, nodeId: string): string | undefined };
  quit(): void;
  /** Puts text on the clipboard (the UI writes OSC 52 to the terminal). */
  copy(text: string): void;
  /**
   * Hands the terminal to a shell in the container; resolves, once berth is back, with the line
   * to show (undefined: nothing to say, e.g. berth is quitting). Absent where there is no terminal.
   */
  openShell?(request: { containerId: string; name: string }): Promise<{ text: string; tone: 'info' | 'error' } | undefined>;
  /** Gives the terminal back to the shell and stops, as Ctrl-Z does (absent where there is no terminal). */
  suspend?(): void;
  /** Where `w` in the logs view writes (the current directory). */
  logDir(): string;
  /** The engines berth can switch to, and the switch (absent in tests that do not need it). */
  engines?: EngineSwitching;
}

/** What runs for one overlay until it closes. */
export interface OverlayWork {
  readonly abort: AbortController;
  /** A container's logs, or a Compose project's (the view needs only these three). */
  session?: LogSource;
  /** A foreground run's output. */
  output?: LogBuffer;
  readonly cleanups: Array<() => void>;
}

export interface RunnerEnv {
  services: RunnerServices;
  dispatch(action: AppAction): void;
  /** The overlay's work record, made on first use. */
  work(overlay: number): OverlayWork;
  /** The overlay's work record if it is still open, else undefined (released). */
  existing(overlay: number): OverlayWork | undefined;
}

export type Handler<C extends Command> = (command: C, env: RunnerEnv) => void;
export type HandlerTable<T extends Command['type']> = { [K in T]: Handler<Extract<Command, { type: K }>> };

/** A failure worth showing: not the abort that closing an overlay causes. */
export function failure(error: unknown, signal?: AbortSignal): string | undefined {
  if (signal?.aborted) return undefined;
  if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ABORTED') return undefined;
  return describeError(error);
}

