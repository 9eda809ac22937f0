import { sameJson } from './same-json.ts';

/**
 * The last answer to one kind of list request, as the bytes the engine sent and the value made
 * from them. A safety poll that finds nothing new gets the engine's identical bytes back, and
 * parsing them again would allocate the whole list (~2 MB of objects for 1,000 containers) only
 * to find it equal to the one on screen: with the memo an unchanged answer costs a byte
 * comparison, and callers see the very same (frozen) array, so `===` tells them nothing changed.
 */
export class AnswerMemo<T> {
  private last: { key: string; bytes: Buffer; value: readonly T[] } | undefined;

  /**
   * `identify`: an entry's identity (a container's or image's id). When given, an entry of a new
   * answer that equals the previous answer's entry of the same identity *is* that entry: one
   * container changing among 10,000 leaves 9,999 objects as they were, so everything downstream
   * (the comparison in the sync loop, the rows the UI built from them) can tell by `===`.
   */
  constructor(private readonly identify?: (item: T) => string) {}

  /**
   * The value for `bytes` under `key` (the request's query): the previous value when both are
   * identical to the previous call's, else `make()`'s, frozen and remembered.
   */
  resolve(key: string, bytes: Buffer, make: () => T[]): readonly T[] {
    const last = this.last;
    if (last && last.key === key && last.bytes.equals(bytes)) return last.value;
    const made = make();
    const value = Object.freeze(last && last.key === key ? this.reuse(last.value, made) : made);
    this.last = { key, bytes, value };
    return value;
  }

  private reuse(previous: readonly T[], next: T[]): T[] {
    const identify = this.identify;
    if (!identify || previous.length === 0) return next;
    const before = new Map<string, T>();
    for (const item of previous) before.set(identify(item), item);
    return next.map((item) => {
      const old = before.get(identify(item));
      return old !== undefined && sameJson(old, item) ? old : item;
    });
  }
}
