/**
 * The detach keys of `docker run -it` and `docker attach` (Ctrl-P Ctrl-Q), watched in what the
 * user types as the docker CLI watches them (its escape proxy): the bytes of a sequence being
 * typed are held back, sent on if the sequence breaks off, and never sent when it completes, so
 * the container never sees them and berth takes the terminal back whatever the engine does.
 */
export const DETACH_SEQUENCE: readonly number[] = [0x10, 0x11];

export class DetachWatch {
  private held = 0;

  constructor(private readonly sequence: readonly number[] = DETACH_SEQUENCE) {}

  /** What to send on of `chunk`, and whether the sequence completed in it (what follows it is dropped). */
  feed(chunk: Buffer): { send: Buffer; detached: boolean } {
    const out: number[] = [];
    for (const byte of chunk) {
      if (byte === this.sequence[this.held]) {
        this.held++;
        if (this.held === this.sequence.length) {
          this.held = 0;
          return { send: Buffer.from(out), detached: true };
        }
        continue;
      }
      // Broken off: what was held goes on, and this byte may start the sequence again.
      out.push(...this.sequence.slice(0, this.held));
      this.held = 0;
      if (byte === this.sequence[0]) this.held = 1;
      else out.push(byte);
    }
    return { send: Buffer.from(out), detached: false };
  }
}
