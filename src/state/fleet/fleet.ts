/**
 * A fleet: several engines shown together (issue 36). The first is the engine berth shows as
 * ever (the switchboard's: its sources, events, incidents, volumes and networks are the ones the
 * panes read); the others are sessions of their own beside it, each with its own connection and
 * sync loop, so one that is slow, frozen or unreachable holds up nothing but its own rows. The
 * fleet's state names every engine with its short name, its access (read-only, protected) and its
 * engine state; fleet-lists.ts puts their containers and images together for the panes.
 */
import type { EngineClient } from '../../engine/client.ts';
import { closeEngineSession, startEngineSession, type EngineSession } from '../engine-session.ts';
import type { EngineState } from '../engine-state.ts';
import type { SyncPace } from '../engine-sync.ts';
import { Store } from '../store.ts';

/** What may be done on an engine: anything; nothing that changes it; changes once its name is typed. */
export type Access = 'read-write' | 'read-only' | 'protected';

export interface FleetMember {
  /** Short name: the ENGINE column, `engine:NAME` in a filter, the status bar. */
  name: string;
  /** Its address as the status bar writes it (`ctx @ unix:///…`). */
  label: string;
  access: Access;
  engine: EngineState;
  /** The engine berth shows: its sources feed the panes that do not merge. */
  primary: boolean;
}

/** Every engine of the fleet, the first one first; none outside a fleet. */
export interface FleetState {
  members: readonly FleetMember[];
}

export const NO_FLEET: FleetState = { members: [] };

/** One engine beyond the first, as the fleet opens it. */
export interface FleetEngine {
  name: string;
  access: Access;
  session: EngineSession;
}

/** Sets a client read-only when its engine's access says so (and read-write otherwise). */
function lockIfReadOnly(client: EngineClient, name: string, access: Access): void {
  client.setReadOnly(access === 'read-only' ? `${name} is read-only (config.json "engines"): berth sends it no change` : undefined);
}

/**
 * How often an idle engine beside the one shown is asked anything. Each such request costs berth
 * ~1 ms of CPU, and at the shown engine's pace (a ping after 5 s of quiet, two lists every 30 s)
 * 20 of them were ~350 requests a minute, most of an idle fleet's CPU (bench B22,
 * docs/performance.md). Their events still refresh their rows at once, one that goes away is
 * still noticed by its event stream's end; a frozen one says "not responding" ~10 s later, and a
 * dropped event shows within 2 minutes instead of 30 s.
 */
export const MEMBER_PACE: SyncPace = { probeAfterMs: 15_000, safetyIntervalMs: 120_000 };

export class Fleet {
  readonly store: Store<FleetState>;
  private readonly offPrimary: () => void;
  private offOthers: Array<() => void> = [];
  private closed = false;

  constructor(
    /** The engine berth shows (the switchboard's store follows a switch). */
    private readonly primary: { name: () => string; access: () => Access; label: () => string; store: Store<EngineState>; client?: () => EngineClient },
    private others: readonly FleetEngine[],
  ) {
    this.store = new Store(this.read());
    this.offPrimary = primary.store.subscribe(this.update);
    this.offOthers = others.map((o) => o.session.store.subscribe(this.update));
  }

  /** Starts the other engines' sync loops (the first one's is started by berth). */
  start(): void {
    for (const other of this.others) {
      other.session.sync.setPace(MEMBER_PACE);
      startEngineSession(other.session);
    }
  }

  /** Shows these engines beside the first from now on (the switcher's choice): the ones before close. */
  async replace(others: readonly FleetEngine[]): Promise<void> {
    const before = this.others;
    for (const off of this.offOthers) off();
    this.others = others;
    this.offOthers = others.map((o) => o.session.store.subscribe(this.update));
    this.start();
    this.update();
    await Promise.all(before.map((o) => closeEngineSession(o.session).catch(() => undefined)));
  }

  private readonly update = (): void => this.store.update(() => this.read());

  /** The client of the engine named `name`, when it is one of the others (the first one's is the shown engine's). */
  client(name: string): EngineClient | undefined {
    return this.others.find((o) => o.name === name)?.session.client;
  }

  /** The other engines, in order. */
  get engines(): readonly FleetEngine[] {
    return this.others;
  }

  /** The other engines' short names, in order. */
  get otherNames(): string[] {
    return this.others.map((o) => o.name);
  }

  /** The session of one of the others. */
  session(name: string): EngineSession | undefined {
    return this.others.find((o) => o.name === name)?.session;
  }

  get primaryName(): string {
    return this.primary.name();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.offPrimary();
    for (const off of this.offOthers) off();
    await Promise.all(this.others.map((o) => closeEngineSession(o.session).catch(() => undefined)));
  }

  private read(): FleetState {
    const first: FleetMember = { name: this.primary.name(), label: this.primary.label(), access: this.primary.access(), engine: this.primary.store.getState(), primary: true };
    // A read-only engine's client sends reads only, whoever asks (engine/http.ts): the gate's last line.
    const primaryClient = this.primary.client?.();
    if (primaryClient) lockIfReadOnly(primaryClient, first.name, first.access);
    for (const other of this.others) lockIfReadOnly(other.session.client, other.name, other.access);
    return {
      members: [first, ...this.others.map((o) => ({ name: o.name, label: o.session.label, access: o.access, engine: o.session.store.getState(), primary: false }))],
    };
  }
}
