/**
 * When the ages a pane shows next read differently: what the screen's clock waits for. Only the
 * list the pane draws counts: an image's CREATED turning a second must not redraw the containers
 * (each tick is a whole Ink frame, even when no text on it changed), nor a container's STATUS the
 * images. Panes that draw neither list keep both, as before (their own times ride on these ticks).
 */
import type { ContainerSummary, ImageSummary } from '../../engine/types.ts';
import type { ContainerTimes } from '../../state/status-times.ts';
import { nextRelativeChange } from '../format/time.ts';
import type { ListKind } from '../targets.ts';
import { nextStatusChange } from './container-rows.ts';
import { arrivedAt } from '../../state/fleet/fleet-lists.ts';
import { memberOf } from '../../state/fleet/member-tag.ts';

export interface AgedLists {
  containers: readonly ContainerSummary[];
  /** When the containers' answer arrived: their Status ages count from it. */
  containersAt: number | undefined;
  /** In a fleet: each engine's own (fleet-lists.ts arrivedAt), by its short name. */
  containersAtBy?: Readonly<Record<string, number>>;
  images: readonly ImageSummary[];
  times: ReadonlyMap<string, ContainerTimes>;
}

/**
 * The last answer for each kind of list, and the moment it was worked out from: until the answer's
 * moment no age reads differently, so any time in between has the same answer. Switching panes
 * asked again over every container (10,000 of them in B11) at each switch.
 */
const answers = new Map<ListKind | undefined, { lists: AgedLists; from: number; at: number }>();

const sameLists = (a: AgedLists, b: AgedLists) => a.containers === b.containers && a.containersAt === b.containersAt && a.containersAtBy === b.containersAtBy && a.images === b.images && a.times === b.times;

export function nextAgeChange(list: ListKind | undefined, lists: AgedLists, nowMs: number): number {
  const known = answers.get(list);
  if (known !== undefined && sameLists(known.lists, lists) && known.from <= nowMs && nowMs < known.at) return known.at;
  const containers = list !== 'image';
  const images = list !== 'container';
  const at = Math.min(
    containers ? earliestRelativeChange(lists.containers, nowMs) : Infinity,
    containers ? nextStatusChange(lists.containers, (c) => arrivedAt({ refreshedAt: lists.containersAt, refreshedAtBy: lists.containersAtBy }, memberOf(c)) ?? nowMs, nowMs, lists.times) : Infinity,
    images ? earliestRelativeChange(lists.images, nowMs) : Infinity,
  );
  // Without the answer's time, a Status ages from now: no answer to keep.
  if (lists.containersAt !== undefined || !containers) answers.set(list, { lists, from: nowMs, at });
  return at;
}

function earliestRelativeChange(list: readonly { Created?: number }[], nowMs: number): number {
  let earliest = Infinity;
  for (const item of list) earliest = Math.min(earliest, nextRelativeChange(item.Created, nowMs));
  return earliest;
}
