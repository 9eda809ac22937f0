/** Byte-stream helpers for parser tests: any chunking of a stream must parse the same. */

/** Cuts `bytes` at the given offsets (any order, duplicates allowed: they make empty chunks). */
export function split(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const sorted = [...cuts].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const cut of sorted) {
    parts.push(bytes.subarray(start, cut));
    start = cut;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

export async function* chunksOf(parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield part;
}
