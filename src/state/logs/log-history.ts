// The whole history of one container's log, on demand, without holding it: the buffer is a window
// of at most its capacity, opened at the tail; pages are read into it at either end, and a jump
// (`g`, a far search match) replaces it. How the pages are found is history-index.ts. Reading
// older pages detaches the window from the live end (its newest lines are pushed out): the live
// stream stops while detached, and reading down to the end, or `G`, joins it again.
import { describeError, isEngineError } from '../../engine/errors.ts';
import { CHECKPOINT_EVERY, engineTime, HistoryIndex, leadingGroup, timeKey, trailingGroup, trimNewer, trimOlder } from './history-index.ts';
import type { LogBuffer } from './log-buffer.ts';
import { readLog, readLogChunks, readPage, type ReadLogs } from './log-reader.ts';
import { longPass } from './long-pass.ts';
import type { LogLine } from './types.ts';

/** Lines read per newer page, and around a far search match. */
export const PAGE_LINES = CHECKPOINT_EVERY;

/** A read that takes longer than this is said in the status line; a quicker one shows only its lines. */
const SAY_READING_AFTER_MS = 100;

/** Lines of the first page that are drawn before the rest of it is read (more than a screen). */
const FIRST_SCREEN_LINES = 200;

/**
 * How often a count or a search says how far it got. Each report redraws the view: at 100 ms, a
 * search of 1,000,000 lines spent a third of its time drawing its own progress (B14).
 */
const PROGRESS_EVERY_MS = 500;

/** A log time with no fraction of a second (Podman 4.3's), which many lines may share. */
function coarseTime(time: string): boolean {
  return !/T\d\d:\d\d:\d\d\./.test(time);
}
/** Whole-history search keeps at most this many matches (their places, not their text). */
export const MAX_HISTORY_MATCHES = 10_000;

export interface HistorySearch {
  readonly query: string;
  /** Lines read so far. */
  readonly scanned: number;
  /** Matching lines found so far (at most MAX_HISTORY_MATCHES are kept). */
  readonly found: number;
  readonly done: boolean;
  readonly cancelled?: boolean;
}

export interface LogHistoryInfo {
  /** Lines older than the window's first may exist (↑ at the top reads them). */
  readonly older: boolean;
  /** The window is detached from the live end: newer lines exist below it. */
  readonly newer: boolean;
  /** What is being read now, said in the status line. */
  readonly loading?: string;
  /** Lines in the whole log when a pass last counted them. */
  readonly counted?: number;
  /** A count under way: lines so far. */
  readonly counting?: number;
  /** The window's first line's number from the start of the log, once known. */
  readonly offset?: number;
  readonly search?: HistorySearch;
  /** After a jump: the window index to show (seq changes with every jump). */
  readonly focus?: { readonly seq: number; readonly index: number };
  readonly error?: string;
}

interface Match {
  readonly line: number;
}

export interface HistoryHost {
  readonly buffer: LogBuffer;
  readonly logs: ReadLogs;
  readonly id: string;
  tty(): boolean;
  /** Stops following the live end (the window moved away from it). */
  detach(): void;
  /** Follows the live end again after the window's last line (timeMs, or all of the tail). */
  follow(fromMs: number | undefined): void;
  /** Throws the window away and opens at the tail, following. */
  reopen(): void;
  changed(info: LogHistoryInfo): void;
}

export class LogHistory {
  #info: LogHistoryInfo = { older: false, newer: false };
  #index: HistoryIndex | undefined;
  #indexDone = false;
  #pass: AbortController | undefined;
  #load: AbortController | undefined;
  #loading: string | undefined;
  #matches: Match[] = [];
  #matcher: ((text: string) => boolean) | undefined;
  #wantOlder = false;
  #seq = 0;
  /** The newest line time the total (`counted`) takes in: live lines after it grow the total. */
  #countedThrough: bigint | undefined;
  readonly #closed = new AbortController();

  constructor(private readonly host: HistoryHost) {}

  get info(): LogHistoryInfo {
    return this.#info;
  }

  close(): void {
    this.#closed.abort();
    this.#pass?.abort();
    this.#load?.abort();
  }

  /** The window was thrown away for another view of the log (a time window): stop reading, forget where it was. */
  reset(): void {
    this.#pass?.abort();
    this.#pass = undefined;
    this.#load?.abort();
    this.#load = undefined;
    this.#loading = undefined;
    this.#matches = [];
    this.#wantOlder = false;
    // The total was the whole log's when counted; a window is not followed line by line, so it
    // would only grow stale under it: the next count or search tells it again.
    this.#countedThrough = undefined;
    this.#info = { older: false, newer: false };
    this.host.changed(this.#info);
  }

  /** The tail filled its `tail`: older lines may exist (a count will tell). */
  mayHaveOlder(): void {
    if (!this.#info.older && this.#info.offset === undefined) this.#set({ older: true });
  }

  /**
   * Lines were appended by the live stream (evicting `evicted` from the front). Those newer than
   * the last line a finished count read are the log's new lines: the total grows by them, so it
   * never stays behind a log that goes on (a line of the same time is taken as counted).
   */
  appended(evicted: number, lines: readonly LogLine[] = []): void {
    const grown = this.#newSinceCount(lines);
    const counted = this.#info.counted;
    if (evicted === 0 && grown === 0) return;
    this.#set({
      ...(evicted > 0 ? { older: true, offset: this.#info.offset === undefined ? undefined : this.#info.offset + evicted } : {}),
      ...(grown > 0 && counted !== undefined ? { counted: counted + grown } : {}),
    });
  }

  #newSinceCount(lines: readonly LogLine[]): number {
    if (this.#info.counted === undefined || this.#countedThrough === undefined) return 0;
    let grown = 0;
    for (const line of lines) {
      const key = line.time === undefined ? undefined : timeKey(line.time);
      if (key === undefined || key <= this.#countedThrough) continue;
      this.#countedThrough = key;
      grown++;
    }
    return grown;
  }

  /** ↑ at the top: the page before the window. */
  older(): void {
    if (!this.#info.older || this.#loading !== undefined) return;
    const head = this.host.buffer.at(0);
    if (head?.time === undefined) return;
    if (this.#canPageBefore(head.time)) {
      this.#run('older lines', (signal) => this.#readOlder(head, signal));
      return;
    }
    this.#wantOlder = true;
    if (this.#pass === undefined) this.#count(undefined);
  }

  /** ↓ at the bottom of a detached window: the page after it. */
  newer(): void {
    if (!this.#info.newer || this.#loading !== undefined) return;
    const tail = this.host.buffer.at(this.host.buffer.length - 1);
    if (tail?.time === undefined) return;
    this.#run('newer lines', (signal) => this.#readNewer(tail, signal));
  }

  /**
   * `g`: the first page of the log, on screen as soon as a screen's worth of it is read; the rest
   * of the page follows into the window as the engine sends it (B14: the whole page first took
   * twice `docker logs | head -1`).
   */
  first(): void {
    if (!this.#info.older || this.#loading !== undefined) return;
    this.#run('the first lines', async (signal) => {
      const early: LogLine[] = [];
      let shown = false;
      const ended = await readLog(this.host.logs, this.host.id, { tty: this.host.tty(), limit: PAGE_LINES, signal }, (batch) => {
        if (shown) {
          this.host.buffer.append(batch);
          return;
        }
        for (const line of batch) early.push(line);
        if (early.length < FIRST_SCREEN_LINES) return;
        shown = true;
        this.#replace(early, 0, 0, false);
      });
      if (!shown) this.#replace(early, 0, 0, ended);
      else if (ended) this.#rejoin();
      else this.#set({});
    });
  }

  /** `G` on a detached window: back to the tail, following. */
  last(): void {
    if (!this.#info.newer) return;
    this.#load?.abort();
    this.#loading = undefined;
    this.#set({ newer: false, loading: undefined, offset: undefined });
    this.host.reopen();
  }

  /** Search the whole history for lines `matches` says yes to (undefined: stop searching). */
  search(query: string | undefined, matches?: (text: string) => boolean): void {
    this.#pass?.abort();
    this.#pass = undefined;
    this.#matches = [];
    this.#matcher = matches;
    if (query === undefined || matches === undefined) {
      this.#set({ search: undefined, counting: undefined });
      return;
    }
    this.#count(query);
  }

  /** Esc while a search reads: stop it, keeping what it found. */
  cancelSearch(): boolean {
    const search = this.#info.search;
    if (search === undefined || search.done || this.#pass === undefined) return false;
    this.#pass.abort();
    this.#pass = undefined;
    this.#set({ search: { ...search, done: true, cancelled: true }, counting: undefined });
    return true;
  }

  /**
   * `n`/`N` past the window's last/first match: the next whole-history match after (or before)
   * window index `from`, read into a new window if it is outside this one. False when there is none.
   */
  reveal(from: number, direction: 1 | -1): boolean {
    const offset = this.#info.offset;
    if (offset === undefined || this.#matches.length === 0 || this.#loading !== undefined) return false;
    const at = offset + from;
    const list = this.#matches;
    const target = direction === 1 ? list.find((m) => m.line > at) ?? list[0] : [...list].reverse().find((m) => m.line < at) ?? list[list.length - 1];
    if (target === undefined) return false;
    const length = this.host.buffer.length;
    if (target.line >= offset && target.line < offset + length) {
      this.#set({ focus: { seq: ++this.#seq, index: target.line - offset } });
      return true;
    }
    const index = this.#index;
    const checkpoint = index?.atOrBefore(target.line);
    if (checkpoint === undefined) return false;
    this.#run('the match', async (signal) => {
      const start = checkpoint.line - checkpoint.rank;
      const since = checkpoint.line === 0 ? undefined : engineTime(checkpoint.time);
      const limit = target.line - start + PAGE_LINES;
      const { lines, ended } = await readPage(this.host.logs, this.host.id, { tty: this.host.tty(), since, limit, signal });
      this.#replace(lines, start, target.line - start, ended);
    });
    return true;
  }

  /** Reads the whole log as the engine sends it, never split into lines (a save, the pager): exact bytes. */
  readBytes(onChunk: Parameters<typeof readLogChunks>[3], options: { timestamps: boolean; signal: AbortSignal }): Promise<boolean> {
    return longPass(readLogChunks(this.host.logs, this.host.id, { tty: this.host.tty(), ...options }, onChunk));
  }

  /** Window index of the whole-history matches the window holds (for `n`'s "any further?"). */
  hasMatchesOutside(): boolean {
    const offset = this.#info.offset;
    if (offset === undefined) return this.#matches.length > 0;
    const end = offset + this.host.buffer.length;
    return this.#matches.some((m) => m.line < offset || m.line >= end);
  }

  /**
   * Whether the page before a head line of this time can be read now. With times to the
   * nanosecond (dockerd) a checkpoint before it is enough; with whole seconds (Podman 4.3) a
   * second can hold thousands of lines, `until` cannot tell them apart, so the head's line number
   * must be known (the count) and the page is read by numbers (#readOlderByLine).
   */
  #canPageBefore(headTime: string): boolean {
    if (coarseTime(headTime)) return this.#indexDone && this.#info.offset !== undefined;
    return this.#indexDone || this.#index?.covers(headTime) === true;
  }

  async #readOlder(head: LogLine, signal: AbortSignal): Promise<void> {
    const headTime = head.time as string;
    const buffer = this.host.buffer;
    const headLine = this.#info.offset;
    if (coarseTime(headTime) && headLine !== undefined) return this.#readOlderByLine(headLine, signal);
    const checkpoint = this.#index?.before(headTime);
    const since = checkpoint === undefined || checkpoint.line === 0 ? undefined : engineTime(checkpoint.time);
    const { lines } = await readPage(this.host.logs, this.host.id, { tty: this.host.tty(), since, until: engineTime(headTime), limit: buffer.capacity, signal });
    const page = trimOlder(lines, headTime, leadingGroup(buffer, headTime));
    const evicted = buffer.prepend(page);
    const offset = checkpoint === undefined ? 0 : checkpoint.line - checkpoint.rank;
    if (evicted > 0 && !this.#info.newer) this.host.detach();
    this.#set({ older: offset > 0, offset, newer: this.#info.newer || evicted > 0 });
  }

  /**
   * The page before line `headLine` by line numbers: from the last checkpoint before it (read
   * `since` its time, whose first line is `rank` lines before it), as many lines as lie between.
   */
  async #readOlderByLine(headLine: number, signal: AbortSignal): Promise<void> {
    const buffer = this.host.buffer;
    const checkpoint = this.#index?.atOrBefore(headLine - 1);
    if (checkpoint === undefined) return;
    const start = checkpoint.line - checkpoint.rank;
    const since = start === 0 ? undefined : engineTime(checkpoint.time);
    const { lines } = await readPage(this.host.logs, this.host.id, { tty: this.host.tty(), since, limit: headLine - start, signal });
    const page = lines.slice(checkpoint.line - start);
    const evicted = buffer.prepend(page);
    const offset = headLine - page.length;
    if (evicted > 0 && !this.#info.newer) this.host.detach();
    this.#set({ older: offset > 0, offset, newer: this.#info.newer || evicted > 0 });
  }

  async #readNewer(tail: LogLine, signal: AbortSignal): Promise<void> {
    const tailTime = tail.time as string;
    const buffer = this.host.buffer;
    const held = trailingGroup(buffer, tailTime);
    const { lines, ended } = await readPage(this.host.logs, this.host.id, { tty: this.host.tty(), since: engineTime(tailTime), limit: PAGE_LINES + held, signal });
    const evicted = buffer.append(trimNewer(lines, tailTime, held));
    const offset = this.#info.offset === undefined ? undefined : this.#info.offset + evicted;
    if (ended) {
      this.#set({ newer: false, older: this.#info.older || evicted > 0, offset });
      this.host.follow(buffer.at(buffer.length - 1)?.timeMs);
    } else this.#set({ older: this.#info.older || evicted > 0, offset });
  }

  /** A jump: the window becomes `lines`, the first being line `start` of the log; show `focus`. */
  #replace(lines: LogLine[], start: number, focus: number, ended: boolean): void {
    const buffer = this.host.buffer;
    this.host.detach();
    buffer.clear();
    const evicted = buffer.append(lines);
    const offset = start + evicted;
    this.#set({ older: offset > 0, newer: true, offset, focus: { seq: ++this.#seq, index: Math.max(0, focus - evicted) } });
    if (ended) this.#rejoin();
  }

  /** The window reaches the log's end: it follows the live end again, from its last line. */
  #rejoin(): void {
    this.#set({ newer: false });
    this.host.follow(this.host.buffer.at(this.host.buffer.length - 1)?.timeMs);
  }

  /** One read of everything: counts the lines, keeps the index, and searches when asked. */
  #count(query: string | undefined): void {
    const pass = new AbortController();
    this.#pass = pass;
    const index = new HistoryIndex();
    // The window's first line, to learn its number on the way (the tail's is not known before).
    const head = this.#info.offset === undefined ? this.host.buffer.at(0) : undefined;
    const epoch = this.host.buffer.epoch;
    const prepended = this.host.buffer.prepended;
    const dropped = this.host.buffer.dropped;
    let headLine: number | undefined;
    const matcher = this.#matcher;
    const matches = this.#matches;
    let found = 0;
    let lastReport = 0;
    this.#index = index;
    this.#indexDone = false;
    const report = (done: boolean) => {
      const search = query === undefined ? this.#info.search : { query, scanned: index.count, found, done };
      this.#set({ counting: done ? undefined : index.count, ...(done ? { counted: index.count } : {}), search });
    };
    report(false);
    const onLines = (lines: LogLine[]) => {
      if (pass.signal.aborted) return false;
      for (const line of lines) {
        const number = index.count;
        index.add(line);
        if (headLine === undefined && head !== undefined && line.time === head.time && line.text === head.text && line.stream === head.stream) headLine = number;
        if (matcher?.(line.text) === true) {
          found++;
          if (matches.length < MAX_HISTORY_MATCHES) matches.push({ line: number });
        }
      }
      if (this.#wantOlder) this.#olderIfCovered();
      const now = Date.now();
      if (now - lastReport >= PROGRESS_EVERY_MS) {
        lastReport = now;
        report(false);
      }
      return true;
    };
    longPass(readLog(this.host.logs, this.host.id, { tty: this.host.tty(), signal: pass.signal }, onLines)).then(
      () => {
        if (pass.signal.aborted) return;
        this.#pass = undefined;
        this.#indexDone = true;
        const buffer = this.host.buffer;
        // The head's number holds if the window only grew at its end meanwhile (front evictions counted).
        if (headLine !== undefined && this.#info.offset === undefined && buffer.epoch === epoch && buffer.prepended === prepended) {
          const offset = headLine + (buffer.dropped - dropped);
          this.#set({ offset, older: offset > 0 });
        }
        this.#countedThrough = index.lastKey;
        report(true);
        if (this.#wantOlder) this.#olderIfCovered();
      },
      (error: unknown) => {
        if (pass.signal.aborted || (isEngineError(error) && error.code === 'ABORTED')) return;
        this.#pass = undefined;
        this.#wantOlder = false;
        this.#set({ counting: undefined, error: describeError(error), search: query === undefined ? this.#info.search : { query, scanned: index.count, found, done: true } });
      },
    );
  }

  #olderIfCovered(): void {
    const head = this.host.buffer.at(0);
    if (head?.time === undefined || this.#loading !== undefined) return;
    if (!this.#canPageBefore(head.time)) return;
    this.#wantOlder = false;
    this.#run('older lines', (signal) => this.#readOlder(head, signal));
  }

  #run(what: string, read: (signal: AbortSignal) => Promise<void>): void {
    const load = new AbortController();
    this.#load = load;
    this.#loading = what;
    // The request goes out first, and the status line says what is read only once the read has
    // taken a while, or with the first lines it brings (every #set carries #loading). Said at once,
    // it is a frame of its own wherever the key changed nothing else (↑ at the window's top), drawn
    // while the answer is on its way and read only after it (B14's `g`).
    const reading = read(load.signal);
    const say = setTimeout(() => {
      if (this.#load === load && this.#info.loading !== what) this.#set({});
    }, SAY_READING_AFTER_MS);
    say.unref();
    if (this.#info.error !== undefined) this.#set({ error: undefined });
    reading.finally(() => clearTimeout(say)).then(
      () => {
        if (this.#load !== load) return;
        this.#loading = undefined;
        this.#set({ loading: undefined });
      },
      (error: unknown) => {
        if (this.#load !== load) return;
        this.#loading = undefined;
        if (load.signal.aborted || this.#closed.signal.aborted) return;
        this.#set({ loading: undefined, error: describeError(error) });
      },
    );
  }

  #set(patch: Partial<LogHistoryInfo>): void {
    if (this.#closed.signal.aborted) return;
    this.#info = { ...this.#info, loading: this.#loading, ...patch };
    this.host.changed(this.#info);
  }
}
