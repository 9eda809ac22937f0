/**
 * The panes, in tab order: what each one is called, which key context it answers in, the rows it
 * walks over, and what its own keys do. Pure (no React): the key reducer reads it, and App draws
 * each pane with the component of the same id (panes/index.tsx).
 *
 * Adding a pane: its id in state/app/types.ts (PaneId), a `focus` action and number key in
 * keys/keymap.ts, an entry here (ids from a memoised selector in rows/select.ts, its actions), and
 * a component in panes/index.tsx. Shared keys (moves, filter, sort, help, quit) need nothing more.
 */
import { notify, reduced, type Reduced } from '../../state/app/commands.ts';
import { selectedIndex } from '../../state/app/navigation.ts';
import { paneView, type AppState, type PaneId } from '../../state/app/types.ts';
import type { RemoveTarget } from '../../state/dialogs/remove.ts';
import { removalTarget } from '../../state/actions/remove.ts';
import { containerName, sanitizeLine, shortId } from '../format/index.ts';
import type { ActionId, KeyContext } from '../keys/keymap.ts';
import { openDialogOver, openView } from '../keys/steps.ts';
import type { UiContext } from '../keys/ui-context.ts';
import { initialLogViewState } from '../../state/logs/view-model.ts';
import type { ContainerRow, ProjectGroup } from '../rows/container-rows.ts';
import { projectRowId } from '../rows/compose-groups.ts';
import { isLive } from '../../state/containers.ts';
import type { ImageRow } from '../rows/image-rows.ts';
import { selectContainerIds, selectContainerRows, selectEventKeys, selectEventRows, selectImageKeys, selectImageRows, selectPullIds } from '../rows/select.ts';
import type { EventRow } from '../rows/event-rows.ts';
import { networkRows, volumeRows, type ResourceRow } from '../rows/resource-rows.ts';
import { nodeRows, serviceRows, type NodeRow, type ServiceRow } from '../rows/swarm-rows.ts';
import type { SwarmState } from '../../state/swarm/swarm-lists.ts';
import type { ConfirmRequest } from '../../state/dialogs/confirm.ts';
import type { ResourceKind, ResourcesState } from '../../state/resources/resource-lists.ts';
import type { LoggedEvent } from '../../state/events/event-log.ts';
import { containerSorts, containerStatsSorts, imageSorts, isDescending, nextSort } from '../rows/sort.ts';
import { moveSelectionTo, select, setSort } from '../../state/app/navigation.ts';

/** A pane's own handling of an action; undefined hands it on to the next context. */
export type PaneAction = (state: AppState, ctx: UiContext) => Reduced | undefined;

export interface PaneEntry {
  id: PaneId;
  /** The tab's text, number first: "1 Containers". */
  title: string;
  /** The keymap context of its own keys; 'list' and 'global' come after it. */
  context: KeyContext;
  /** The action that focuses it (its number key). */
  focus: ActionId;
  /** Ids of the rows shown, in order: what moves walk over and selections follow. */
  ids(state: AppState, ctx: UiContext): readonly string[];
  /** The orders `o` cycles through; absent when it has none. */
  sorts?: readonly string[];
  /** Whether `/` filters it. */
  filterable: boolean;
  /**
   * Whether the selection stays on the row it landed on when rows come and go (a list), rather
   * than on the first row until the user moves (Pulls: the newest pull, as pulls start).
   */
  pinsSelection: boolean;
  actions: Partial<Record<ActionId, PaneAction>>;
}

export function containerRowsOf(state: AppState, ctx: Pick<UiContext, 'engine' | 'stats'>): readonly ContainerRow[] {
  const view = paneView(state, 'containers');
  // The figures only when ordering by them: otherwise new figures must not rebuild the rows.
  const byFigures = state.showStats && (view.sort === 'cpu' || view.sort === 'mem');
  return selectContainerRows(ctx.engine.containers.items, state.showAll, view.filter, view.sort, byFigures ? ctx.stats?.byId : undefined, state.groupCompose ? state.folded : undefined);
}

export function imageRowsOf(state: AppState, ctx: Pick<UiContext, 'engine'>): readonly ImageRow[] {
  const view = paneView(state, 'images');
  return selectImageRows(ctx.engine.images.items, view.filter, view.sort);
}

function selectedContainer(state: AppState, ctx: UiContext): ContainerRow | undefined {
  const rows = containerRowsOf(state, ctx);
  const at = selectedIndex(paneView(state, 'containers'), selectContainerIds(rows));
  return at >= 0 ? rows[at] : undefined;
}

function selectedImage(state: AppState, ctx: UiContext): ImageRow | undefined {
  const rows = imageRowsOf(state, ctx);
  const at = selectedIndex(paneView(state, 'images'), selectImageKeys(rows));
  return at >= 0 ? rows[at] : undefined;
}

/** The engine's own name for a container (the list's name cell also carries a swarm task's service). */
function ownName(ctx: UiContext, row: ContainerRow): string {
  return containerName(ctx.engine.containers.items.find((c) => c.Id === row.id)?.Names) || row.cells.name;
}

function label(name: string, id: string): string {
  return `${sanitizeLine(name) || shortId(id)} (${shortId(id)})`;
}

/** An action on the selected row: consumed even when nothing is selected. */
function onRow<R>(find: (state: AppState, ctx: UiContext) => R | undefined, act: (state: AppState, ctx: UiContext, row: R) => Reduced): PaneAction {
  return (state, ctx) => {
    const row = find(state, ctx);
    return row ? act(state, ctx, row) : reduced(state);
  };
}

/** On a container's row; a Compose project's header row says what acts on it instead. */
const onContainer = (act: (state: AppState, ctx: UiContext, row: ContainerRow) => Reduced) =>
  onRow(selectedContainer, (state, ctx, row) =>
    row.group
      ? notify(state, `${row.group.project} is a Compose project: ${ctx.keymap.label('stop')}, ${ctx.keymap.label('start')} and ${ctx.keymap.label('restart')} act on all its containers, ${ctx.keymap.label('fold')} folds it`, 'error')
      : act(state, ctx, row),
  );

/** On a Compose project's header row: its containers, or undefined on a container's row. */
const onProject = (act: (state: AppState, ctx: UiContext, group: ProjectGroup) => Reduced, otherwise: PaneAction): PaneAction => (state, ctx) => {
  const row = selectedContainer(state, ctx);
  return row?.group ? act(state, ctx, row.group) : otherwise(state, ctx);
};
const onImage = (act: (state: AppState, ctx: UiContext, row: ImageRow) => Reduced) => onRow(selectedImage, act);

function stopOrRestart(restart: boolean): PaneAction {
  return onProject(
    (state, ctx, group) => {
      // Stop: the live ones; restart: all of them, as `docker compose restart`.
      const members = group.members.filter((m) => restart || isLive({ State: m.state })).map(({ id, name }) => ({ id, name }));
      if (members.length === 0) return notify(state, `no container of ${group.project} is running`, 'error');
      return openDialogOver(state, { type: 'stop', containerId: members[0]?.id ?? '', name: group.project, restart, members }, ctx);
    },
    onContainer((state, ctx, row) => {
      const service = ctx.engine.containers.items.find((c) => c.Id === row.id)?.Labels?.['com.docker.swarm.service.name'];
      return openDialogOver(state, { type: 'stop', containerId: row.id, name: ownName(ctx, row), service: service ? sanitizeLine(service) : undefined, restart }, ctx);
    }),
  );
}

function inspectContainer(state: AppState, row: ContainerRow): Reduced {
  return openView(
    state,
    (id) => ({ kind: 'inspect', id, target: 'container', objectId: row.id, title: row.cells.name, top: 0 }),
    (o) => ({ type: 'inspect', overlay: o.id, target: 'container', objectId: row.id }),
  );
}

const containers: PaneEntry = {
  id: 'containers',
  title: '1 Containers',
  context: 'containers',
  focus: 'pane-containers',
  ids: (state, ctx) => selectContainerIds(containerRowsOf(state, ctx)),
  sorts: containerSorts,
  filterable: true,
  pinsSelection: true,
  actions: {
    // With the resource columns on, `o` orders by CPU and memory too.
    sort: (state) => {
      const orders = state.showStats ? containerStatsSorts : containerSorts;
      const sort = nextSort(orders, paneView(state, 'containers').sort);
      return notify(setSort(state, 'containers', sort), `containers sorted by ${sort}${isDescending(sort) ? ' (newest, busiest or largest first)' : ''}`);
    },
    'toggle-all': (state) => notify({ ...state, showAll: !state.showAll }, state.showAll ? 'showing running containers' : 'showing all containers'),
    pause: onContainer((state, ctx, row) => {
      if (row.state !== 'running' && row.state !== 'paused') return notify(state, `${row.cells.name} is ${row.state || 'not running'}: only a running container can be paused`, 'error');
      const pause = row.state === 'running';
      return notify(state, `${pause ? 'pausing' : 'resuming'} ${row.cells.name}…`, 'info', { type: 'pause-container', containerId: row.id, name: ownName(ctx, row), pause });
    }),
    kill: onContainer((state, ctx, row) => openDialogOver(state, { type: 'container-action', action: 'kill', containerId: row.id, name: ownName(ctx, row) }, ctx)),
    rename: onContainer((state, ctx, row) => openDialogOver(state, { type: 'container-action', action: 'rename', containerId: row.id, name: ownName(ctx, row) }, ctx)),
    'stats-view': onContainer((state, _ctx, row) => {
      if (row.state !== 'running') return notify(state, `${row.cells.name} is not running: there is nothing to measure`, 'error');
      return openView(
        state,
        (id) => ({ kind: 'stats', id, containerId: row.id, name: row.cells.name }),
        (o) => ({ type: 'follow-top', overlay: o.id, containerId: row.id }),
      );
    }),
    'toggle-stats': (state) =>
      notify({ ...state, showStats: !state.showStats }, state.showStats ? 'resource columns off' : 'resource columns on: running containers are measured (figures in a few seconds)'),
    logs: onProject(
      // A project's containers in one view, in time order, each line marked with its service.
      (state, _ctx, group) =>
        openView(
          state,
          (id) => ({ kind: 'logs', id, containerId: projectRowId(group.project), name: `project ${group.project}`, view: initialLogViewState(), length: 0 }),
          (o) => ({ type: 'open-project-logs', overlay: o.id, members: group.members.map((m) => ({ id: m.id, source: m.service || m.name })) }),
        ),
      onContainer((state, _ctx, row) =>
        openView(
          state,
          (id) => ({ kind: 'logs', id, containerId: row.id, name: row.cells.name, view: initialLogViewState(), length: 0 }),
          (o) => ({ type: 'open-logs', overlay: o.id, containerId: row.id }),
        ),
      ),
    ),
    inspect: onContainer((state, _ctx, row) => inspectContainer(state, row)),
    run: (state, ctx) => openDialogOver(state, { type: 'run' }, ctx),
    stop: stopOrRestart(false),
    restart: stopOrRestart(true),
    // No confirmation: starting is what the user asked and undoes nothing. The result arrives later.
    start: onProject(
      (state, _ctx, group) => {
        const members = group.members.filter((m) => !isLive({ State: m.state })).map(({ id, name }) => ({ id, name }));
        if (members.length === 0) return notify(state, `every container of ${group.project} is running`);
        return notify(state, `starting ${members.length} container${members.length === 1 ? '' : 's'} of ${group.project}…`, 'info', { type: 'start-project', project: group.project, members });
      },
      onContainer((state, ctx, row) => notify(state, `starting ${row.cells.name}…`, 'info', { type: 'start-container', containerId: row.id, name: ownName(ctx, row) })),
    ),
    'toggle-compose': (state) =>
      notify({ ...state, groupCompose: !state.groupCompose }, state.groupCompose ? 'one list, not grouped' : 'grouped by Compose project (Space folds a project)'),
    fold: (state, ctx) => {
      const row = selectedContainer(state, ctx);
      if (!row?.group) return undefined;
      const { project } = row.group;
      const folded = state.folded.includes(project) ? state.folded.filter((p) => p !== project) : [...state.folded, project];
      return reduced({ ...state, folded });
    },
    prune: (state, ctx) => openDialogOver(state, { type: 'prune', target: 'containers' }, ctx),
    'copy-out': onContainer((state, ctx, row) => openDialogOver(state, { type: 'copy-out', containerId: row.id, name: ownName(ctx, row) }, ctx)),
    commit: onContainer((state, _ctx, row) => openDialogOver(state, { type: 'commit', containerId: row.id, label: label(row.cells.name, row.id) }, _ctx)),
    shell: onContainer((state, ctx, row) => {
      if (row.state !== 'running') return notify(state, `${row.cells.name} is not running: start it first (${ctx.keymap.label('start')})`, 'error');
      return reduced(state, { type: 'shell', containerId: row.id, name: row.cells.name });
    }),
    copy: onContainer((state, _ctx, row) => notify(state, `copied ${row.id.slice(0, 12)} to the clipboard`, 'info', { type: 'copy', text: row.id })),
    remove: onContainer((state, ctx, row) => {
      const name = ownName(ctx, row);
      const service = ctx.engine.containers.items.find((c) => c.Id === row.id)?.Labels?.['com.docker.swarm.service.name'];
      const target: RemoveTarget = { kind: 'container', id: row.id, name, running: ['running', 'paused', 'restarting'].includes(row.state), ...(service && { service: sanitizeLine(service) }) };
      return openDialogOver(state, { type: 'remove', target, label: `container ${label(name, row.id)}` }, ctx);
    }),
  },
};

const images: PaneEntry = {
  id: 'images',
  title: '2 Images',
  context: 'images',
  focus: 'pane-images',
  ids: (state, ctx) => selectImageKeys(imageRowsOf(state, ctx)),
  sorts: imageSorts,
  filterable: true,
  pinsSelection: true,
  actions: {
    inspect: onImage((state, _ctx, row) =>
      openView(
        state,
        (id) => ({ kind: 'inspect', id, target: 'image', objectId: row.imageId, title: row.tag, top: 0 }),
        (o) => ({ type: 'inspect', overlay: o.id, target: 'image', objectId: row.imageId }),
      ),
    ),
    history: onImage((state, _ctx, row) =>
      openView(
        state,
        (id) => ({ kind: 'history', id, imageId: row.imageId, title: row.tag, top: 0 }),
        (o) => ({ type: 'image-history', overlay: o.id, imageId: row.imageId }),
      ),
    ),
    run: (state, ctx) => {
      const row = selectedImage(state, ctx);
      const image = row && !row.tag.startsWith('<none>') ? row.tag : undefined;
      return openDialogOver(state, { type: 'run', image }, ctx);
    },
    prune: (state, ctx) => openDialogOver(state, { type: 'prune', target: 'images' }, ctx),
    tag: onImage((state, ctx, row) => {
      const name = row.tag.startsWith('<none>') ? '' : row.tag;
      return openDialogOver(state, { type: 'container-action', action: 'tag', containerId: row.imageId, name }, ctx);
    }),
    push: onImage((state, ctx, row) => {
      if (row.tag.startsWith('<none>')) return notify(state, `an untagged image has nothing to push to: tag it first (${ctx.keymap.label('tag')})`, 'error');
      return openDialogOver(state, { type: 'pull', reference: row.tag, push: true }, ctx);
    }),
    // An image row's name is what one pastes into `docker run`; an untagged one has only its id.
    copy: onImage((state, _ctx, row) => {
      const text = removalTarget({ imageId: row.imageId, tag: row.tag });
      return notify(state, `copied ${text} to the clipboard`, 'info', { type: 'copy', text });
    }),
    remove: onImage((state, ctx, row) => {
      const target: RemoveTarget = { kind: 'image', id: row.imageId, tag: row.tag };
      const what = removalTarget({ imageId: row.imageId, tag: row.tag }) === row.imageId ? shortId(row.imageId) : row.tag;
      return openDialogOver(state, { type: 'remove', target, label: `image ${what}` }, ctx);
    }),
  },
};

function selectedPull(state: AppState, ctx: UiContext) {
  const list = ctx.pulls.pulls;
  const at = selectedIndex(paneView(state, 'pulls'), selectPullIds(list));
  return at >= 0 ? { pull: list[at], at } : undefined;
}

const pulls: PaneEntry = {
  id: 'pulls',
  title: '3 Pulls',
  context: 'pulls',
  focus: 'pane-pulls',
  ids: (_state, ctx) => selectPullIds(ctx.pulls.pulls),
  filterable: false,
  pinsSelection: false,
  actions: {
    'cancel-pull': (state, ctx) => {
      const found = selectedPull(state, ctx);
      if (found?.pull?.status === 'running') return reduced(state, { type: 'cancel-pull', pullId: found.pull.id });
      // Esc with nothing to cancel is not this pane's: it goes on to the next context.
      return undefined;
    },
    'dismiss-pull': (state, ctx) => {
      const found = selectedPull(state, ctx);
      const pull = found?.pull;
      if (!found || !pull || pull.status === 'running') return reduced(state);
      // The block that takes its place is selected, as in a list after a delete.
      const rest = selectPullIds(ctx.pulls.pulls).filter((id) => id !== pull.id);
      const next = rest[Math.min(found.at, rest.length - 1)];
      return reduced(next === undefined ? state : select(state, 'pulls', next), { type: 'dismiss-pull', pullId: pull.id });
    },
    // Blocks are tall: a page is the other end.
    'page-up': (state, ctx) => reduced(moveSelectionTo(state, selectPullIds(ctx.pulls.pulls), 'top')),
    'page-down': (state, ctx) => reduced(moveSelectionTo(state, selectPullIds(ctx.pulls.pulls), 'bottom')),
  },
};

const NO_RESOURCES: ResourcesState = { volumes: { items: [], loaded: false, stale: false }, networks: { items: [], loaded: false, stale: false } };

/** The Volumes or Networks pane's rows, as shown (filtered), with who uses each. */
export function resourceRowsOf(kind: ResourceKind, state: AppState, ctx: Pick<UiContext, 'engine' | 'resources'>): readonly ResourceRow<string>[] {
  const lists = ctx.resources ?? NO_RESOURCES;
  const filter = paneView(state, kind).filter;
  return kind === 'volumes' ? volumeRows(lists.volumes.items, ctx.engine.containers.items, filter) : networkRows(lists.networks.items, ctx.engine.containers.items, filter);
}

function resourcePane(kind: ResourceKind, number: number): PaneEntry {
  const one = kind === 'volumes' ? 'volume' : 'network';
  const selected = (state: AppState, ctx: UiContext) => {
    const rows = resourceRowsOf(kind, state, ctx);
    return rows[selectedIndex(paneView(state, kind), rows.map((r) => r.key))];
  };
  const onResource = (act: (state: AppState, ctx: UiContext, row: ResourceRow<string>) => Reduced) => onRow(selected, act);
  return {
    id: kind,
    title: `${number} ${kind === 'volumes' ? 'Volumes' : 'Networks'}`,
    context: kind,
    focus: kind === 'volumes' ? 'pane-volumes' : 'pane-networks',
    ids: (state, ctx) => resourceRowsOf(kind, state, ctx).map((r) => r.key),
    filterable: true,
    pinsSelection: true,
    actions: {
      inspect: onResource((state, _ctx, row) =>
        openView(
          state,
          (id) => ({ kind: 'inspect', id, target: one, objectId: row.key, title: row.name, top: 0 }),
          (o) => ({ type: 'inspect', overlay: o.id, target: one, objectId: row.key }),
        ),
      ),
      remove: onResource((state, ctx, row) => {
        const target: RemoveTarget = { kind: one, id: row.key, name: row.name, users: row.users };
        return openDialogOver(state, { type: 'remove', target, label: `${one} ${row.name}` }, ctx);
      }),
      prune: (state, ctx) => openDialogOver(state, { type: 'prune', target: kind }, ctx),
      create: (state, ctx) => openDialogOver(state, { type: 'container-action', action: kind === 'volumes' ? 'create-volume' : 'create-network', containerId: '', name: '' }, ctx),
    },
  };
}

const NO_SWARM: SwarmState = { loaded: false, services: [], tasks: [], nodes: [] };

/** The Services or Nodes pane's rows as shown (a service opened with Enter lists its tasks). */
export function swarmRowsOf(kind: 'services' | 'nodes', state: AppState, ctx: Pick<UiContext, 'swarm'>, nowMs = Date.now()): readonly (ServiceRow | NodeRow)[] {
  const swarm = ctx.swarm ?? NO_SWARM;
  const filter = paneView(state, kind).filter;
  return kind === 'services' ? serviceRows(swarm.services, swarm.tasks, swarm.nodes, state.openServices ?? [], filter, nowMs) : nodeRows(swarm.nodes, filter);
}

function selectedSwarmRow<R extends ServiceRow | NodeRow>(kind: 'services' | 'nodes') {
  return (state: AppState, ctx: UiContext): R | undefined => {
    const rows = swarmRowsOf(kind, state, ctx);
    return rows[selectedIndex(paneView(state, kind), rows.map((r) => r.key))] as R | undefined;
  };
}

const onService = (act: (state: AppState, ctx: UiContext, row: ServiceRow) => Reduced) => onRow(selectedSwarmRow<ServiceRow>('services'), act);
const onServiceItself = (act: (state: AppState, ctx: UiContext, row: ServiceRow) => Reduced) =>
  onService((state, ctx, row) => (row.kind === 'task' ? notify(state, `${row.name} is a task: this acts on its service (select the service row)`, 'error') : act(state, ctx, row)));
const onNode = (act: (state: AppState, ctx: UiContext, row: NodeRow) => Reduced) => onRow(selectedSwarmRow<NodeRow>('nodes'), act);

function confirm(state: AppState, ctx: UiContext, request: Omit<ConfirmRequest, 'type'>): Reduced {
  return openDialogOver(state, { type: 'confirm', ...request }, ctx);
}

const services: PaneEntry = {
  id: 'services',
  title: '7 Services',
  context: 'services',
  focus: 'pane-services',
  ids: (state, ctx) => swarmRowsOf('services', state, ctx).map((r) => r.key),
  filterable: true,
  pinsSelection: true,
  actions: {
    // Enter: a service opens (or closes) its tasks; on a task, its container's logs.
    'open-tasks': onService((state, _ctx, row) => {
      if (row.kind === 'task') {
        if (!row.containerId) return notify(state, `${row.name} has no container yet`, 'error');
        return openView(
          state,
          (id) => ({ kind: 'logs', id, containerId: row.containerId ?? '', name: row.name, view: initialLogViewState(), length: 0 }),
          (o) => ({ type: 'open-logs', overlay: o.id, containerId: row.containerId ?? '' }),
        );
      }
      const open = state.openServices ?? [];
      return reduced({ ...state, openServices: open.includes(row.serviceId) ? open.filter((id) => id !== row.serviceId) : [...open, row.serviceId] });
    }),
    'service-logs': onServiceItself((state, _ctx, row) =>
      openView(
        state,
        (id) => ({ kind: 'logs', id, containerId: `service:${row.serviceId}`, name: `service ${row.name}`, view: initialLogViewState(), length: 0 }),
        (o) => ({ type: 'open-service-logs', overlay: o.id, serviceId: row.serviceId, name: row.name }),
      ),
    ),
    scale: onServiceItself((state, ctx, row) => {
      if (row.scale === undefined) return notify(state, `${row.name} is a global service: one task per node, nothing to scale`, 'error');
      return openDialogOver(state, { type: 'container-action', action: 'scale', containerId: row.serviceId, name: row.name, current: String(row.scale) }, ctx);
    }),
    'force-update': onServiceItself((state, ctx, row) =>
      confirm(state, ctx, { title: `Restart ${row.name}'s tasks?`, detail: 'Every task is replaced, one after another, as its update policy says (docker service update --force).', action: { kind: 'force-update', serviceId: row.serviceId, name: row.name } }),
    ),
    rollback: onServiceItself((state, ctx, row) =>
      confirm(state, ctx, { title: `Roll ${row.name} back?`, detail: 'The service goes back to its previous spec (docker service rollback); its tasks are replaced.', action: { kind: 'rollback', serviceId: row.serviceId, name: row.name } }),
    ),
    remove: onServiceItself((state, ctx, row) =>
      confirm(state, ctx, { title: `Remove service ${row.name}?`, detail: 'Its tasks stop and their containers go (docker service rm).', action: { kind: 'remove-service', serviceId: row.serviceId, name: row.name } }),
    ),
  },
};

const nodes: PaneEntry = {
  id: 'nodes',
  title: '8 Nodes',
  context: 'nodes',
  focus: 'pane-nodes',
  ids: (state, ctx) => swarmRowsOf('nodes', state, ctx).map((r) => r.key),
  filterable: true,
  pinsSelection: true,
  actions: {
    drain: onNode((state, ctx, row) =>
      confirm(state, ctx, { title: `Drain ${row.name}?`, detail: 'Its tasks move to other nodes and it takes no new ones until activated.', action: { kind: 'drain', nodeId: row.key, name: row.name } }),
    ),
    activate: onNode((state, ctx, row) =>
      confirm(state, ctx, { title: `Activate ${row.name}?`, detail: 'It takes tasks again.', action: { kind: 'activate', nodeId: row.key, name: row.name } }),
    ),
  },
};

const NO_EVENTS: readonly LoggedEvent[] = [];

export function eventRowsOf(state: AppState, ctx: Pick<UiContext, 'events'>): readonly EventRow[] {
  return selectEventRows(ctx.events?.events ?? NO_EVENTS, paneView(state, 'events').filter);
}

const events: PaneEntry = {
  id: 'events',
  title: '6 Events',
  context: 'events',
  focus: 'pane-events',
  ids: (state, ctx) => selectEventKeys(eventRowsOf(state, ctx)),
  filterable: true,
  pinsSelection: true,
  actions: {},
};

export const panes: readonly PaneEntry[] = [containers, images, pulls, resourcePane('volumes', 4), resourcePane('networks', 5), events, services, nodes];
export const paneOrder: readonly PaneId[] = panes.map((p) => p.id);

export function paneEntry(id: PaneId): PaneEntry {
  return panes.find((p) => p.id === id) ?? containers;
}
