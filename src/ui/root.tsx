import { useState } from 'react';
import { App } from './app.tsx';
import { KeyRouter, KeyRouterProvider } from './keys/key-router.tsx';
import { ServicesContext, type Services } from './services.tsx';
import type { NavigationState } from './navigation.ts';

interface Props {
  services: Services;
  onQuit: () => void;
  initial?: NavigationState;
  size?: { columns: number; rows: number };
  router?: KeyRouter;
}

/** The app with its providers: what main.tsx renders and what component tests render. */
export function Root({ services, onQuit, initial, size, router }: Props) {
  const [keys] = useState(() => router ?? new KeyRouter());
  return (
    <ServicesContext.Provider value={services}>
      <KeyRouterProvider router={keys}>
        <App onQuit={onQuit} initial={initial} size={size} />
      </KeyRouterProvider>
    </ServicesContext.Provider>
  );
}
