/**
 * Whether two colours read against each other: WCAG's contrast ratio (4.5 is its bar for text),
 * over colours as a terminal holds them — xterm's 256-colour palette by index (its default 16
 * first, then the 6×6×6 cube and the grey ramp), or 24-bit.
 */
export type Rgb = readonly [number, number, number];

const BASE16: readonly Rgb[] = [
  [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0], [0, 0, 238], [205, 0, 205], [0, 205, 205], [229, 229, 229],
  [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0], [92, 92, 255], [255, 0, 255], [0, 255, 255], [255, 255, 255],
];
const CUBE = [0, 95, 135, 175, 215, 255];

export function paletteRgb(index: number): Rgb {
  if (index < 16) return BASE16[index] as Rgb;
  if (index < 232) {
    const n = index - 16;
    return [CUBE[Math.floor(n / 36)] as number, CUBE[Math.floor(n / 6) % 6] as number, CUBE[n % 6] as number];
  }
  const grey = 8 + (index - 232) * 10;
  return [grey, grey, grey];
}

/** A colour as a theme gives it: `#rrggbb`, `#rgb` or `ansi256(n)`. */
export function colourRgb(colour: string): Rgb {
  const index = /^ansi256\((\d+)\)$/.exec(colour);
  return index ? paletteRgb(Number(index[1])) : hexRgb(colour);
}

export function hexRgb(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];
