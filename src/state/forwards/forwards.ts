/**
 * The port forwards berth runs, listed in one store for the Forwards view: each one's local
 * address, its target, which way it goes (through the engine's API to a helper, or through the
 * ssh master), its open connections and bytes. Each is one change in the action log; cancelling
 * one ends it, and `stop` ends them all (berth quitting: the helpers are removed before the
 * engine's connections close).
 */
import type { EngineClient } from '../../engine/client.ts';
import { describeError } from '../../engine/errors.ts';
import { forwardArgument } from '../../engine/ssh-forward.ts';
import { oneAction } from '../action-log/one-action.ts';
import { recorderOf } from '../action-log/recording-client.ts';
import { Store } from '../store.ts';
import { Relay, type RelayFigures } from './relay.ts';

export type ForwardWay = 'engine' | 'ssh';

export interface ForwardRow {
  id: number;
  /** 127.0.0.1:PORT here. */
  local: string;
  /** What it reaches: the container's name and port (and, through ssh, the host's port). */
  target: string;
  way: ForwardWay;
  /** The engine it goes to, as the status bar names it. */
  engine: string;
  state: 'starting' | 'open' | 'failed';
  figures?: RelayFigures;
  error?: string;
}

export interface ForwardsState {
  rows: readonly ForwardRow[];
}

export interface EngineForward {
  client: EngineClient;
  engine: string;
  containerId: string;
  name: string;
  port: number;
  image: string;
}

export interface SshMasterForward {
  client: EngineClient;
  engine: string;
  name: string;
  port: number;
  /** The published port on the engine's host, and the address it is published on there. */
  hostIp: string;
  hostPort: number;
}

type Ender = () => Promise<void>;

export class Forwards {
  readonly store = new Store<ForwardsState>({ rows: [] });
  private readonly enders = new Map<number, Ender>();
  private next = 1;
  private stopped: Promise<void> | undefined;

  private put(row: ForwardRow): void {
    this.store.update((s) => ({ rows: s.rows.some((r) => r.id === row.id) ? s.rows.map((r) => (r.id === row.id ? row : r)) : [...s.rows, row] }));
  }

  private patch(id: number, change: Partial<ForwardRow>): void {
    this.store.update((s) => (s.rows.some((r) => r.id === id) ? { rows: s.rows.map((r) => (r.id === id ? { ...r, ...change } : r)) } : s));
  }

  private drop(id: number): void {
    this.store.update((s) => ({ rows: s.rows.filter((r) => r.id !== id) }));
  }

  /** Through the engine's API: resolves with the row once it listens, rejects with the engine's words. */
  async throughEngine(request: EngineForward): Promise<ForwardRow> {
    if (this.stopped) throw new Error('berth is quitting');
    const id = this.next++;
    const row: ForwardRow = { id, local: '127.0.0.1:…', target: `${request.name}:${request.port}`, way: 'engine', engine: request.engine, state: 'starting' };
    this.put(row);
    const plain = recorderOf(request.client)?.client ?? request.client;
    let relay: Relay | undefined;
    this.enders.set(id, () => relay?.stop() ?? Promise.resolve());
    try {
      // One entry: the helper's `docker run -i --rm --network container:…` (its execs are the forward's own).
      relay = await oneAction(request.client, { run: true }, (logged) =>
        Relay.start({
          logged,
          plain,
          image: request.image,
          targetId: request.containerId,
          port: request.port,
          localPort: request.port >= 1024 ? request.port : 0,
          onChange: (figures) => this.patch(id, { figures }),
          onEnded: (why) => this.patch(id, { state: 'failed', error: why }),
        }),
      );
    } catch (error) {
      this.enders.delete(id);
      this.drop(id);
      throw error;
    }
    const live = relay;
    this.enders.set(id, () => live.stop());
    const opened: ForwardRow = { ...row, local: `127.0.0.1:${live.localPort}`, state: 'open', figures: { ...live.figures } };
    this.put(opened);
    // Quitting came while it started: it ends with the rest.
    if (this.stopped) await live.stop().catch(() => undefined);
    return opened;
  }

  /** Through the ssh engine's master (`ssh -O forward`): the published port, as the engine's host reaches it. */
  async throughSsh(request: SshMasterForward, localPort: number): Promise<ForwardRow> {
    if (this.stopped) throw new Error('berth is quitting');
    const id = this.next++;
    const wildcard = request.hostIp === '' || request.hostIp === '0.0.0.0' || request.hostIp === '::';
    const spec = { localPort, host: wildcard ? '127.0.0.1' : request.hostIp, port: request.hostPort };
    const row: ForwardRow = { id, local: `127.0.0.1:${localPort}`, target: `${request.name}:${request.port} (host ${spec.host}:${spec.port})`, way: 'ssh', engine: request.engine, state: 'starting' };
    this.put(row);
    try {
      await oneAction(request.client, { line: `ssh -O forward -L ${forwardArgument(spec)} ${request.engine}` }, (client) => client.sshPortForward('forward', spec));
    } catch (error) {
      this.drop(id);
      throw error;
    }
    // The master ends with berth's engine connection, and its forwards with it; cancel asks it first.
    this.enders.set(id, () => request.client.sshPortForward('cancel', spec));
    const opened: ForwardRow = { ...row, state: 'open' };
    this.put(opened);
    return opened;
  }

  /** Ends one forward; resolves once its helper is gone (or the master stopped forwarding). */
  async cancel(id: number): Promise<void> {
    const ender = this.enders.get(id);
    this.enders.delete(id);
    this.drop(id);
    if (ender) await ender();
  }

  /** Ends every forward (berth switched engines: they went to the old one); an ending that fails is let go. */
  endAll(): Promise<void> {
    return Promise.all([...this.enders.keys()].map((id) => this.cancel(id).catch((error: unknown) => void describeError(error)))).then(() => undefined);
  }

  /** Ends every forward and takes no more (berth quits): once; later calls wait for the same. */
  stop(): Promise<void> {
    this.stopped ??= this.endAll();
    return this.stopped;
  }
}
