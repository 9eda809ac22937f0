/**
 * The first row each pane's list shows, as the last frame drew it. The list's window moves only
 * when the selection would leave it (ui/widgets/table.tsx, as k9s does), so where it stands
 * depends on the frames before and not on the state alone: the table notes it here as it draws,
 * and a click on a row (keys/clicks.ts) reads it — a click means what was on screen.
 */
const tops = new Map<string, number>();

export function noteListTop(pane: string, top: number): void {
  tops.set(pane, top);
}

export function listTop(pane: string): number {
  return tops.get(pane) ?? 0;
}
