/**
 * State every form dialog needs: field values that are current even between renders (two keys
 * can arrive in one tick, and Enter must submit what was typed just before it), the focused row,
 * and a request guard so that a second submit while one is in flight does nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Fields<K extends string> {
  values: Readonly<Record<K, string>>;
  /** The values as of the last keystroke, whether or not React has drawn them yet. */
  latest: () => Readonly<Record<K, string>>;
  set: (key: K, value: string) => void;
}

export function useFields<K extends string>(initial: Record<K, string>): Fields<K> {
  const [values, setValues] = useState<Readonly<Record<K, string>>>(initial);
  const ref = useRef<Readonly<Record<K, string>>>(initial);
  const set = useCallback((key: K, value: string) => {
    ref.current = { ...ref.current, [key]: value };
    setValues(ref.current);
  }, []);
  const latest = useCallback(() => ref.current, []);
  return { values, latest, set };
}

export interface Focus {
  index: number;
  /** The focused row as of the last key, whether or not React has drawn it yet. */
  current: () => number;
  /** Moves by `delta` rows, wrapping around. */
  move: (delta: number) => void;
  set: (index: number) => void;
}

export function useFocus(count: number, initial = 0): Focus {
  const [index, setIndex] = useState(initial);
  const ref = useRef(initial);
  const set = useCallback((next: number) => {
    ref.current = next;
    setIndex(next);
  }, []);
  const move = useCallback((delta: number) => set((((ref.current + delta) % count) + count) % count), [count, set]);
  const current = useCallback(() => ref.current, []);
  return { index, current, move, set };
}

export interface Toggle {
  on: boolean;
  /** The value as of the last key. */
  get: () => boolean;
  flip: () => void;
}

export function useToggle(initial: boolean): Toggle {
  const [on, setOn] = useState(initial);
  const ref = useRef(initial);
  const flip = useCallback(() => {
    ref.current = !ref.current;
    setOn(ref.current);
  }, []);
  const get = useCallback(() => ref.current, []);
  return { on, get, flip };
}

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface Request {
  /** True while a request is in flight (as of the last render). */
  busy: boolean;
  /** True while a request is in flight, as of now. */
  inFlight: () => boolean;
  /**
   * Runs `task` unless one is already running, in which case it returns undefined at once and
   * sends nothing. The signal aborts when the dialog closes.
   */
  run: <T>(task: (signal: AbortSignal) => Promise<T>) => Promise<Settled<T> | undefined>;
  /** False once the dialog has closed: nothing should be drawn or selected after that. */
  isOpen: () => boolean;
}

export function useRequest(): Request {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | undefined>(undefined);
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
      abort.current?.abort();
    };
  }, []);
  const run = useCallback(async <T>(task: (signal: AbortSignal) => Promise<T>): Promise<Settled<T> | undefined> => {
    // A ref, not the `busy` state: a second Enter can arrive before React has drawn the first.
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      return { ok: true, value: await task(controller.signal) };
    } catch (error) {
      return { ok: false, error };
    } finally {
      inFlight.current = false;
      if (open.current) setBusy(false);
    }
  }, []);
  const isOpen = useCallback(() => open.current, []);
  const isInFlight = useCallback(() => inFlight.current, []);
  return { busy, inFlight: isInFlight, run, isOpen };
}

/**
 * The keys every form shares: Esc closes, Enter submits, Tab/↓ and Shift-Tab/↑ move between rows.
 * True when `name` was one of them; the form handles the rest (Space on a toggle, say).
 */
export function formNavigation(name: string, focus: Focus, actions: { close: () => void; submit: () => void }): boolean {
  switch (name) {
    case 'escape':
      actions.close();
      return true;
    case 'return':
      actions.submit();
      return true;
    case 'tab':
    case 'down':
      focus.move(1);
      return true;
    case 'shift+tab':
    case 'up':
      focus.move(-1);
      return true;
    default:
      return false;
  }
}
