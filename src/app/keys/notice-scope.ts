/**
 * A notice belongs to the screen it was said on: when the screen changes (another pane, a view or
 * dialog opened or closed), a notice from before does not follow onto the next one, where it would
 * read as being about what is shown now. A notice said by the very change (a dialog that closes
 * saying what it did) is the new screen's own and stays.
 */
import { topOverlay, type AppState } from '../types.ts';

function screenOf(state: AppState): string {
  return `${state.pane} ${topOverlay(state)?.id ?? ''}`;
}

/** `after`, without the notice it kept from `before` when the screen changed between them. */
export function noticeForScreen(before: AppState, after: AppState): AppState {
  const old = before.notice;
  if (old === undefined || after.notice?.seq !== old.seq || screenOf(before) === screenOf(after)) return after;
  return { ...after, notice: undefined };
}
