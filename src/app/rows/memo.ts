/**
 * Remembers the last call: the same arguments (by identity) give the same result object. The
 * key reducer and the components ask for a pane's rows with the same inputs, so the rows are
 * built once per change of data, filter or sort, not once per key and again per frame.
 */
export function memoLast<A extends readonly unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let last: { args: A; result: R } | undefined;
  return (...args: A): R => {
    if (last && last.args.length === args.length && last.args.every((a, i) => Object.is(a, args[i]))) return last.result;
    const result = fn(...args);
    last = { args, result };
    return result;
  };
}
