/**
 * A container's ports (`b` on a Containers row): each port it exposes or publishes, with the host
 * addresses it is published on. Enter opens a published port in the browser (the engine's host
 * on a remote engine; a link on screen and a copy where no browser can show); `f` forwards any
 * port here through the engine's API, `t` a published one through the ssh engine's master. A
 * forward is a change (it runs a helper there): its command goes through the one gate.
 */
import { DEFAULT_DEBUG_IMAGE } from '../../state/actions/debug-shell.ts';
import { notify, reduced, type PortsReply } from '../commands.ts';
import { sanitizeLine } from '../format/index.ts';
import { close, openView } from '../keys/steps.ts';
import { listMove, replaceOverlay } from '../navigation.ts';
import type { PortsOverlay } from '../types.ts';
import { defineView } from './module.ts';

export const ports = defineView<PortsOverlay, PortsReply>({
  id: 'ports',
  actions: {
    ports: {
      container: (state, _ctx, c) =>
        openView(
          state,
          (id): PortsOverlay => ({ kind: 'ports', id, containerId: c.id, name: c.name || c.shown, selected: 0 }),
          (o) => ({ type: 'ports-load', overlay: o.id, containerId: c.id }),
        ),
    },
  },
  contexts: () => ['ports', 'global'],
  key: (state, overlay, press, ctx) => {
    const action = ctx.keymap.resolve('ports', press.name);
    const rows = overlay.ports ?? [];
    const moved = listMove(action, overlay.selected, rows.length);
    if (moved !== undefined) return reduced(replaceOverlay(state, { ...overlay, selected: moved }));
    const row = rows[overlay.selected];
    const what = row ? `${sanitizeLine(overlay.name)}:${row.port}/${row.proto}` : '';
    switch (action) {
      case 'close':
        return close(state, overlay.id);
      case 'open-port': {
        if (!row) return reduced(state);
        const binding = row.published[0];
        if (!binding) return notify(state, `${what} is not published: ${ctx.keymap.label('forward-port')} forwards it here`, 'error');
        return reduced(state, { type: 'port-open', overlay: overlay.id, port: row.port, hostIp: binding.hostIp, hostPort: binding.hostPort });
      }
      case 'forward-port': {
        if (!row) return reduced(state);
        if (row.proto !== 'tcp') return notify(state, `${what}: only TCP ports can be forwarded`, 'error');
        const image = ctx.custom?.debugImage ?? DEFAULT_DEBUG_IMAGE;
        return notify(state, `forwarding ${what} through the engine…`, 'info', { type: 'forward-start', overlay: overlay.id, containerId: overlay.containerId, name: overlay.name, port: row.port, way: 'engine', image });
      }
      case 'tunnel-port': {
        if (!row) return reduced(state);
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
      default:
        return undefined;
    }
  },
  result: (state, overlay, result) => {
    if (result.kind === 'port-link') return reduced(replaceOverlay(state, { ...overlay, link: result.url }));
    return reduced(replaceOverlay(state, { ...overlay, ports: result.ports ?? [], error: result.error, selected: 0 }));
  },
  draws: 'port-list',
});
