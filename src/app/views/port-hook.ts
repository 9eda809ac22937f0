/**
 * Enter on a port line (describe, relations): where the ports view (open in a browser, forward
 * it here) plugs in. Until it does, the line says what the port is and nothing opens.
 */
import { notify, type Reduced } from '../commands.ts';
import type { UiContext } from '../context.ts';
import { sanitizeLine } from '../format/index.ts';
import type { AppState, Overlay } from '../types.ts';

export function openPort(state: AppState, _ctx: UiContext, _from: Overlay, go: { containerId: string; port: string }): Reduced {
  return notify(state, `port ${sanitizeLine(go.port)}: opening and forwarding ports is not in berth yet`, 'info');
}
