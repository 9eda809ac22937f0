import { render } from 'ink';
import { EngineClient } from '../engine/client.ts';
import { describeError } from '../engine/errors.ts';
import { EngineSync } from '../state/engine-sync.ts';
import { initialEngineState } from '../state/engine-state.ts';
import { PullManager } from '../state/pulls/pull-manager.ts';
import { Store } from '../state/store.ts';
import { Root } from './root.tsx';
import { enterFullscreen, leaveFullscreen } from './terminal.ts';

export interface AppOptions {
  host?: string;
  apiVersion?: string;
  intervalMs: number;
}

/**
 * Wires engine → state → UI, takes over the terminal, and gives it back intact however berth
 * ends: q, Ctrl-C, SIGTERM, SIGHUP, or an unexpected error (then shown as one line on the
 * normal screen, never a stack trace in the UI).
 */
export async function runApp(options: AppOptions): Promise<number> {
  const client = new EngineClient({ host: options.host, apiVersion: options.apiVersion });
  const engineStore = new Store(initialEngineState(client.endpoint.label));
  const sync = new EngineSync(client, engineStore, { intervalMs: options.intervalMs });
  // A finished pull refreshes the images list at once rather than waiting for the image event.
  const pulls = new PullManager({ client, onPulled: () => void sync.refreshImages() });

  let finished = false;
  let resolveExit: (code: number) => void = () => undefined;
  const exited = new Promise<number>((resolve) => (resolveExit = resolve));

  enterFullscreen(process.stdout);
  const instance = render(<Root services={{ client, engineStore, sync, pulls }} onQuit={() => finish(0)} />, {
    exitOnCtrlC: false,
    patchConsole: true,
    maxFps: 30,
    incrementalRendering: false,
  });
  sync.start();

  function finish(code: number, message?: string): void {
    if (finished) return;
    finished = true;
    void sync.stop();
    pulls.stop();
    try {
      instance.unmount();
      instance.cleanup();
    } catch {
      // The terminal is restored below whatever Ink managed to do.
    }
    leaveFullscreen(process.stdout);
    if (message) process.stderr.write(`${message}\n`);
    void client.close().catch(() => undefined);
    resolveExit(code);
  }

  const onSignal = (signal: NodeJS.Signals) => finish(signal === 'SIGINT' ? 130 : signal === 'SIGHUP' ? 129 : 143);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  process.on('SIGINT', onSignal);
  process.on('uncaughtException', (error) => finish(1, `berth: unexpected error: ${describeError(error)}`));
  process.on('unhandledRejection', (error) => finish(1, `berth: unexpected error: ${describeError(error)}`));

  const code = await exited;
  // Timers of in-flight requests must not hold the process open after the screen is gone.
  setTimeout(() => process.exit(code), 200).unref();
  return code;
}
