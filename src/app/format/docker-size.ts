/**
 * A size as the docker CLI prints it in `docker system df` (go-units `HumanSize`: decimal units,
 * four significant digits, Go's `%.4g`, which drops trailing zeros; no space: "1.049MB", "3MB",
 * "0B"), so the disk view's figures read exactly as the CLI's. -1 (not measured) reads "N/A".
 */
const UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

export function dockerSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'N/A';
  let size = bytes;
  let unit = 0;
  while (size >= 1000 && unit < UNITS.length - 1) {
    size /= 1000;
    unit++;
  }
  // toPrecision rounds as %.4g does; %g then drops the zeros after the point, and the point.
  const digits = size.toPrecision(4);
  const shown = digits.includes('.') ? digits.replace(/0+$/, '').replace(/\.$/, '') : digits;
  return `${shown}${UNITS[unit]}`;
}

/** `docker system df`'s RECLAIMABLE cell: the size and its whole percent of the total ("1.2GB (40%)"). */
export function dockerReclaimable(reclaimable: number, total: number): string {
  return total > 0 ? `${dockerSize(reclaimable)} (${Math.trunc((reclaimable * 100) / total)}%)` : dockerSize(reclaimable);
}
