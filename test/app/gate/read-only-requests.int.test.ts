/**
 * The one gate at the request level (issue 47 "Done means"): every key on every sample screen
 * (test/house/screens.ts, ALL_KEYS), then Enter and `y` after it, makes its commands as the
 * house sweep finds them (test/house/read-only-sweep.test.ts); here each goes the way berth sends
 * it — the store's way through the gate (app/gate/gate.ts `throughGate`) into berth's own
 * CommandRunner, with the results it dispatches reduced again and whatever those make run too —
 * against the sandbox's dockerd behind a proxy that records every request
 * (test/support/recording-proxy.ts).
 *
 * - On a read-only engine not one request but a read reaches it (the client's own lock,
 *   engine/http.ts, is left off: it would hide what got past the gate): neither from what the
 *   keys make there (the keys refuse a change first) nor from what they make on read-write
 *   engines, sent to read-only ones anyway (a way in that skips the keys: the gate's own work).
 * - In a fleet of two (two proxies onto the one dockerd, `first` shown and `second`), every
 *   request made from a row of `second` goes through second's proxy, and the rest through first's.
 *
 * The screens name made-up containers and images; containers made here (and the sandbox's busybox
 * image) stand in for them as each command goes to the runner, so the reads reach what follows
 * them (a logs stream after the inspect, the archive after the stat). The proxies pass reads only
 * and answer anything else 403: a failing sweep changes nothing. Commands that differ only in a
 * path on this machine (a backup's file, a copy's directory) go once, written into a scratch dir.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { AppStore } from '../../../src/app/app-store.ts';
import type { Command } from '../../../src/app/commands.ts';
import type { UiContext } from '../../../src/app/context.ts';
import { changesEngine } from '../../../src/app/gate/command-facts.ts';
import { gate, throughGate } from '../../../src/app/gate/gate.ts';
import { CommandRunner } from '../../../src/app/handlers/runner.ts';
import type { RunnerServices } from '../../../src/app/handlers/work.ts';
import { reduceApp } from '../../../src/app/keys/reduce.ts';
import { demandsOf } from '../../../src/app/runtime.ts';
import type { AppState } from '../../../src/app/types.ts';
import { EngineClient } from '../../../src/engine/client.ts';
import { ActionLog } from '../../../src/state/action-log/action-log.ts';
import { closeEngineSession, openEngineSession, startEngineSession, type EngineSession } from '../../../src/state/engine-session.ts';
import { Fleet, type Access } from '../../../src/state/fleet/fleet.ts';
import { tagged } from '../../../src/state/fleet/member-tag.ts';
import { Forwards } from '../../../src/state/forwards/forwards.ts';
import { PullManager } from '../../../src/state/pulls/pull-manager.ts';
import { LiveSources, type Demands } from '../../../src/state/sources.ts';
import { ALL_KEYS } from '../../house/screens.ts';
import { commandsAfter, contextOn, sweepScreens } from '../../house/sweep-commands.ts';
import { startRecordingProxy, type RecordingProxy, type SeenRequest } from '../../support/recording-proxy.ts';
import { sandboxEnv } from '../../support/sandbox-env.ts';

/**
 * What the sweep counts as a read: GET and HEAD, and one POST named with why. An exec made to
 * read something (its create is a POST) is not a read.
 */
const READ_EXCEPTIONS: ReadonlyArray<{ method: string; path: RegExp; why: string }> = [
  // berth's client counts it as a read too (engine/http.ts isReadRequest).
  { method: 'POST', path: /^\/containers\/[^/?]+\/wait(\?|$)/, why: 'a wait only follows a container until it stops: it changes nothing' },
];
const isRead = (method: string, path: string) => method === 'GET' || method === 'HEAD' || READ_EXCEPTIONS.some((e) => e.method === method && e.path.test(path));

/** Quiet for this long (and no answer pending) means berth has asked all it will. */
const SETTLE = { quietMs: 1000, staleMs: 5000, limitMs: 20_000 };

const suffix = randomBytes(4).toString('hex');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'berth-reqsweep-'));
const out = path.join(scratch, 'out');
const here = path.join(scratch, 'cwd');
let direct: EngineClient;
const made: string[] = [];
/** The screens' made-up ids and names, and what stands in for each on the sandbox. */
const standIns = new Map<string, string>();
const tags = new Map<string, string>();
const cleanups: Array<() => Promise<void> | void> = [];

before(async () => {
  const env = sandboxEnv();
  direct = new EngineClient({ host: env.dockerHost, env: {} });
  // What berth loads on first use (a copy's tar, a build's ignore file and trace), loaded now: on
  // a loaded machine a first load can outlast a settle, and its request land in the next batch.
  await Promise.all([import('tar'), import('@balena/dockerignore'), import('protobufjs')]);
  // Whatever the commands write on this machine goes into the scratch dir (a save's tar, a logs
  // file, a copy), beside the empty current directory a build sends as its context (a context whose files come
  // and go while it is sent failed here with an uncaught ENOENT: not the gate's, left as found); a browser
  // that a port's `o` would open is `true`.
  mkdirSync(out);
  mkdirSync(here);
  process.chdir(here);
  process.env.BROWSER = 'true';
  const sample = contextOn([{ name: 'sweep', access: 'read-only' }]);
  for (const c of sample.engine.containers.items) {
    const name = (c.Names?.[0] ?? '').replace(/^\//, '');
    const running = c.State === 'running';
    const { Id } = await direct.createContainer({ Image: env.images.busybox, Cmd: running ? ['sleep', '600'] : ['true'], Labels: c.Labels ?? {} }, { name: `berth-reqsweep-${suffix}-${name}` });
    made.push(Id);
    await direct.startContainer(Id);
    if (!running) await direct.waitContainer(Id);
    standIns.set(c.Id, Id);
    standIns.set(c.Id.slice(0, 12), Id.slice(0, 12));
  }
  const busybox = (await direct.inspectImage(env.images.busybox)) as { Id: string };
  for (const i of sample.engine.images.items) {
    standIns.set(i.Id, busybox.Id);
    for (const tag of i.RepoTags ?? []) tags.set(tag, env.images.busybox);
  }
});

after(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const id of made) await direct.removeContainer(id, { force: true }).catch(() => undefined);
  await direct.close();
  process.chdir(os.tmpdir());
  rmSync(scratch, { recursive: true, force: true });
});

/** `value` with the screens' made-up ids and tags replaced by their stand-ins (numbers, Infinity, undefined kept). */
function standingIn<T>(value: T): T {
  if (typeof value === 'string') {
    const tag = tags.get(value);
    if (tag !== undefined) return tag as T;
    let text: string = value;
    for (const [from, to] of standIns) text = text.split(from).join(to);
    return text as T;
  }
  if (Array.isArray(value)) return value.map(standingIn) as T;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, standingIn(v)])) as T;
  return value;
}

let written = 0;
/** The command as the runner gets it: made-up ids stood in for, and a path on this machine pointed into the scratch dir. */
function asRun(command: Command): Command {
  const real = standingIn(command);
  written += 1;
  if (real.type === 'backup-start') return { ...real, file: path.join(out, `backup-${written}.tar`) };
  if (real.type === 'container-copy-out') {
    const directory = path.join(out, `copy-${written}`);
    mkdirSync(directory);
    return { ...real, directory };
  }
  return real;
}

/** Two commands the engine cannot tell apart: the same but for a path on this machine. */
function sameForTheEngine(command: Command): string {
  if (command.type === 'backup-start') return JSON.stringify({ ...command, file: '' });
  if (command.type === 'container-copy-out') return JSON.stringify({ ...command, directory: '' });
  return JSON.stringify(command);
}

interface Made {
  command: Command;
  state: AppState;
  /** Where it was made: the screen and the key. */
  where: string;
  /** The engine the gate sends it to (undefined: the one shown), or `refused`. */
  to: string | undefined;
}

/** Every command the keys make on every screen, once for each `sameness` (the first screen and key that made it named). */
function sweepCommands(ctx: UiContext, sameness: (command: Command) => string): Made[] {
  const found = new Map<string, Made>();
  for (const screen of sweepScreens(ctx)) {
    for (const key of ALL_KEYS) {
      for (const { command, state } of commandsAfter(screen.state, key, ctx)) {
        const verdict = gate(command, state, ctx);
        const to = verdict.go ? verdict.engine : 'refused';
        const id = `${to ?? ''}\u0000${sameness(command)}`;
        if (!found.has(id)) found.set(id, { command, state, where: `${screen.name}, ${key}`, to });
      }
    }
  }
  return [...found.values()];
}

/**
 * Where a command goes, for the fleet sweep: its kind, the things it names (the screens' ids and
 * names) and what kind of work it asks for (`kind`, `verb`, `target`, `way` anywhere in it). What
 * was typed (a new name, a command, a path, a tag) goes into the request, never into which engine
 * gets it: ~1,650 commands (exec lines, renames, tags, paths typed a key apart) go as ~165.
 */
function whereItGoes(command: Command): string {
  const named = new Set<string>();
  const walk = (value: unknown, field: string): void => {
    if (typeof value === 'string') {
      if (['kind', 'verb', 'target', 'way'].includes(field)) named.add(`${field}=${value}`);
      for (const id of standIns.keys()) if (value.includes(id)) named.add(id);
    } else if (Array.isArray(value)) for (const item of value) walk(item, field);
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(command, '');
  return `${command.type} ${[...named].sort().join(' ')}`;
}

/** berth's engine side for the sweep: its sources over `primary` (and a fleet's others), its forwards, no terminal. */
function berthOver(primary: EngineSession, name: string, access: Access, others: ReadonlyArray<{ name: string; access: Access; session: EngineSession }>, actionLog: ActionLog): RunnerServices {
  const pulls = new PullManager({ client: primary.client, engine: primary.label });
  // No `client` for the engine shown: its client's own read-only lock stays off (see the top).
  const fleet = new Fleet({ name: () => name, access: () => access, label: () => primary.label, store: primary.store }, others);
  const sources = new LiveSources(primary, pulls, primary.store, { actionLog, freshnessMs: 0 }, fleet);
  const forwards = new Forwards();
  cleanups.push(async () => {
    sources.stop();
    pulls.stop();
    // A save still writing removes its partial file before the scratch dir goes (as berth's way out waits).
    await Promise.race([pulls.whenCleanedUp(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    await forwards.stop();
    await fleet.close();
  });
  return { sources, quit: () => undefined, copy: () => undefined, logDir: () => out, forwards };
}

function session(proxy: RecordingProxy, actionLog: ActionLog): EngineSession {
  const opened = openEngineSession({ host: proxy.dockerHost }, { env: {}, sync: { intervalMs: 60_000 }, actionLog });
  cleanups.push(() => closeEngineSession(opened));
  return opened;
}

/**
 * Runs each command as berth's store does: through the gate into a runner of its own, over a
 * store at the state it was made in, so what the runner reports back is reduced there and what
 * that makes runs as well. A few at a time, the event loop let go between: a person's keys never
 * hold it for seconds, and a connection's timers would fire late and fail it. Returns the runners, to stop.
 */
async function runAll(commands: readonly Made[], ctx: UiContext, services: RunnerServices): Promise<CommandRunner[]> {
  const runners: CommandRunner[] = [];
  for (const [i, { command, state }] of commands.entries()) {
    const store = new AppStore<UiContext>(state, reduceApp, () => ctx);
    const runner = new CommandRunner(services, (action) => store.dispatch(action));
    const run = throughGate(store, () => ctx, (c, engine) => runner.run(asRun(c), engine));
    store.setRunner(run);
    run(command);
    runners.push(runner);
    if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
  }
  return runners;
}

/** The screens' demands merged: as few watches as hold every list and panel stream asked for, each with all the rest. */
function allAtOnce(demands: readonly Demands[]): Demands[] {
  const ids = (pick: (d: Demands) => readonly string[] | undefined) => [...new Set(demands.flatMap((d) => pick(d) ?? []))];
  const any = (pick: (d: Demands) => boolean | undefined) => demands.some(pick);
  const merged: Demands = {
    swarm: any((d) => d.swarm),
    stats: ids((d) => d.stats),
    pulse: any((d) => d.pulse),
    pulseContainers: ids((d) => d.pulseContainers),
    times: ids((d) => d.times),
    freshness: any((d) => d.freshness),
    diskUsage: any((d) => d.diskUsage),
    sizes: any((d) => d.sizes),
  };
  const lists = [...new Set(demands.flatMap((d) => (d.resources ? [d.resources] : [])))];
  const panels = [...new Map(demands.flatMap((d) => (d.panel ? [[JSON.stringify(d.panel), d.panel] as const] : []))).values()];
  return Array.from({ length: Math.max(1, lists.length, panels.length) }, (_, i) => ({ ...merged, ...(lists[i] && { resources: lists[i] }), ...(panels[i] && { panel: panels[i] }) }));
}

/** A fleet of `first` (shown) and `second`, with every container, image and incident the second's (as a fleet's lists tag them). */
function onSecond(access: Access): UiContext {
  const ctx = contextOn([
    { name: 'first', access },
    { name: 'second', access },
  ]);
  return {
    ...ctx,
    engine: {
      ...ctx.engine,
      containers: { ...ctx.engine.containers, items: ctx.engine.containers.items.map((c) => tagged(c, 'second')) },
      images: { ...ctx.engine.images, items: ctx.engine.images.items.map((i) => tagged(i, 'second')) },
    },
    incidents: { ...ctx.incidents, incidents: ctx.incidents.incidents.map((i) => tagged(i, 'second')) },
  };
}

/** What the keys make on that fleet, both engines read-write: swept once, for both tests. */
let fleetSwept: { commands: Made[]; ms: number } | undefined;
function fleetSweep(): { commands: Made[]; ms: number } {
  if (fleetSwept) return fleetSwept;
  const started = Date.now();
  const commands = sweepCommands(onSecond('read-write'), whereItGoes);
  fleetSwept = { commands, ms: Date.now() - started };
  return fleetSwept;
}

const shown = (requests: readonly SeenRequest[]) => requests.map((r) => `${r.method} ${r.path}`);

describe('the gate at the request level', () => {
  test('on a read-only engine, every key on every screen sends the engine reads only', async () => {
    const env = sandboxEnv();
    const proxy = await startRecordingProxy(env.socketPath, isRead);
    cleanups.push(proxy.close);
    const actionLog = new ActionLog();
    const engine = session(proxy, actionLog);
    // A fleet's second engine onto the same proxy, for the commands made on its rows below. Its
    // client's own lock stays off too (read-write for the Fleet; the gate reads the context).
    const other = session(proxy, actionLog);
    const services = berthOver(engine, 'first', 'read-only', [{ name: 'second', access: 'read-write', session: other }], actionLog);
    // The engine shown as berth keeps it: the version, the lists, the events.
    startEngineSession(engine);
    const ctx = contextOn([{ name: 'first', access: 'read-only' }]);
    const swept = Date.now();
    // The keys refuse a change first (fleet/access.ts), so what they make here only reads. The
    // gate is for a way in that skips them: the commands the same keys make on read-write
    // engines (the fleet's, below) go to read-only ones too, and the gate must stop every change.
    const reads = sweepCommands(ctx, sameForTheEngine);
    const locked = onSecond('read-only');
    const unasked = fleetSweep().commands.map((c) => ({ ...c, to: gate(c.command, c.state, locked).go ? c.to : 'refused' }));
    const sweptMs = Date.now() - swept;
    const refused = unasked.filter((c) => c.to === 'refused');

    // What the screens keep live (their panes' and views' demands), all at once: one watch per
    // list and per split-panel stream the screens ask for, each with every other demand beside it.
    const demands = sweepScreens(ctx).map((s) => standingIn(demandsOf(s.state, ctx)));
    const watches = allAtOnce(demands);
    for (const watch of watches) {
      services.sources.watch(watch);
      assert.ok(await proxy.settled(SETTLE), 'the sources settle');
    }
    services.sources.watch({});
    const runners = [...(await runAll(reads, ctx, services)), ...(await runAll(unasked, locked, services))];
    const settled = await proxy.settled(SETTLE);
    for (const runner of runners) runner.stop();
    const requests = proxy.requests();
    const changes = requests.filter((r) => !isRead(r.method, r.path));
    const kinds = new Set(requests.map((r) => `${r.method} ${r.path.replace(/\?.*$/, '').replace(/[0-9a-f]{64}/g, '<id>')}`));
    console.log(`# keys swept in ${sweptMs} ms: ${reads.length} commands, and ${unasked.length} made on a read-write engine (${refused.length} changes the gate refused), ${watches.length} watches of ${new Set(demands.map((d) => JSON.stringify(d))).size} screens' demands, ${requests.length} requests, settled: ${settled}`);
    console.log(`# the requests: ${[...kinds].sort().join(', ')}`);
    assert.deepEqual(shown(changes), [], 'requests other than reads reached the read-only engine');
    assert.ok(reads.every((c) => c.to !== 'refused' && !changesEngine(c.command)), 'the keys make no change on a read-only engine');
    assert.deepEqual(
      unasked.filter((c) => changesEngine(c.command) !== (c.to === 'refused')).map((c) => `${c.where}: ${c.command.type}`),
      [],
      'the gate refuses exactly the changes',
    );
    assert.ok(refused.length > 0);
    // The sweep reached the engine: the reads the views make after their first are there.
    for (const read of ['/archive', '/logs', '/top', '/export', '/images/get', '/history', '/changes']) assert.ok(requests.some((r) => r.path.includes(read)), `a ${read} read was made`);
  });

  test('in a fleet, every request made from a row of the second engine goes to it', async () => {
    const env = sandboxEnv();
    const first = await startRecordingProxy(env.socketPath, isRead);
    const second = await startRecordingProxy(env.socketPath, isRead);
    cleanups.push(first.close, second.close);
    const actionLog = new ActionLog();
    const shownEngine = session(first, actionLog);
    const other = session(second, actionLog);
    // No sync loops: the only requests are the commands'.
    const services = berthOver(shownEngine, 'first', 'read-write', [{ name: 'second', access: 'read-write', session: other }], actionLog);
    // Each client's version, as its sync loop would have it: then the requests counted are the commands' alone.
    await Promise.all([shownEngine.client.negotiatedApiVersion(), other.client.negotiatedApiVersion()]);
    const { commands, ms: sweptMs } = fleetSweep();
    const onB = commands.filter((c) => c.to === 'second');
    const onA = commands.filter((c) => c.to !== 'second');
    assert.ok(onB.length > 0 && onA.length > 0);
    // One engine's rows at a time: while they run, the other proxy hears nothing.
    const batch = async (batch: readonly Made[], quiet: RecordingProxy, heard: RecordingProxy) => {
      const before = { quiet: quiet.requests().length, heard: heard.requests().length };
      const runners = await runAll(batch, onSecond('read-write'), services);
      const settled = await heard.settled(SETTLE);
      for (const runner of runners) runner.stop();
      // What the batch left running (a list read again after a refused change) ends before the next batch.
      await heard.silent({ quietMs: SETTLE.quietMs, limitMs: SETTLE.limitMs });
      return { settled, wrong: quiet.requests().slice(before.quiet), right: heard.requests().slice(before.heard) };
    };
    const b = await batch(onB, first, second);
    // The second engine's sync loop, woken by the handlers' refreshes there, goes on reading its
    // list at its own pace (berth runs one per engine): it stops before the first's rows run.
    const retrying = other.store.getState().connection.status;
    await other.sync.stop();
    const a = await batch(onA, second, first);
    console.log(`# keys swept in ${sweptMs} ms (shared with the read-only test); second's rows: ${onB.length} commands, ${b.right.length} requests (settled: ${b.settled}); the rest: ${onA.length} commands, ${a.right.length} requests (settled: ${a.settled}); the second's sync loop was ${retrying}`);
    assert.deepEqual(shown(b.wrong), [], 'requests made from the second engine’s rows reached the first');
    assert.deepEqual(shown(a.wrong), [], 'requests made on the first engine reached the second');
    assert.ok(b.right.length > 0, 'the second engine’s rows asked it something');
  });
});
