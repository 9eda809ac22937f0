/**
 * The screens the house checks sweep (key-sweep.test.ts, read-only-sweep.test.ts), each built the
 * way a person reaches it: keys from a pane, with data that gives each key something to act on
 * (a selection in the middle of a list, a running pull, a Compose project, text in a field with
 * the cursor inside it). Built over any reducer context: a read-only engine's shows what a person
 * can reach there.
 */
import assert from 'node:assert/strict';
import type { AppInput } from '../../src/app/app-store.ts';
import type { Command, DialogReply } from '../../src/app/commands.ts';
import type { UiContext } from '../../src/app/context.ts';
import { plainFlags, type KeyPress } from '../../src/app/input/press.ts';
import { reduceApp } from '../../src/app/keys/reduce.ts';
import { panes } from '../../src/app/panes/index.ts';
import { initialAppState, topOverlay, type AppState } from '../../src/app/types.ts';
import type { ContainerSummary, ImageSummary } from '../../src/engine/types.ts';
import { initialEngineState, type EngineState } from '../../src/state/engine-state.ts';
import { createPull, finishPull } from '../../src/state/pulls/pull-reducer.ts';
import { buildSending, createBuild, finishBuild, foldBuildMessage, type BuildSettings } from '../../src/state/builds/build-reducer.ts';
import type { Incident } from '../../src/state/incidents/detect.ts';
import { uiContext } from '../support/ui-context.ts';
import { containerFacts } from '../../src/state/describe/container-facts.ts';
import type { RelationNode } from '../../src/state/relations/tree.ts';

const NAMED = ['up', 'down', 'left', 'right', 'pageup', 'pagedown', 'home', 'end', 'return', 'escape', 'tab', 'shift+tab', 'backspace', 'delete', 'wheelup', 'wheeldown'];
const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
const CTRL = Array.from({ length: 26 }, (_, i) => `ctrl+${String.fromCharCode(0x61 + i)}`);
const META = ['meta+x', 'meta+b', 'meta+f'];
export const ALL_KEYS = [...NAMED, ...PRINTABLE, ...CTRL, ...META];

/** A press as the key decoder makes it: the name, what was typed, and the flags Ink sets. */
export function press(name: string): KeyPress {
  const flag: Record<string, Partial<KeyPress['key']>> = {
    up: { upArrow: true },
    down: { downArrow: true },
    left: { leftArrow: true },
    right: { rightArrow: true },
    pageup: { pageUp: true },
    pagedown: { pageDown: true },
    home: { home: true },
    end: { end: true },
    return: { return: true },
    escape: { escape: true },
    tab: { tab: true },
    'shift+tab': { tab: true, shift: true },
    backspace: { backspace: true },
    delete: { delete: true },
  };
  const ctrl = name.startsWith('ctrl+');
  const meta = name.startsWith('meta+');
  const input = name.length === 1 ? name : ctrl || meta ? name.slice(5) : name === 'return' ? '\r' : name === 'tab' ? '\t' : '';
  return { name, input, key: { ...plainFlags, ...flag[name], ctrl, meta } };
}


// ---- the data every screen is drawn over --------------------------------------------------

const now = Math.floor(Date.now() / 1000);
const id = (n: number) => `${n}`.repeat(12).slice(0, 12).padEnd(64, '0');
const container = (n: number, name: string, extra: Partial<ContainerSummary> = {}): ContainerSummary => ({
  Id: id(n),
  Names: [`/${name}`],
  Image: 'busybox:latest',
  State: 'running',
  Status: 'Up 3 minutes',
  Created: now - 180 - n,
  Ports: [],
  Labels: {},
  ...extra,
});
const compose = (project: string, service: string) => ({ 'com.docker.compose.project': project, 'com.docker.compose.service': service });
const containers: ContainerSummary[] = [
  container(1, 'api-1', { Labels: compose('shop', 'api') }),
  container(2, 'db-1', { Labels: compose('shop', 'db') }),
  container(3, 'web'),
  container(4, 'worker'),
  container(5, 'old', { State: 'exited', Status: 'Exited (0) 1 hour ago' }),
];
const image = (n: number, tag: string): ImageSummary => ({ Id: `sha256:${id(n)}`, RepoTags: [tag], Created: now - 3600 * n, Size: 1_000_000 * n });
const images = [image(1, 'busybox:latest'), image(2, 'alpine:3.20'), image(3, 'nginx:1.27'), image(4, 'redis:7')];

function engine(): EngineState {
  const base = initialEngineState('unix:///sweep.sock');
  return {
    ...base,
    connection: { ...base.connection, status: 'connected', engineVersion: '20.10.24', apiVersion: '1.41', eventsLive: true },
    containers: { items: containers, loaded: true, stale: false, refreshedAt: Date.now() },
    images: { items: images, loaded: true, stale: false, refreshedAt: Date.now() },
  };
}

const running = createPull({ id: 'pull-3', reference: 'alpine', fromImage: 'docker.io/library/alpine', tag: 'latest', impliedLatest: true, startedAt: 0 });
const done = (n: number) => finishPull(createPull({ id: `pull-${n}`, reference: `img${n}`, fromImage: `docker.io/library/img${n}`, tag: 'latest', impliedLatest: true, startedAt: 0 }), { status: 'done' }, 10);

// Builds start before the pulls (startedAt below theirs): they are the last two blocks, 4 and 5.
const buildSettings: BuildSettings = { context: '.', dockerfile: 'Dockerfile', tags: ['app:1'], buildArgs: {}, target: '', platform: '', noCache: false, pull: false, network: '' };
const buildSteps = (startedAt: number) =>
  foldBuildMessage(buildSending(createBuild({ id: `build-${-startedAt}`, settings: buildSettings, startedAt }), 'classic', ['with the classic builder'], { files: 2, bytes: 4096 }), { stream: 'Step 1/2 : FROM busybox\n ---> Using cache\nStep 2/2 : RUN make\nbuilding…\n' }, startedAt);
const buildRunning = buildSteps(-1);
const buildDone = finishBuild(buildSteps(-2), { status: 'done' }, 10);

const service = (n: number, name: string) => ({
  ID: `svc${n}`.padEnd(25, '0'),
  Spec: { Name: name, Mode: { Replicated: { Replicas: 2 } }, TaskTemplate: { ContainerSpec: { Image: 'busybox:latest' } } },
  PreviousSpec: { Name: name, Mode: { Replicated: { Replicas: 1 } }, TaskTemplate: { ContainerSpec: { Image: 'busybox:latest' } } },
  ServiceStatus: { RunningTasks: 2, DesiredTasks: 2 },
});
const node = (n: number, hostname: string, availability: string) => ({
  ID: `node${n}`.padEnd(25, '0'),
  Spec: { Role: 'manager', Availability: availability },
  Description: { Hostname: hostname, Engine: { EngineVersion: '20.10.24' } },
  Status: { State: 'ready', Addr: '127.0.0.1' },
});

const incident = (seq: number, name: string): Incident => ({
  seq,
  kind: 'exit',
  at: Date.now() - seq * 60_000,
  lastAt: Date.now() - seq * 60_000,
  containerId: id(seq + 3),
  name,
  image: 'busybox:latest',
  exitCode: 1,
  oomKilled: false,
  crashes: 1,
  restarts: 0,
  acknowledged: false,
  recovered: false,
  round: 1,
  untilNs: (Date.now() - seq * 60_000) * 1e6,
});

const lines = Array.from({ length: 200 }, (_, i) => ({ text: i % 10 === 0 ? `error ${i}` : `line ${i}` }));

/** The sample data every screen is drawn over (`extra`: more of the context, e.g. a fleet or custom actions). */
export function sampleContext(extra: Partial<UiContext> = {}): UiContext {
  return uiContext({
    engine: engine(),
    pulls: { pulls: [done(4), running, done(2), done(1)] },
    builds: { builds: [buildRunning, buildDone] },
    events: {
      events: Array.from({ length: 5 }, (_, i) => ({ seq: 5 - i, at: Date.now() - i * 1000, type: 'container', action: 'start', actor: `c${i}`, details: '' })),
    },
    resources: {
      volumes: { items: ['data', 'cache', 'logs', 'tmp'].map((name) => ({ Name: name, Driver: 'local', Mountpoint: `/var/lib/docker/volumes/${name}` })), loaded: true, stale: false },
      networks: { items: ['front', 'back', 'mid', 'edge'].map((name, i) => ({ Id: id(i + 1), Name: name, Driver: 'bridge', Scope: 'local' })), loaded: true, stale: false },
    },
    swarm: {
      loaded: true,
      services: [service(1, 'api'), service(2, 'web'), service(3, 'queue')] as UiContext['swarm']['services'],
      tasks: [],
      nodes: [node(1, 'one', 'active'), node(2, 'two', 'drain'), node(3, 'three', 'active')] as UiContext['swarm']['nodes'],
    },
    incidents: { incidents: [incident(2, 'worker'), incident(1, 'old')] },
    actionLog: { records: [1, 2, 3].map((seq) => ({ seq, atMs: Date.now() - seq * 1000, engine: 'unix:///sweep.sock', line: `docker stop c${seq}`, outcome: { kind: 'ok' as const } })) },
    logLines: () => ({ length: lines.length, at: (i: number) => lines[i] }),
    outputLines: () => ({ length: lines.length, at: (i: number) => lines[i] }),
    diskUsage: {
      computing: false,
      readAt: Date.now(),
      usage: {
        LayersSize: 10_000_000,
        Images: images.map((i, n) => ({ Id: i.Id, RepoTags: i.RepoTags, Size: i.Size, SharedSize: 0, Containers: n === 0 ? 3 : 0 })),
        Containers: containers.map((c, n) => ({ Id: c.Id, Names: c.Names, State: c.State, Image: c.Image, SizeRw: 1000 * n, SizeRootFs: 1_000_000 + 1000 * n })),
        Volumes: ['data', 'cache', 'logs', 'tmp'].map((name, n) => ({ Name: name, UsageData: { Size: 1000 * (n + 1), RefCount: n % 2 } })),
        BuildCache: [1, 2, 3].map((n) => ({ ID: `cache${n}`, Type: 'regular', Size: 1000 * n, InUse: n === 1, Shared: n === 2, Description: `step ${n}` })),
      },
    },
    ...extra,
  });
}

// ---- reaching a screen --------------------------------------------------------------------

export interface Screen {
  name: string;
  state: AppState;
}

/**
 * Every sample screen, reached over `ctx` as a person would. `strict`: every dialog a screen
 * opens must open (off over a read-only engine, where the changes' dialogs never do: that
 * screen is then the one the refused key left).
 */
export function screens(ctx: UiContext, strict = true): Screen[] {
  function apply(state: AppState, input: AppInput): { state: AppState; commands: readonly Command[] } {
    return reduceApp(state, input, ctx);
  }

  function keys(state: AppState, ...names: string[]): AppState {
    return names.reduce((s, name) => apply(s, { kind: 'key', press: press(name) }).state, state);
  }

  function act(state: AppState, ...actions: Parameters<typeof reduceApp>[1][]): AppState {
    return actions.reduce((s, input) => apply(s, input).state, state);
  }

  function reply(state: AppState, result: DialogReply): AppState {
    const top = topOverlay(state);
    if (!strict && top?.kind !== 'dialog') return state;
    assert.ok(top?.kind === 'dialog', 'a dialog is open');
    return act(state, { kind: 'action', action: { type: 'dialog', overlay: top.id, result } });
  }

  const start = initialAppState({ columns: 120, rows: 40 });
  /** A pane with its selection in the middle of its rows, so every move has somewhere to go. */
  const paneKey = (id: string) => ctx.keymap.bindings.find((b) => b.action === `pane-${id}`)?.keys[0] ?? `${panes.findIndex((p) => p.id === id) + 1}`;
  const pane = (id: string, down = 1) => keys(keys(start, paneKey(id)), ...Array<string>(down).fill('down'));

  const list: Screen[] = [];
  const add = (name: string, state: AppState) => list.push({ name, state });
  // Panes: containers twice (a container row, and a Compose project's row with grouping on).
  add('containers', pane('containers'));
  add('containers, a project row', keys(pane('containers', 0), 'z'));
  add('containers, filtered', keys(pane('containers', 0), '/', 'e', 'return'));
  add('containers, marked', keys(pane('containers'), ' ', 'down', 'down', 'V'));
  add('containers, marked and filtered', keys(pane('containers', 0), ' ', '/', 'e', 'return'));
  add('images', pane('images'));
  add('images, marked', keys(pane('images'), ' ', 'up'));
  add('pulls, a running pull', pane('pulls'));
  add('pulls, a finished pull', pane('pulls', 0));
  add('pulls, a running build', pane('pulls', 4));
  add('pulls, a finished build', pane('pulls', 5));
  add('volumes', pane('volumes'));
  add('networks', pane('networks'));
  add('events', pane('events'));
  add('incidents', pane('incidents', 0));
  add('actions', pane('actions'));
  add('services', pane('services'));
  add('nodes', pane('nodes'));
  // The filter prompt, with text and the cursor inside it.
  add('filter prompt', keys(pane('containers', 0), '/', 'w', 'e', 'b', 'left'));
  // Views.
  const logs = keys(pane('containers'), 'l');
  const logsShown = act(logs, { kind: 'action', action: { type: 'view', overlay: topOverlay(logs)!.id, result: { kind: 'changed', added: lines.length, dropped: 0, length: lines.length } } });
  add('logs', keys(logsShown, 'up', 'up'));
  add('logs, searching', keys(logsShown, '/', 'e', 'r', 'r', 'return', 'up'));
  add('logs, search prompt', keys(logsShown, '/', 'e', 'r', 'left'));
  const inspect = keys(pane('containers'), 'i');
  add('inspect', act(inspect, { kind: 'action', action: { type: 'view', overlay: topOverlay(inspect)!.id, result: { kind: 'lines', lines: lines.map((l) => l.text) } } }));
  const diff = keys(pane('containers'), 'D');
  add('diff', act(diff, { kind: 'action', action: { type: 'view', overlay: topOverlay(diff)!.id, result: { kind: 'lines', lines: lines.map((l) => l.text) } } }));
  const files = keys(pane('containers'), 'F');
  const entries = ['a', 'b', 'c', 'd'].map((name) => ({ name, kind: 'file' as const, size: 1 }));
  const listed = act(files, { kind: 'action', action: { type: 'view', overlay: topOverlay(files)!.id, result: { kind: 'opened', opened: { kind: 'directory', path: '/etc', listing: { entries, capped: false } }, changes: [{ path: '/etc/b', kind: 'added' }] } } });
  add('files', keys(listed, 'down', 'down'));
  add('copy in', keys(listed, 'I', 'a', 'b', 'left'));
  add('help', keys(pane('containers'), '?'));
  // The column chooser (`,`), on a shown column in the middle; the split panel on (`|`).
  add('columns', keys(pane('containers'), ',', 'down'));
  add('containers, split panel', keys(pane('containers'), '|'));
  add('palette', keys(pane('containers'), ':', 's', 't'));
  const history = keys(pane('images'), 'h');
  const layer = (n: number) => ({ Id: `sha256:${id(n)}`, Created: now - n * 3600, CreatedBy: `/bin/sh -c #(nop) step ${n}`, Size: n * 1000, Tags: null });
  add('history', act(history, { kind: 'action', action: { type: 'view', overlay: topOverlay(history)!.id, result: { kind: 'layers', entries: [1, 2, 3, 4].map(layer) } } }));
  // The layer explorer (L): its lines, and its question before a big read over ssh or tcp.
  const explorer = keys(pane('images'), 'L');
  const explorerView = (result: unknown) => act(explorer, { kind: 'action', action: { type: 'view', overlay: topOverlay(explorer)!.id, result } } as Parameters<typeof reduceApp>[1]);
  add('layers', explorerView({ kind: 'layers-done', lines: lines.map((l) => l.text) }));
  add('layers, asking', explorerView({ kind: 'layers-ask', bytes: 2e9, over: 'ssh' }));
  add('incident card', keys(pane('incidents', 0), 'return'));
  add('build steps', keys(pane('pulls', 4), 'return'));
  add('stats', keys(pane('containers'), 'm'));
  // Describe, the health panel and relations: a container with a check, env, a volume and a network.
  const web = {
    Id: id(3),
    Name: '/web',
    Path: 'httpd',
    Args: ['-f'],
    State: { Status: 'running', Running: true, Health: { Status: 'unhealthy', FailingStreak: 2, Log: [1, 0, 1].map((code, i) => ({ Start: `2026-01-01T00:00:0${i}Z`, End: `2026-01-01T00:00:0${i}.5Z`, ExitCode: code, Output: `probe ${i}` })) } },
    Config: { Image: 'busybox:latest', Env: ['PATH=/bin', 'DB_PASSWORD=hunter2'], Labels: { 'com.docker.compose.project': 'shop' }, Healthcheck: { Test: ['CMD-SHELL', 'exit 1'], Interval: 1e9 } },
    Mounts: [{ Type: 'volume', Name: 'data', Destination: '/data', RW: true }],
    NetworkSettings: { Networks: { front: { NetworkID: id(1), IPAddress: '10.0.0.2' } }, Ports: { '80/tcp': [{ HostIp: '', HostPort: '8080' }] } },
  };
  const facts = containerFacts(web);
  const described = keys(pane('containers'), 'v');
  add('describe', keys(act(described, { kind: 'action', action: { type: 'view', overlay: topOverlay(described)!.id, result: { kind: 'facts', facts } } }), 'down', 'down'));
  const healthPanel = keys(pane('containers'), 'h');
  const healthRead = act(healthPanel, { kind: 'action', action: { type: 'view', overlay: topOverlay(healthPanel)!.id, result: { kind: 'facts', facts } } });
  add('health', keys(act(healthRead, { kind: 'action', action: { type: 'view', overlay: topOverlay(healthPanel)!.id, result: { kind: 'checked', run: { startMs: 1, endMs: 5, exitCode: 0, output: 'ok' } } } }), 'down', 'down'));
  const related = keys(pane('containers', 0), 'z', 'L');
  const node = (text: string, children: RelationNode[] = []): RelationNode => ({ text, go: { kind: 'container', id: id(1) }, children });
  add('relations', keys(act(related, { kind: 'action', action: { type: 'view', overlay: topOverlay(related)!.id, result: { kind: 'related', tree: node('project shop', [node('service api'), node('service db')]) } } }), 'down'));
  // Ports (b): a published port, an exposed one, and the link a browser could not open.
  const portsView = keys(pane('containers'), 'b');
  const portRows = [
    { port: 80, proto: 'tcp', published: [{ hostIp: '0.0.0.0', hostPort: 8080 }], hostNetwork: false },
    { port: 5432, proto: 'tcp', published: [], hostNetwork: false },
    { port: 9000, proto: 'tcp', published: [{ hostIp: '', hostPort: 9000 }], hostNetwork: false },
  ];
  const portsShown = act(portsView, { kind: 'action', action: { type: 'view', overlay: topOverlay(portsView)!.id, result: { kind: 'ports-listed', ports: portRows } } });
  add('ports', keys(portsShown, 'down'));
  add('forward a typed port, a field', keys(portsShown, 'F', '8', '0', 'left'));
  // Forwards (B): one through the engine, one through ssh.
  const forwardsView = keys(pane('containers'), 'B');
  const forwardRows = [
    { id: 1, local: '127.0.0.1:8080', target: 'web:80', way: 'engine' as const, engine: 'docker', state: 'open' as const, figures: { open: 1, total: 3, sent: 10, received: 20 } },
    { id: 2, local: '127.0.0.1:9000', target: 'api:9000 (host 127.0.0.1:9000)', way: 'ssh' as const, engine: 'ssh://box', state: 'open' as const },
  ];
  add('forwards', keys(act(forwardsView, { kind: 'action', action: { type: 'view', overlay: topOverlay(forwardsView)!.id, result: { kind: 'forwards-listed', rows: forwardRows } } }), 'down'));
  add('disk usage', keys(pane('containers'), 'W', 'down'));
  add('disk usage, volumes', keys(pane('containers'), 'W', 'down', 'down', 'return', 'down'));
  add('disk usage, build cache', keys(pane('containers'), 'W', 'down', 'down', 'down', 'return', 'down'));
  const engines = keys(pane('containers'), 'E');
  add(
    'engines',
    act(engines, {
      kind: 'action',
      action: {
        type: 'view',
        overlay: topOverlay(engines)!.id,
        result: { kind: 'listed', rows: ['one', 'two', 'three'].map((name, i) => ({ name, host: `unix:///${name}.sock`, current: i === 0, target: { host: `unix:///${name}.sock` } })) },
      },
    }),
  );
  // Dialogs, on a text field with the cursor inside its text, and on a switch.
  add('run, a field', keys(pane('containers'), 'r', 'b', 'u', 's', 'left'));
  add('run, a switch', keys(pane('containers'), 'r', 'tab', 'tab', 'tab'));
  add('stop', keys(pane('containers'), 's', '5', '0', 'left'));
  add('commit', keys(pane('containers'), 'c', 'a', 'p', 'p', 'left'));
  add('commit, a switch', keys(pane('containers'), 'c', 'tab', 'tab', 'tab', 'tab', 'tab'));
  add('remove, a switch', keys(pane('containers'), 'd'));
  add('build, a field', keys(pane('images'), 'b', 'a', 'p', 'p', 'left'));
  add('build, a switch', keys(pane('images'), 'b', ...Array<string>(7).fill('tab')));
  add('pull', keys(pane('containers'), 'p', 'a', 'l', 'p', 'left'));
  // The registries' list under the image field, its cursor on the middle row (pull-search.ts).
  const hits = { where: 'Docker Hub', hits: [{ name: 'alpine' }, { name: 'alpine/git' }, { name: 'alpinelinux/build' }] };
  add('pull, the registry list', keys(reply(keys(pane('containers'), 'p', 'a', 'l', 'p'), { kind: 'searched', term: 'alp', answer: hits }), 'down', 'down'));
  add('kill', keys(pane('containers'), 'K', 'H', 'U', 'P', 'left'));
  add('copy out', keys(pane('containers'), 'C', '/', 'e', 't', 'c', 'left'));
  add('prune images', reply(keys(pane('images'), 'X'), { kind: 'previewed', serial: 1, preview: { items: [{ key: 'sha256:1', name: 'sha256:1', size: 10 }], bytes: 10, unknownSizes: 0 } }));
  add('create', keys(pane('volumes'), 'c', 'd', 'b', 'left'));
  add('scale', keys(pane('services'), 's', '3', '0', 'left'));
  add('confirm', keys(pane('nodes'), 'D'));
  add('rename', keys(pane('containers'), 'N', 'x', 'left'));
  add('tag', keys(pane('images'), 't', 'v', '2', 'left'));
  add('update, pulling', keys(pane('images'), 'u'));
  add('update, an offer', reply(keys(pane('images'), 'u'), { kind: 'updated', imageId: 'sha256:new', users: [{ id: id(3), name: 'web' }] }));
  add('recreate', keys(pane('containers'), 'U'));
  add('save to a tar', keys(pane('images'), 'w', 'x', 'left'));
  add('save to a tar, asked to replace', reply(keys(pane('containers'), 'w', 'left'), { kind: 'exists', target: '/tmp/web.tar' }));
  add('backup, a volume export', keys(pane('volumes'), 'w', 'tab', 'left'));
  add('backup, a restore asked into files', reply(keys(pane('volumes'), 'I', 'a', 'tab', 'left'), { kind: 'not-empty', volume: 'data' }));
  add('engine name', keys(act(pane('containers'), { kind: 'action', action: { type: 'open-dialog', request: { type: 'engine-name', engine: 'sweep', action: 'stop', confirmed: [] } } }), 's', 'w', 'left'));
  add('bulk stop, a field', keys(pane('containers'), ' ', 'down', ' ', 's', '5', '0', 'left'));
  add('bulk remove, a switch', keys(pane('images'), ' ', 'down', ' ', 'd'));
  add('bulk start', keys(pane('containers'), ' ', 'down', ' ', 'S'));
  const bulkRunning = keys(pane('containers'), ' ', 'down', ' ', 'S', 'return');
  add('bulk running', reply(bulkRunning, { kind: 'set-started', index: 0 }));
  add('bulk finished', reply(reply(bulkRunning, { kind: 'set-item', index: 0, ok: false, message: 'No such container' }), { kind: 'set-ended', halted: false }));
  const run = keys(pane('containers'), 'r', 'b', 'u', 's', 'y', 'b', 'o', 'x', 'return');
  const output = [{ kind: 'created', id: id(9), warnings: [] }, { kind: 'started' }, { kind: 'output', lines: 100 }] as const;
  add('run, its output', keys(output.reduce((s, r) => reply(s, r), run), 'up'));
  // `/` in a dialog's output: its prompt (printable keys are text), and a match found.
  add('run, its output searched', keys(output.reduce((s, r) => reply(s, r), run), '/', 'e', 'r', 'r', 'return', 'up'));
  add('run, its output, search prompt', keys(output.reduce((s, r) => reply(s, r), run), '/', 'e', 'r', 'left'));
  // Compose (Z): the actions while the CLI is looked for, the profiles field, and a run's output.
  const composing = keys(pane('containers', 0), 'z', 'Z');
  add('compose, looking for the CLI', composing);
  const composeReady = reply(composing, { kind: 'compose-probed', cli: { label: 'docker-compose', version: '1.29.2' }, missing: [] });
  add('compose, an action', keys(composeReady, 'down'));
  add('compose, profiles', keys(composeReady, 'up', 'd', 'e', 'v', 'left'));
  const composeRun = keys(composeReady, 'return');
  add('compose, its output', keys(reply(composeRun, { kind: 'compose-output', lines: 100 }), 'up'));
  add('compose, ended', keys(reply(reply(composeRun, { kind: 'compose-output', lines: 100 }), { kind: 'compose-exited', code: 1, signal: null }), 'up'));
  add('compose, its output searched', keys(reply(composeRun, { kind: 'compose-output', lines: 100 }), '/', 'e', 'r', 'r', 'return', 'up'));
  // Exec (x): its command field with history to recall, a switch, a command's captured output.
  const execRan = keys(pane('containers'), 'x', 'l', 's', 'return');
  const execAgain = keys(reply(execRan, { kind: 'exited', exitCode: 0 }), 'return', 'x');
  add('exec, a field', keys(execAgain, 'l', 's', 'left'));
  add('exec, a field, nothing to recall', keys(pane('images', 0), '1', 'down', 'down', 'x', 'l', 's', 'left'));
  add('exec, a switch', keys(execAgain, 'tab', 'tab', 'tab'));
  add('exec, its output', keys(reply(reply(execRan, { kind: 'output', lines: 100 }), { kind: 'exited', exitCode: 2 }), 'up'));
  add('exec, its output searched', keys(reply(reply(execRan, { kind: 'output', lines: 100 }), { kind: 'exited', exitCode: 2 }), '/', 'e', 'r', 'r', 'return', 'up'));
  return list;
}
