import { useCallback, useRef, useState } from 'react';

/**
 * useReducer whose latest state can be read synchronously through `ref`. Keys often arrive
 * in bursts (a paste, a fast typist, a terminal sending "/web⏎" at once) and are all handled
 * before React renders again; handlers that read state from their render's closure would see
 * a stale state for every key after the first. Reading `ref.current` sees each key's effect.
 */
export function useSyncReducer<S, A>(reducer: (state: S, action: A) => S, initial: () => S): [S, (action: A) => void, { readonly current: S }] {
  const ref = useRef<S | undefined>(undefined);
  if (ref.current === undefined) ref.current = initial();
  const [, setVersion] = useState(0);
  const dispatch = useCallback(
    (action: A) => {
      const next = reducer(ref.current as S, action);
      if (Object.is(next, ref.current)) return;
      ref.current = next;
      setVersion((v) => v + 1);
    },
    [reducer],
  );
  return [ref.current, dispatch, ref as { readonly current: S }];
}
