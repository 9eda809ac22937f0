/**
 * The buffers one kind of list answer is read into, by turns. A list of 1,000 containers is a
 * ~0.7–1.3 MB answer every 10 s (the safety poll). A new buffer for each soon leaves the C
 * allocator's heap fragmented: glibc serves a freed block's size from its heap from then on
 * rather than mapping it afresh, and the heap stays at its high-water mark (bench B5 saw ~4 MB
 * a minute, 8 MB in all, go that way). Two buffers kept for the list, the one the memo compares
 * with and a free one to read the next answer into, make a poll allocate nothing that size.
 */
export class AnswerBuffers {
  /** Free for the next answer. */
  private free: ArrayBuffer | undefined;
  /** The one the memo remembers (its bytes are compared with, never written). */
  private kept: ArrayBuffer | undefined;
  /** Every buffer `take` made: only those are ever written (any other Buffer may share its memory). */
  private readonly own = new WeakSet<ArrayBuffer>();

  /**
   * `size` bytes to read an answer into: the start of the free buffer, or of a new one when it is
   * lent out (another answer is being read) or too small. Give it back with `keep` or `release`.
   */
  take(size: number): Buffer {
    const free = this.free;
    this.free = undefined;
    // Room to grow: a list that gains a container does not need a new buffer at every poll.
    let buffer = free;
    if (!buffer || buffer.byteLength < size) {
      buffer = new ArrayBuffer(Math.ceil((size * 1.25) / GRAIN) * GRAIN);
      this.own.add(buffer);
    }
    return Buffer.from(buffer, 0, size);
  }

  /** The memo now remembers `view`'s answer: the buffer of the one before becomes the free one. (Views of other buffers are ignored.) */
  keep(view: Buffer): void {
    const buffer = view.buffer as ArrayBuffer;
    if (!this.own.has(buffer) || buffer === this.kept) return;
    const before = this.kept;
    this.kept = buffer;
    if (before) this.offer(before);
  }

  /** `view`'s answer is not needed after all (the same as the last, or unusable). */
  release(view: Buffer): void {
    const buffer = view.buffer as ArrayBuffer;
    if (this.own.has(buffer) && buffer !== this.kept) this.offer(buffer);
  }

  private offer(buffer: ArrayBuffer): void {
    if (!this.free || this.free.byteLength < buffer.byteLength) this.free = buffer;
  }
}

const GRAIN = 64 * 1024;
