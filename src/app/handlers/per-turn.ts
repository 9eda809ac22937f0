/**
 * Deliveries held to the end of the event loop's turn: a handler whose answers come in callbacks
 * of their own (one per socket read) would make a React render and an Ink frame per dispatch;
 * `setImmediate` runs after every callback of the poll phase, so what was read in one turn is
 * delivered together, in the order it came, and drawn once (handlers/sets.ts).
 */
export interface PerTurn {
  /** Runs `deliver` at the end of this turn, after the ones before it. */
  later(deliver: () => void): void;
  /** Runs the ones held, now. */
  flush(): void;
}

export function perTurn(): PerTurn {
  let pending: Array<() => void> = [];
  let scheduled: NodeJS.Immediate | undefined;
  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    const due = pending;
    pending = [];
    for (const deliver of due) deliver();
  };
  return {
    later(deliver) {
      pending.push(deliver);
      scheduled ??= setImmediate(flush);
    },
    flush,
  };
}
