/**
 * The app store: the one place the UI's state lives. Keys and results go in one at a time, in
 * the order they arrive, through a pure reducer against the state as it is now; the commands the
 * reducer returns go to the runner right after the new state is in place. Components subscribe
 * (useSyncExternalStore) and draw what they read.
 *
 * The reducer is given, not built in: the UI composes it from the keymap, the panes and the
 * dialog modules (app/keys/reduce.ts). `context` is what it may read but not change: the engine's
 * lists, the pulls, the keymap in force. Tests give a recorder as the runner, so a reducer's
 * commands are data to compare, never engine calls.
 */
import type { KeyPress } from './input/press.ts';
import type { AppAction, Command, Reduced } from './commands.ts';
import type { AppState } from './types.ts';

export type AppInput = { kind: 'key'; press: KeyPress } | { kind: 'action'; action: AppAction };

export type AppReducer<C> = (state: AppState, input: AppInput, ctx: C) => Reduced;

export class AppStore<C> {
  private state: AppState;
  private readonly listeners = new Set<() => void>();
  private runner: (command: Command) => void = () => undefined;
  /** Nesting of apply/batch: subscribers hear once, when the outermost one ends. */
  private depth = 0;
  private changed = false;

  constructor(
    initial: AppState,
    private readonly reduce: AppReducer<C>,
    private readonly context: () => C,
  ) {
    this.state = initial;
  }

  getState = (): AppState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Where commands go: the CommandRunner, or a test's recorder. */
  setRunner(run: (command: Command) => void): void {
    this.runner = run;
  }

  press(press: KeyPress): void {
    this.apply({ kind: 'key', press });
  }

  dispatch(action: AppAction): void {
    this.apply({ kind: 'action', action });
  }

  /** Applies everything `work` sends in, then tells subscribers once (a burst of keys, one frame). */
  batch(work: () => void): void {
    this.depth += 1;
    try {
      work();
    } finally {
      this.end();
    }
  }

  private apply(input: AppInput): void {
    this.depth += 1;
    try {
      const { state, commands } = this.reduce(this.state, input, this.context());
      if (state !== this.state) {
        this.state = state;
        this.changed = true;
      }
      // After the state is in place: a command that reports back at once (a pull that starts
      // synchronously) is reduced against this state, before the next key.
      for (const command of commands) this.runner(command);
    } finally {
      this.end();
    }
  }

  private end(): void {
    this.depth -= 1;
    if (this.depth > 0 || !this.changed) return;
    this.changed = false;
    for (const listener of [...this.listeners]) listener();
  }
}
