/** A fixed-size ring of the latest values: pushing past capacity drops the oldest. */
export class Ring<T> {
  private readonly items: T[] = [];
  private start = 0;

  constructor(readonly capacity: number) {}

  push(value: T): void {
    if (this.items.length < this.capacity) {
      this.items.push(value);
      return;
    }
    this.items[this.start] = value;
    this.start = (this.start + 1) % this.capacity;
  }

  get length(): number {
    return this.items.length;
  }

  /** Oldest first. */
  toArray(): T[] {
    return [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }
}
