/**
 * One engine as berth uses it: the API client, the store of what the engine holds, and the
 * sync loop keeping the store live. Made for a switcher: open a session for another engine (a
 * candidate from `readEngineCandidates`) while the old one is still up, then close the old one,
 * either at once (every connection and ssh process ends; requests in flight fail as ABORTED) or
 * gently (the sync loop stops at once, but requests in flight — a pull started on that engine —
 * run to their end before its connections close).
 */
import { EngineClient, type EngineClientOptions } from '../engine/client.ts';
import type { SshRoute } from '../engine/ssh-master.ts';
import type { ActionLog } from './action-log/action-log.ts';
import { recordingClient } from './action-log/recording-client.ts';
import { EngineSync, type SyncOptions } from './engine-sync.ts';
import { initialEngineState, type DemoInfo, type EngineState } from './engine-state.ts';
import { Store } from './store.ts';

export interface EngineSession {
  client: EngineClient;
  store: Store<EngineState>;
  sync: EngineSync;
  /** What a list of engines shows for this one: the endpoint label, with its context if any. */
  label: string;
}

export type SessionTarget = Pick<EngineClientOptions, 'host' | 'context'>;

export interface SessionOptions extends Omit<EngineClientOptions, 'host' | 'context'> {
  sync: SyncOptions;
  /** Inside `npm run demo`: its registry and sample images, kept in the session's state. */
  demo?: DemoInfo;
  /** Where the changes asked of this engine are recorded (the session's action log). */
  actionLog?: ActionLog;
}

/**
 * Builds the session and starts syncing. Throws the client's EngineError (code CONFIG) for an
 * address, context or ssh client that cannot work at all: nothing is left running then.
 */
export function openEngineSession(target: SessionTarget, options: SessionOptions): EngineSession {
  const { sync: syncOptions, demo, actionLog, ...clientOptions } = options;
  // An ssh engine whose socket could not be forwarded runs each connection over dial-stdio: not
  // the user's to act on, but the action log says so (and why), as it shows berth's ssh forwards.
  let named = '';
  const sshRoute = (route: SshRoute) => {
    options.sshRoute?.(route);
    if (!actionLog || route.way !== 'dial-stdio') return;
    const seq = actionLog.begin(`ssh -L ${route.forward ?? '(none)'} ${named}`, named);
    actionLog.settleAs(seq, { kind: 'failed', message: `${route.why ?? 'the forward did not work'}: each connection runs docker system dial-stdio instead` });
  };
  const engineClient = new EngineClient({ ...clientOptions, ...target, sshRoute });
  const label = engineClient.context === undefined ? engineClient.endpoint.label : `${engineClient.context} @ ${engineClient.endpoint.label}`;
  named = label;
  const client = actionLog ? recordingClient(engineClient, actionLog, label) : engineClient;
  const store = new Store(initialEngineState(client.endpoint.label, client.context, demo));
  const sync = new EngineSync(client, store, syncOptions);
  return { client, store, sync, label };
}

/** Starts the sync loop (lists, version, events). Separate so a caller can subscribe first. */
export function startEngineSession(session: EngineSession): void {
  session.sync.start();
}

export interface CloseOptions {
  /**
   * Let requests in flight finish (resolves when they have and every connection is closed);
   * otherwise everything ends now.
   */
  gently?: boolean;
  /**
   * With `gently`: work that may still send requests on this engine (pulls that are resolving
   * credentials, say) to wait for before the client stops taking new requests.
   */
  drain?: () => Promise<unknown>;
}

/** Stops the session. Safe to call more than once. */
export async function closeEngineSession(session: EngineSession, { gently = false, drain }: CloseOptions = {}): Promise<void> {
  await session.sync.stop();
  if (!gently) {
    await session.client.destroy();
    return;
  }
  await drain?.().catch(() => undefined);
  await session.client.close();
}
