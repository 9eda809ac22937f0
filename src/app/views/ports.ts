/**
 * A container's ports (`b` on a Containers row): each port it exposes or publishes, with the host
 * addresses it is published on. Enter opens a published port in the browser (the engine's host
 * on a remote engine; a link on screen and a copy where no browser can show); `f` forwards any
 * port here through the engine's API, `t` a published one through the ssh engine's master. A
 * forward is a change (it runs a helper there): it is an action on the container, asked through
 * the engine's access (a read-only engine refuses it, a protected one asks), and its command
 * passes the one gate.
 */
import { DEFAULT_DEBUG_IMAGE } from '../../state/actions/debug-shell.ts';
import { notify, reduced, type PortsReply, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { sanitizeLine } from '../format/index.ts';
import { close } from '../keys/steps.ts';
import { listMove, replaceOverlay } from '../navigation.ts';
import type { ContainerTarget } from '../targets.ts';
import { topOverlay, type AppState, type PortsOverlay } from '../types.ts';
import { openPorts } from './port-hook.ts';
import { defineView } from './module.ts';

/** The container the view shows, as an action's target (its engine, in a fleet, the view's). */
function containerOf(overlay: PortsOverlay): ContainerTarget {
  return { kind: 'container', id: overlay.containerId, name: overlay.name, shown: overlay.name, state: 'running', ...(overlay.engine !== undefined && { engine: overlay.engine }) };
}

/** The selected port of the ports view on top, with how to name it in a message. */
function selectedPort(state: AppState) {
  const overlay = topOverlay(state);
  if (overlay?.kind !== 'ports') return undefined;
  const row = overlay.ports?.[overlay.selected];
  return row && { overlay, row, what: `${sanitizeLine(overlay.name)}:${row.port}/${row.proto}` };
}

/** `f`: any TCP port, through the engine's API to a helper in the container's network. */
function forwardThroughEngine(state: AppState, ctx: UiContext): Reduced {
  const shown = selectedPort(state);
  if (!shown) return reduced(state);
  const { overlay, row, what } = shown;
  if (row.proto !== 'tcp') return notify(state, `${what}: only TCP ports can be forwarded`, 'error');
  const image = ctx.custom?.debugImage ?? DEFAULT_DEBUG_IMAGE;
  return notify(state, `forwarding ${what} through the engine…`, 'info', { type: 'forward-start', overlay: overlay.id, containerId: overlay.containerId, name: overlay.name, port: row.port, way: 'engine', image });
}

/** `t`: a published TCP port, through the ssh engine's master. */
function forwardThroughSsh(state: AppState, ctx: UiContext): Reduced {
  const shown = selectedPort(state);
  if (!shown) return reduced(state);
  const { overlay, row, what } = shown;
  const binding = row.published[0];
  if (!binding || row.proto !== 'tcp') return notify(state, `${what} is not a published TCP port: ${ctx.keymap.label('forward-port')} forwards it through the engine instead`, 'error');
  return notify(state, `forwarding ${what} through ssh…`, 'info', {
    type: 'forward-start',
    overlay: overlay.id,
    containerId: overlay.containerId,
    name: overlay.name,
    port: row.port,
    way: 'ssh',
    image: '',
    hostIp: binding.hostIp,
    hostPort: binding.hostPort,
  });
}

export const ports = defineView<PortsOverlay, PortsReply>({
  id: 'ports',
  actions: {
    ports: { container: (state, _ctx, c) => openPorts(state, c.id, c.name || c.shown) },
    'forward-port': { container: (state, ctx) => forwardThroughEngine(state, ctx) },
    'tunnel-port': { container: (state, ctx) => forwardThroughSsh(state, ctx) },
  },
  contexts: () => ['ports', 'global'],
  key: (state, overlay, press, ctx, app) => {
    const action = ctx.keymap.resolve('ports', press.name);
    const rows = overlay.ports ?? [];
    const moved = listMove(action, overlay.selected, rows.length);
    if (moved !== undefined) return reduced(replaceOverlay(state, { ...overlay, selected: moved }));
    const row = rows[overlay.selected];
    switch (action) {
      case 'close':
        return close(state, overlay.id);
      case 'open-port': {
        if (!row) return reduced(state);
        const binding = row.published[0];
        if (!binding) return notify(state, `${sanitizeLine(overlay.name)}:${row.port}/${row.proto} is not published: ${ctx.keymap.label('forward-port')} forwards it here`, 'error');
        return reduced(state, { type: 'port-open', overlay: overlay.id, port: row.port, hostIp: binding.hostIp, hostPort: binding.hostPort });
      }
      case 'forward-port':
      case 'tunnel-port':
        // Through the engine's access: refused on a read-only engine, asked on a protected one.
        return row ? (app.act(state, ctx, action, containerOf(overlay)) ?? reduced(state)) : reduced(state);
      case 'forward-any-port':
        // A typed port: there may be no row at all (a container that declares none).
        return app.act(state, ctx, action, containerOf(overlay)) ?? reduced(state);
      default:
        return undefined;
    }
  },
  again: (state, overlay, action, ctx, app, confirmed) => app.act(state, ctx, action, containerOf(overlay), confirmed),
  result: (state, overlay, result) => {
    if (result.kind === 'port-link') return reduced(replaceOverlay(state, { ...overlay, link: result.url }));
    return reduced(replaceOverlay(state, { ...overlay, ports: result.ports ?? [], error: result.error, selected: 0 }));
  },
  draws: 'port-list',
});
