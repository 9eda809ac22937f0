/**
 * A container's ports view, opened with its ports asked for: by `b` on a row (ports.ts), and by
 * Enter on a port line in describe or relations (item-lines.ts), over that view — where Enter
 * opens a published port in the browser and f forwards any of them here; Esc comes back. Its own
 * file: the item views reach it without importing the ports view's module (which imports theirs).
 */
import type { Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { openView } from '../keys/steps.ts';
import type { AppState, Overlay, PortsOverlay } from '../types.ts';

export function openPorts(state: AppState, containerId: string, name: string): Reduced {
  return openView(
    state,
    (id): PortsOverlay => ({ kind: 'ports', id, containerId, name, selected: 0 }),
    (o) => ({ type: 'ports-load', overlay: o.id, containerId }),
  );
}

export function openPort(state: AppState, _ctx: UiContext, from: Overlay, go: { containerId: string; port: string }): Reduced {
  return openPorts(state, go.containerId, 'name' in from && typeof from.name === 'string' ? from.name : go.containerId.slice(0, 12));
}
