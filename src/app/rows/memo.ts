/**
 * Remembers the last call: the same arguments (by identity) give the same result object. The
 * key reducer and the components ask for a pane's rows with the same inputs, so the rows are
 * built once per change of data, filter or sort, not once per key and again per frame.
 */
export function memoLast<A extends readonly unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let last: { args: A; result: R } | undefined;
  return (...args: A): R => {
    if (last && sameArgs(last.args, args)) return last.result;
    const result = fn(...args);
    last = { args, result };
    return result;
  };
}

/**
 * memoLast for the last `size` calls over the same first argument (the list): a view toggled back
 * and forth (all ↔ running over 10,000 containers) gets back the array it had, and so does
 * everything kept per array after it. A new list drops the others' results, so no result over a
 * list gone stays held (10,000 rows of an old answer).
 */
export function memoRecent<A extends readonly unknown[], R>(size: number, fn: (...args: A) => R): (...args: A) => R {
  let recent: { args: A; result: R }[] = [];
  return (...args: A): R => {
    const hit = recent.find((r) => sameArgs(r.args, args));
    if (hit) {
      // Most hits are the newest already (every frame asks again): no new array for those.
      if (hit !== recent[0]) recent = [hit, ...recent.filter((r) => r !== hit)];
      return hit.result;
    }
    const result = fn(...args);
    recent = [{ args, result }, ...recent.filter((r) => Object.is(r.args[0], args[0]))].slice(0, size);
    return result;
  };
}

/** A plain loop: panes ask once per row (10,000 in B11), and `every` with its callback showed in their profiles. */
function sameArgs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
