/**
 * A minimal external store for useSyncExternalStore: long-lived data fed by events lives
 * outside React, and components subscribe to the slice they read. Setting the same object
 * notifies nobody, so "nothing changed" costs no render.
 */
export class Store<S> {
  private state: S;
  private readonly listeners = new Set<() => void>();

  constructor(initial: S) {
    this.state = initial;
  }

  getState = (): S => this.state;

  update(updater: (state: S) => S): void {
    const next = updater(this.state);
    if (Object.is(next, this.state)) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
