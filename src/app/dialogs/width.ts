/**
 * How wide a form dialog is. At least the old 76 columns where the terminal has them; on a wide
 * terminal it grows with it (four fifths of the width, at most 120), so a long image reference,
 * a title or the engine's message is not cut while half the screen is blank. Never wider than
 * the terminal, never narrower than 24 (below that nothing reads anyway).
 */
export const DIALOG_BASE_WIDTH = 76;
export const DIALOG_MAX_WIDTH = 120;

export function formDialogWidth(columns: number): number {
  const wide = Math.min(Math.floor(columns * 0.8), DIALOG_MAX_WIDTH);
  return Math.max(Math.min(columns, Math.max(DIALOG_BASE_WIDTH, wide)), 24);
}
