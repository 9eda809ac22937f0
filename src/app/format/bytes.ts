// Byte counts the way the docker CLI prints them (`docker images` SIZE, `docker ps -s`): SI units, base 1000,
// three significant digits, no space before the unit — go-units `HumanSizeWithPrecision(n, 3)`, i.e.
// `%.3g` — so numbers in berth read the same as the ones users already know.
//
// One deliberate deviation: Go's `%.3g` turns 999_999 into `1e+03kB`. Here a value that rounds up to
// 1000 moves to the next unit instead (`1MB`).

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** `0B`, `999B`, `1kB`, `1.23MB`, `45.6MB`, `1.5GB`; `-` for undefined, negative, NaN or infinite input. */
export function formatBytes(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n) || n < 0) return '-';
  let size = n;
  let unit = 0;
  while (size >= 1000 && unit < UNITS.length - 1) {
    size /= 1000;
    unit++;
  }
  // Whole bytes only: fractions of a byte only arise from rates and averages and would read as noise.
  let shown = unit === 0 ? Math.round(size) : Number(size.toPrecision(3));
  if (shown >= 1000 && unit < UNITS.length - 1) {
    unit++;
    shown = Number((shown / 1000).toPrecision(3));
  }
  return `${shown}${UNITS[unit]}`;
}

/**
 * `12.3MB/45.6MB` for progress rows. The engine reports an unknown total as 0 or -1 (or omits it),
 * in which case only the current amount is shown.
 */
export function formatBytesPair(current: number | undefined, total: number | undefined): string {
  const done = formatBytes(current);
  if (total === undefined || !Number.isFinite(total) || total <= 0) return done;
  return `${done}/${formatBytes(total)}`;
}

/** `1.2MB/s`; `-` when the rate is unknown. */
export function formatRate(bytesPerSecond: number | undefined): string {
  const size = formatBytes(bytesPerSecond);
  return size === '-' ? size : `${size}/s`;
}

const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/** `8MiB`, `7.629MiB`, `1GiB`: binary units, four significant digits, as `docker stats` shows a memory limit (go-units BytesSize). */
export function formatBinaryBytes(n: number): string {
  let size = n;
  let unit = 0;
  while (size >= 1024 && unit < BINARY_UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${Number(size.toPrecision(4))}${BINARY_UNITS[unit]}`;
}
