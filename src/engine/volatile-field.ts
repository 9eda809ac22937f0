/**
 * An element of a list answer that differs from its last answer only inside one top-level string
 * value: a running container's Status ("Up 26 seconds", ten seconds later "Up 36 seconds"). Found
 * by comparing bytes around that value, so the entry can keep every other field (the very same
 * objects) without JSON.parse of the whole element: over containers younger than a minute each
 * safety poll changes every element, and parsing them all again only for the sync loop to find
 * the same containers grown older cost more than the poll itself (bench B4, young containers).
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where a value `"field":"…"` is in bytes[from, to): the value's first byte and its closing quote. */
function valueAt(bytes: Buffer, needle: Buffer, from: number, to: number): { start: number; end: number } | undefined {
  const at = bytes.indexOf(needle, from);
  if (at === -1 || at + needle.length > to) return undefined;
  const start = at + needle.length;
  for (let i = start; i < to; i++) {
    const b = bytes[i] as number;
    if (b === QUOTE) {
      // The one such field in the element: a second (nested, in a label) could be the one that changed.
      const again = bytes.indexOf(needle, i);
      return again === -1 || again + needle.length > to ? { start, end: i } : undefined;
    }
    // An escape or a raw control character: left to JSON.parse (which refuses the latter).
    if (b === BACKSLASH || b < 0x20) return undefined;
  }
  return undefined;
}

/**
 * The new value of `field` when `bytes[start, end)` (this answer's element) and `lastBytes[lastStart,
 * lastEnd)` (the last one's) are the same but for that string value, else undefined. `lastValue`
 * is the value the entry made from the last element holds: the field found must be that one.
 */
export function changedOnlyIn(field: Buffer, lastValue: unknown, lastBytes: Buffer, lastStart: number, lastEnd: number, bytes: Buffer, start: number, end: number): string | undefined {
  if (typeof lastValue !== 'string') return undefined;
  const before = valueAt(lastBytes, field, lastStart, lastEnd);
  const now = valueAt(bytes, field, start, end);
  if (!before || !now || before.start - lastStart !== now.start - start) return undefined;
  if (lastBytes.compare(bytes, start, now.start, lastStart, before.start) !== 0) return undefined;
  if (lastBytes.compare(bytes, now.end, end, before.end, lastEnd) !== 0) return undefined;
  if (lastBytes.toString('utf8', before.start, before.end) !== lastValue) return undefined;
  return bytes.toString('utf8', now.start, now.end);
}

/** The bytes that open a top-level string field's value in an engine's compact JSON: `"Status":"`. */
export function fieldNeedle(name: string): Buffer {
  return Buffer.from(`"${name}":"`, 'latin1');
}
