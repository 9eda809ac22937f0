/**
 * Enter on a port line (describe, relations): the container's ports view opens over the view,
 * where Enter opens a published port in the browser and f forwards any of them here (ports.ts);
 * Esc comes back.
 */
import type { Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { openView } from '../keys/steps.ts';
import type { AppState, Overlay, PortsOverlay } from '../types.ts';

export function openPort(state: AppState, _ctx: UiContext, from: Overlay, go: { containerId: string; port: string }): Reduced {
  const name = 'name' in from && typeof from.name === 'string' ? from.name : go.containerId.slice(0, 12);
  return openView(
    state,
    (id): PortsOverlay => ({ kind: 'ports', id, containerId: go.containerId, name, selected: 0 }),
    (o) => ({ type: 'ports-load', overlay: o.id, containerId: go.containerId }),
  );
}
