/**
 * One string object per distinct text, for texts many rows share and that are made anew on a
 * clock ("6 minutes ago", "Up 6 minutes"): a copy made for each of 1,000 rows every minute lives
 * until the next minute, long enough to reach V8's old generation, while the copy looked up here
 * dies young. Bounded: past `limit` distinct texts it starts over, so odd texts cannot pile up.
 */
export function interner(limit: number): (text: string) => string {
  const seen = new Map<string, string>();
  return (text) => {
    const known = seen.get(text);
    if (known !== undefined) return known;
    if (seen.size >= limit) seen.clear();
    seen.set(text, text);
    return text;
  };
}
