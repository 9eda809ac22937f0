/**
 * Where keys go once read: Ink's input events, decoded into presses and applied to the store one
 * by one, synchronously, in arrival order, before the next is looked at. Nothing here depends on
 * what React has drawn, so a burst ("p" and an image name in one read, a password manager's
 * user⇥pass⏎) behaves as if typed slowly. One batch per event: the burst costs one frame, not
 * one per key. It lives in the runtime, beside the store it feeds, not in React state.
 */
import { decodeKeys, decodePaste } from './key-decoder.ts';
import type { KeyFlags, KeyPress } from './press.ts';

/** Where presses go: the app store (anything with `press` and `batch`). */
export interface KeySink {
  press(press: KeyPress): void;
  batch(work: () => void): void;
}

export class KeyStream {
  constructor(private readonly sink: KeySink) {}

  feed(input: string, key: KeyFlags): void {
    this.apply(decodeKeys(input, key));
  }

  paste(text: string): void {
    this.apply([decodePaste(text)]);
  }

  private apply(presses: KeyPress[]): void {
    if (presses.length > 0) this.sink.batch(() => presses.forEach((press) => this.sink.press(press)));
  }
}
