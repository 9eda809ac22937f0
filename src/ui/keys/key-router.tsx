import { useInput, type Key } from 'ink';
import { createContext, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { PasteCollector } from './bracketed-paste.ts';
import { keyName, plainKey, splitBurst } from './key-name.ts';

export interface KeyPress {
  /** Normalised name from key-name.ts, or 'paste' for a bracketed paste (no keymap entry has it). */
  name: string;
  /** The raw text typed; for 'paste', the whole pasted text, line breaks included. */
  input: string;
  key: Key;
}

/** Returns true when it consumed the key; lower layers then never see it. */
export type KeyHandler = (press: KeyPress) => boolean;

export const KeyPriority = { global: 0, pane: 100, view: 200, dialog: 300 } as const;

interface Layer {
  priority: number;
  order: number;
  handler: { current: KeyHandler };
}

/**
 * One input listener for the whole app. Ink's useInput hands every key to every active hook,
 * so instead layers register here and get keys in priority order (dialog > view > pane >
 * global; the newest first within a priority) until one consumes it.
 */
export class KeyRouter {
  private layers: Layer[] = [];
  private counter = 0;

  register(priority: number, handler: { current: KeyHandler }): () => void {
    const layer: Layer = { priority, order: this.counter++, handler };
    this.layers = [...this.layers, layer].sort((a, b) => b.priority - a.priority || b.order - a.order);
    return () => {
      this.layers = this.layers.filter((l) => l !== layer);
    };
  }

  dispatch(press: KeyPress): boolean {
    for (const layer of this.layers) {
      if (layer.handler.current(press)) return true;
    }
    return false;
  }
}

const RouterContext = createContext<KeyRouter | undefined>(undefined);

export function KeyRouterProvider({ router, children }: { router: KeyRouter; children: ReactNode }) {
  const [paste] = useState(() => new PasteCollector());
  useInput((input, key) => {
    const step = paste.feed(input, key);
    if (step.type === 'held') return;
    // One press for the whole paste: a field inserts it cleaned, and keys bound to letters never see it.
    if (step.type === 'paste') {
      router.dispatch({ name: 'paste', input: step.text, key: plainKey });
      return;
    }
    for (const press of splitBurst(input, key)) router.dispatch({ name: keyName(press.input, press.key), input: press.input, key: press.key });
  });
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/**
 * Registers a key handler for as long as the component is mounted (and `active`). A layout
 * effect, not a passive one: Ink draws a frame during React's commit, and passive effects run
 * later, in a task of their own, so keys read in between (typed or pasted right after `p`
 * opened the pull dialog) went to whatever handled keys before the new component appeared.
 */
export function useKeyHandler(priority: number, handler: KeyHandler, active = true): void {
  const router = useContext(RouterContext);
  const ref = useRef(handler);
  ref.current = handler;
  useLayoutEffect(() => {
    if (!router || !active) return undefined;
    return router.register(priority, ref);
  }, [router, priority, active]);
}
