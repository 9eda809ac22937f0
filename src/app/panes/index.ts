/**
 * The panes, in tab order: one line each. A pane is its module (pane.ts says what one declares);
 * its number is the key the keymap binds to `pane-<id>`.
 */
import { actions } from './actions.ts';
import { containers } from './containers.ts';
import { events } from './events.ts';
import { images } from './images.ts';
import { incidents } from './incidents.ts';
import { networks } from './networks.ts';
import { nodes } from './nodes.ts';
import type { Pane } from './pane.ts';
import { pulls } from './pulls.ts';
import { services } from './services.ts';
import { volumes } from './volumes.ts';

export const panes: readonly Pane[] = [containers, images, pulls, volumes, networks, events, services, nodes, incidents, actions];

export const paneOrder: readonly string[] = panes.map((p) => p.id);

/** The pane of an id; the first pane for '' (the state's first pane) or an id no pane has. */
export function paneEntry(id: string): Pane {
  return panes.find((p) => p.id === id) ?? (panes[0] as Pane);
}
