import { AnswerBuffers } from './answer-buffers.ts';
import { engineListElements, jsonArrayElements } from './json-elements.ts';
import { sameJson } from './same-json.ts';
import { changedOnlyIn, fieldNeedle } from './volatile-field.ts';

/** How to make a list's value from its answer: whole, or one element of the JSON array at a time. */
export interface ListParser<T> {
  /** The whole answer's value (it also reports what is wrong with a bad answer). */
  whole(): T[];
  /** One element's entry, from its JSON text; undefined to drop it (malformed). Throws on bad JSON. */
  entry(json: string): T | undefined;
  /**
   * A top-level string field that changes between answers while nothing else does (a running
   * container's Status): an element changed only there keeps its other fields, unparsed
   * (volatile-field.ts).
   */
  volatile?: string;
}

/** An element of the remembered answer with an "Id": where its bytes were, and its entry. */
interface Known<T> {
  start: number;
  end: number;
  entry: T | undefined;
  /** The answer it was last seen in (AnswerMemo.generation). */
  seen: number;
}

/**
 * The last answer to one kind of list request, as the bytes the engine sent and the value made
 * from them. A safety poll that finds nothing new gets the engine's identical bytes back, and
 * parsing them again would allocate the whole list (~4 MB of objects for 1,000 containers) only
 * to find it equal to the one on screen: with the memo an unchanged answer costs a byte
 * comparison, and callers see the very same (frozen) array, so `===` tells them nothing changed.
 *
 * An answer that did change usually changed in a few entries (a running container's "Up N
 * minutes"): each element whose bytes are those the same "Id" had last time keeps its previous
 * entry, unparsed, and only the others are parsed. So one container changing among 10,000
 * leaves 9,999 objects as they were, and everything downstream (the comparison in the sync loop,
 * the rows the UI built from them) can tell by `===`; and a poll allocates what changed, not the
 * whole list again. What it remembers of the elements is updated in place, for the same reason:
 * anything a poll makes and keeps until the next one (10 s) outlives V8's young generation, and
 * in bench B5 such leftovers grew the old generation by ~2 MB a minute until a full collection.
 */
export class AnswerMemo<T> {
  private last: { key: string; bytes: Buffer; value: readonly T[] } | undefined;
  /** The last answer's elements that have an Id, by Id; their offsets are into last.bytes. */
  private readonly known = new Map<string, Known<T>>();
  private generation = 0;
  /** Where this list's answers are read (EngineHttp.bytes): the memo says which one it keeps. */
  readonly buffers = new AnswerBuffers();

  /**
   * The value for `bytes` under `key` (the request's query): the previous value when both are
   * identical to the previous call's, else one made with `parse` and remembered.
   */
  resolve(key: string, bytes: Buffer, parse: ListParser<T>): readonly T[] {
    const last = this.last?.key === key ? this.last : undefined;
    if (last && last.bytes.equals(bytes)) {
      this.buffers.release(bytes);
      return last.value;
    }
    if (!last) this.known.clear();
    let value: readonly T[];
    try {
      value = Object.freeze(this.byElement(bytes, last?.bytes, parse) ?? this.whole(parse));
    } catch (error) {
      // What is known may be half updated: start again from nothing.
      this.last = undefined;
      this.known.clear();
      this.buffers.release(bytes);
      throw error;
    }
    this.last = { key, bytes, value };
    this.buffers.keep(bytes);
    return value;
  }

  private whole(parse: ListParser<T>): T[] {
    this.known.clear();
    return parse.whole();
  }

  /** The entries, each parsed only if it changed; undefined if the answer is not a well-formed array. */
  private byElement(bytes: Buffer, lastBytes: Buffer | undefined, parse: ListParser<T>): T[] | undefined {
    const elements = engineListElements(bytes) ?? jsonArrayElements(bytes);
    if (!elements) return undefined;
    const previous = this.generation;
    const generation = ++this.generation;
    const entries: T[] = [];
    const volatile = parse.volatile === undefined ? undefined : { name: parse.volatile, needle: fieldNeedle(parse.volatile) };
    for (const { start, end, id } of elements) {
      const before = id === undefined ? undefined : this.known.get(id);
      let entry: T | undefined;
      const lastSeen = before && lastBytes && before.seen === previous ? lastBytes : undefined;
      let moved: string | undefined;
      if (before && lastSeen && before.end - before.start === end - start && lastSeen.compare(bytes, start, end, before.start, before.end) === 0) {
        entry = before.entry;
      } else if (
        before?.entry !== undefined &&
        lastSeen &&
        volatile &&
        (moved = changedOnlyIn(volatile.needle, (before.entry as Record<string, unknown>)[volatile.name], lastSeen, before.start, before.end, bytes, start, end)) !== undefined
      ) {
        entry = { ...before.entry, [volatile.name]: moved };
      } else {
        try {
          entry = parse.entry(bytes.toString('utf8', start, end));
        } catch {
          return undefined; // the whole answer is then parsed, and its error names what came
        }
        if (entry !== undefined && before?.entry !== undefined && sameJson(before.entry, entry)) entry = before.entry;
      }
      if (before) {
        before.start = start;
        before.end = end;
        before.entry = entry;
        before.seen = generation;
      } else if (id !== undefined) this.known.set(id, { start, end, entry, seen: generation });
      if (entry !== undefined) entries.push(entry);
    }
    for (const [id, known] of this.known) if (known.seen !== generation) this.known.delete(id);
    return entries;
  }
}
