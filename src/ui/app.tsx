import { Box, Text, useStdout } from 'ink';
import { useCallback, useEffect, useMemo } from 'react';
import { isLive, containerRows, nextStatusChange } from './rows/container-rows.ts';
import { imageRows } from './rows/image-rows.ts';
import { isDescending, nextSort, sortContainerRows, sortImageRows } from './rows/sort.ts';
import { describeError } from '../engine/errors.ts';
import { osc52 } from './clipboard.ts';
import { removalTarget } from '../state/actions/remove.ts';
import { startContainer } from '../state/actions/start-container.ts';
import { containerName, plural, sanitizeLine, truncate } from './format/index.ts';
import { nextRelativeChange } from './format/time.ts';
import { useClockUntil } from './hooks/use-clock.ts';
import { useStore } from './hooks/use-store.ts';
import { useSyncReducer } from './hooks/use-sync-reducer.ts';
import { useTerminalSize } from './hooks/use-terminal-size.ts';
import { KeyPriority, useKeyHandler, type KeyPress } from './keys/key-router.tsx';
import { keyLabel, resolveAction, type ActionId, type KeyContext } from './keys/keymap.ts';
import { initialNavigation, reduceNavigation, selectedIndex, topOverlay, type NavigationAction, type NavigationState, type Overlay, type RemoveTarget } from './navigation.ts';
import { ContainersPane } from './panes/containers-pane.tsx';
import { ImagesPane } from './panes/images-pane.tsx';
import { PullsPane } from './panes/pulls-pane.tsx';
import { useServices } from './services.tsx';
import { theme } from './theme.ts';
import { bannerHeight, EngineErrorLine, UnreachableBanner } from './widgets/banner.tsx';
import { Footer } from './widgets/footer.tsx';
import { editLine } from './widgets/line-edit.ts';
import { StatusBar } from './widgets/status-bar.tsx';
import { Tabs } from './widgets/tabs.tsx';
import { HelpView } from './views/help-view.tsx';
import { InspectView } from './views/inspect-view.tsx';
import { LogsView } from './views/logs-view.tsx';
import { DialogHost } from './dialogs/dialog-host.tsx';

interface Props {
  onQuit: () => void;
  /** For tests: a starting navigation state. */
  initial?: NavigationState;
  /** Overrides the terminal size (tests). */
  size?: { columns: number; rows: number };
}

/** The key contexts in force, most specific first: what the footer and help describe. */
function contextsFor(nav: NavigationState): KeyContext[] {
  const overlay = topOverlay(nav);
  if (overlay?.kind === 'logs') return ['logs', 'global'];
  if (overlay?.kind === 'inspect') return ['inspect', 'global'];
  if (overlay?.kind === 'help') return ['help', 'global'];
  // A dialog draws its own key hints and takes every key.
  if (overlay?.kind === 'dialog') return [];
  return [nav.pane, 'list', 'global'];
}

export function App({ onQuit, initial, size: fixedSize }: Props) {
  const { client, engineStore, pulls, openShell } = useServices();
  const { stdout } = useStdout();
  const engine = useStore(engineStore);
  const pullList = useStore(pulls.store).pulls;
  const terminal = useTerminalSize();
  const { columns: width, rows } = fixedSize ?? terminal;
  const [nav, dispatch, navRef] = useSyncReducer(reduceNavigation, () => initial ?? initialNavigation());
  // Only CREATED columns read the clock: tick when one of them would read differently (at most
  // every 11 s), not on a fixed period regardless; each tick repaints the whole screen.
  const nextTimeChange = useCallback(
    (t: number) => Math.min(earliestRelativeChange([engine.containers.items, engine.images.items], t), nextStatusChange(engine.containers.items, engine.containers.refreshedAt ?? t, t)),
    [engine.containers.items, engine.images.items, engine.containers.refreshedAt],
  );
  // 11 s, a little over the 10 s safety poll: when a poll brings changed status texts ("Up 40
  // seconds"), its render repaints the times too and the tick waits for the next poll, rather
  // than firing just before it and painting the screen twice.
  const freshAt = Math.max(engine.containers.refreshedAt ?? 0, engine.images.refreshedAt ?? 0);
  const now = useClockUntil(nextTimeChange, 11_000, freshAt);

  const cRows = useMemo(
    () => sortContainerRows(containerRows(engine.containers.items, { showAll: nav.showAll, filter: nav.views.containers.filter, nowMs: now, answeredAtMs: engine.containers.refreshedAt }), nav.views.containers.sort),
    [engine.containers.items, nav.showAll, nav.views.containers.filter, nav.views.containers.sort, now],
  );
  const iRows = useMemo(
    () => sortImageRows(imageRows(engine.images.items, { filter: nav.views.images.filter, nowMs: now }), nav.views.images.sort),
    [engine.images.items, nav.views.images.filter, nav.views.images.sort, now],
  );
  const containerIds = useMemo(() => cRows.map((r) => r.id), [cRows]);
  const imageKeys = useMemo(() => iRows.map((r) => r.key), [iRows]);
  const running = useMemo(() => engine.containers.items.filter(isLive).length, [engine.containers.items]);

  useEffect(() => dispatch({ type: 'sync-selection', pane: 'containers', ids: containerIds }), [containerIds]);
  useEffect(() => dispatch({ type: 'sync-selection', pane: 'images', ids: imageKeys }), [imageKeys]);

  const cIndex = selectedIndex(nav.views.containers, containerIds);
  const iIndex = selectedIndex(nav.views.images, imageKeys);
  const overlay = topOverlay(nav);

  // Layout: status bar, banner (when unreachable), tabs, body, prompt/notice line, footer.
  const unreachable = engine.connection.status === 'unreachable';
  const backgroundError = !unreachable && engine.connection.error ? engine.connection.error : undefined;
  const chrome = 4 + bannerHeight(engine.connection, width);
  // One line short of the terminal: Ink clears the whole screen on every frame once its output
  // reaches the terminal's height.
  const bodyHeight = Math.max(rows - 1 - chrome, 3);

  const open = (o: Overlay) => dispatch({ type: 'open', overlay: o });
  const notify = (text: string, tone: 'info' | 'error' = 'info') => dispatch({ type: 'notify', text, tone, at: Date.now() });

  // Rows as the latest navigation state sees them: keys in a burst may have changed the pane,
  // filter or toggle since this render, and must act on what the next frame will show.
  const rowsNow = (state: NavigationState) => {
    const { containers: cv, images: iv } = state.views;
    const c =
      state.showAll === nav.showAll && cv.filter === nav.views.containers.filter && cv.sort === nav.views.containers.sort
        ? cRows
        : sortContainerRows(containerRows(engine.containers.items, { showAll: state.showAll, filter: cv.filter, nowMs: now, answeredAtMs: engine.containers.refreshedAt }), cv.sort);
    const i =
      iv.filter === nav.views.images.filter && iv.sort === nav.views.images.sort
        ? iRows
        : sortImageRows(imageRows(engine.images.items, { filter: iv.filter, nowMs: now }), iv.sort);
    return { c, i };
  };

  const perform = (action: ActionId): boolean => {
    const state = navRef.current;
    const { c, i } = rowsNow(state);
    const ids = state.pane === 'containers' ? c.map((r) => r.id) : state.pane === 'images' ? i.map((r) => r.key) : [];
    const cAt = selectedIndex(state.views.containers, ids);
    const selectedContainer = state.pane === 'containers' && cAt >= 0 ? c[cAt] : undefined;
    const iAt = selectedIndex(state.views.images, ids);
    const selectedImage = state.pane === 'images' && iAt >= 0 ? i[iAt] : undefined;
    const move = (a: NavigationAction) => {
      dispatch(a);
      return true;
    };
    switch (action) {
      case 'quit':
        onQuit();
        return true;
      case 'help':
        return move({ type: 'open', overlay: { kind: 'help' } });
      case 'next-pane':
        return move({ type: 'cycle-pane', delta: 1 });
      case 'prev-pane':
        return move({ type: 'cycle-pane', delta: -1 });
      case 'pane-containers':
        return move({ type: 'focus-pane', pane: 'containers' });
      case 'pane-images':
        return move({ type: 'focus-pane', pane: 'images' });
      case 'pane-pulls':
        return move({ type: 'focus-pane', pane: 'pulls' });
      case 'up':
        return move({ type: 'move', ids, delta: -1 });
      case 'down':
        return move({ type: 'move', ids, delta: 1 });
      case 'page-up':
        return move({ type: 'move', ids, delta: -(bodyHeight - 1) });
      case 'page-down':
        return move({ type: 'move', ids, delta: bodyHeight - 1 });
      case 'top':
        return move({ type: 'move-to', ids, position: 'top' });
      case 'bottom':
        return move({ type: 'move-to', ids, position: 'bottom' });
      case 'filter':
        return move({ type: 'start-filter' });
      case 'clear-filter':
        if (state.views[state.pane].filter === '') return false;
        return move({ type: 'clear-filter' });
      case 'toggle-all':
        dispatch({ type: 'toggle-all' });
        notify(state.showAll ? 'showing running containers' : 'showing all containers');
        return true;
      case 'logs':
        if (selectedContainer) open({ kind: 'logs', containerId: selectedContainer.id, name: selectedContainer.cells.name });
        return true;
      case 'inspect':
        if (selectedContainer) open({ kind: 'inspect', target: 'container', id: selectedContainer.id, title: selectedContainer.cells.name });
        if (selectedImage) open({ kind: 'inspect', target: 'image', id: selectedImage.imageId, title: selectedImage.tag });
        return true;
      case 'run': {
        const image = selectedImage && !selectedImage.tag.startsWith('<none>') ? selectedImage.tag : undefined;
        return move({ type: 'open', overlay: { kind: 'dialog', dialog: { type: 'run', image } } });
      }
      case 'stop':
      case 'restart':
        if (!selectedContainer) return true;
        return move({
          type: 'open',
          overlay: {
            kind: 'dialog',
            dialog: {
              type: 'stop',
              containerId: selectedContainer.id,
              name: selectedContainer.cells.name,
              service: serviceOf(engine.containers.items, selectedContainer.id),
              restart: action === 'restart',
            },
          },
        });
      case 'start': {
        if (!selectedContainer) return true;
        const { id, cells } = selectedContainer;
        // No confirmation: starting is what the user asked and undoes nothing. The result arrives later.
        notify(`starting ${cells.name}…`);
        startContainer(client, { containerId: id, name: containerName(engine.containers.items.find((c) => c.Id === id)?.Names) || cells.name }).then(
          (message) => notify(message),
          (error: unknown) => notify(describeError(error), 'error'),
        );
        return true;
      }
      case 'commit':
        if (!selectedContainer) return true;
        return move({ type: 'open', overlay: { kind: 'dialog', dialog: { type: 'commit', containerId: selectedContainer.id, name: selectedContainer.cells.name } } });
      case 'sort': {
        if (state.pane === 'pulls') return false;
        const sort = nextSort(state.pane, state.views[state.pane].sort);
        dispatch({ type: 'set-sort', pane: state.pane, sort });
        notify(`${state.pane} sorted by ${sort}${isDescending(sort) ? ' (newest or largest first)' : ''}`);
        return true;
      }
      case 'shell': {
        if (!selectedContainer) return true;
        if (selectedContainer.state !== 'running') {
          notify(`${selectedContainer.cells.name} is not running: start it first (${keyLabel('start')})`, 'error');
          return true;
        }
        if (!openShell) {
          notify('a shell needs berth running in a terminal', 'error');
          return true;
        }
        openShell({ containerId: selectedContainer.id, name: selectedContainer.cells.name, nav: { ...state, overlays: [], filtering: false } });
        return true;
      }
      case 'copy': {
        // An image row's name is what one pastes into `docker run`; an untagged one has only its id.
        const text = selectedContainer ? selectedContainer.id : selectedImage ? removalTarget({ imageId: selectedImage.imageId, tag: selectedImage.tag }) : undefined;
        if (text === undefined) return true;
        // Straight to the terminal, not through Ink: the sequence draws nothing, so no frame is needed.
        stdout.write(osc52(text));
        notify(`copied ${selectedContainer ? text.slice(0, 12) : text} to the clipboard`);
        return true;
      }
      case 'remove': {
        const target: RemoveTarget | undefined = selectedContainer
          ? { kind: 'container', id: selectedContainer.id, name: selectedContainer.cells.name, running: ['running', 'paused', 'restarting'].includes(selectedContainer.state) }
          : selectedImage
            ? { kind: 'image', id: selectedImage.imageId, tag: selectedImage.tag }
            : undefined;
        return target ? move({ type: 'open', overlay: { kind: 'dialog', dialog: { type: 'remove', target } } }) : true;
      }
      case 'pull':
        return move({ type: 'open', overlay: { kind: 'dialog', dialog: { type: 'pull' } } });
      default:
        return false;
    }
  };

  // The filter prompt takes typing; navigation keys still reach the list underneath.
  useKeyHandler(KeyPriority.view, (press: KeyPress) => {
    const current = navRef.current;
    if (!current.filtering || topOverlay(current) !== undefined) return false;
    if (press.name === 'escape') dispatch({ type: 'clear-filter' });
    else if (press.name === 'return') dispatch({ type: 'end-filter' });
    else if (['up', 'down', 'pageup', 'pagedown'].includes(press.name)) return false;
    else dispatch({ type: 'set-filter', text: editLine(current.views[current.pane].filter, press) });
    return true;
  });
  // Pane and global keys, when nothing above consumed them.
  useKeyHandler(KeyPriority.pane, (press: KeyPress) => {
    if (topOverlay(navRef.current) !== undefined) return false;
    for (const context of contextsFor(navRef.current)) {
      const action = resolveAction(context, press.name);
      if (action && perform(action)) return true;
    }
    return false;
  });
  useKeyHandler(KeyPriority.global, (press: KeyPress) => {
    const action = resolveAction('global', press.name);
    const top = topOverlay(navRef.current);
    if (action === 'quit' || (action === 'help' && top?.kind !== 'help' && top?.kind !== 'dialog')) return perform(action);
    return false;
  });
  const close = () => dispatch({ type: 'close' });

  const summary = (() => {
    const stale = engine.containers.stale ? ' [stale]' : '';
    const filter = nav.views[nav.pane].filter ? ` · filter "${nav.views[nav.pane].filter}"` : '';
    const sort = nav.views[nav.pane].sort === 'created' ? '' : ` · by ${nav.views[nav.pane].sort}`;
    if (nav.pane === 'containers') return `${nav.showAll ? 'all' : 'running'}: ${cRows.length}${filter}${sort}${stale}`;
    if (nav.pane === 'images') return `${plural(iRows.length, 'tag')}${filter}${sort}${stale}`;
    const active = pullList.filter((p) => p.status === 'running').length;
    return pullList.length === 0 ? '' : `${pullList.length} pull${pullList.length === 1 ? '' : 's'}, ${active} running`;
  })();

  let body;
  if (overlay?.kind === 'logs') body = <LogsView containerId={overlay.containerId} name={overlay.name} width={width} height={bodyHeight} onClose={close} onNotify={notify} />;
  else if (overlay?.kind === 'inspect') body = <InspectView target={overlay.target} id={overlay.id} title={overlay.title} width={width} height={bodyHeight} onClose={close} />;
  else if (overlay?.kind === 'help') body = <HelpView contexts={contextsFor({ ...nav, overlays: nav.overlays.slice(0, -1) })} width={width} height={bodyHeight} onClose={close} />;
  else if (nav.pane === 'containers')
    body = (
      <ContainersPane
        rows={cRows}
        selectedIndex={cIndex}
        loaded={engine.containers.loaded}
        stale={engine.containers.stale}
        showAll={nav.showAll}
        filter={nav.views.containers.filter}
        sort={nav.views.containers.sort}
        width={width}
        height={bodyHeight}
      />
    );
  else if (nav.pane === 'images')
    body = (
      <ImagesPane
        rows={iRows}
        selectedIndex={iIndex}
        loaded={engine.images.loaded}
        stale={engine.images.stale}
        filter={nav.views.images.filter}
        sort={nav.views.images.sort}
        width={width}
        height={bodyHeight}
      />
    );
  else body = <PullsPane width={width} height={bodyHeight} selectedId={nav.views.pulls.selectedId} onSelect={(id) => dispatch({ type: 'select', pane: 'pulls', id })} />;

  const messageLine = nav.filtering
    ? `/${nav.views[nav.pane].filter}█  (Enter keeps, Esc clears)`
    : nav.notice && Date.now() - nav.notice.at < 8000
      ? sanitizeLine(nav.notice.text)
      : '';

  return (
    <Box flexDirection="column" width={width} height={rows - 1}>
      <StatusBar engine={engine} width={width} running={running} />
      {unreachable ? <UnreachableBanner connection={engine.connection} width={width} /> : null}
      {backgroundError ? <EngineErrorLine message={backgroundError} width={width} /> : null}
      <Tabs active={nav.pane} summary={summary} width={width} />
      <Box height={bodyHeight} flexDirection="column">
        {overlay?.kind === 'dialog' ? (
          <DialogHost
            request={overlay.dialog}
            width={width}
            height={bodyHeight}
            onClose={close}
            onNotify={notify}
            onSelect={(pane, id) => dispatch({ type: 'select', pane, id })}
            onShowAll={() => {
              if (!nav.showAll) dispatch({ type: 'toggle-all' });
            }}
          />
        ) : (
          body
        )}
      </Box>
      <Text color={nav.notice?.tone === 'error' && !nav.filtering ? theme.error : undefined} wrap="truncate">
        {truncate(messageLine, width) || ' '}
      </Text>
      <Footer contexts={contextsFor(nav)} width={width} />
    </Box>
  );
}

function serviceOf(items: readonly { Id: string; Labels?: Record<string, string> }[], id: string): string | undefined {
  return items.find((c) => c.Id === id)?.Labels?.['com.docker.swarm.service.name'];
}

function earliestRelativeChange(lists: ReadonlyArray<readonly { Created?: number }[]>, nowMs: number): number {
  let earliest = Infinity;
  for (const list of lists) for (const item of list) earliest = Math.min(earliest, nextRelativeChange(item.Created, nowMs));
  return earliest;
}
