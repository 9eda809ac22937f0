// Progress bars for pulls and pushes, drawn with block characters at eighth-of-a-cell resolution.
//
// The unfilled part is `░` rather than blank so the bar's extent stays visible with NO_COLOR or on a
// monochrome terminal, where there is no background colour to show where the bar ends. All the glyphs
// are East Asian "ambiguous" width, which string-width (and virtually every terminal outside CJK
// legacy locales) counts as one cell.

const FULL = '█';
const EMPTY = '░';
// PARTIAL[k] covers k/8 of a cell; index 0 is unused (a zero remainder draws no partial cell).
const PARTIAL = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'] as const;

/**
 * Exactly `width` cells (0 for a non-positive width). `fraction` is clamped to 0..1; undefined or NaN
 * (total size not yet known) draws an empty bar.
 */
export function renderBar(fraction: number | undefined, width: number): string {
  const cells = Number.isFinite(width) && width > 0 ? Math.floor(width) : 0;
  if (cells === 0) return '';
  const f = fraction === undefined || Number.isNaN(fraction) ? 0 : Math.min(1, Math.max(0, fraction));
  const eighths = Math.round(f * cells * 8);
  const full = Math.floor(eighths / 8);
  const partial = PARTIAL[eighths % 8] ?? '';
  const drawn = full + (partial === '' ? 0 : 1);
  return FULL.repeat(full) + partial + EMPTY.repeat(cells - drawn);
}
