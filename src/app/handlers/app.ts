/** The app's own commands: quitting, Ctrl-Z, the clipboard, acknowledging incidents. */
import type { HandlerTable } from './work.ts';

export const appHandlers: HandlerTable<'app-quit' | 'app-suspend' | 'clipboard-copy' | 'incident-acknowledge' | 'incident-mute'> = {
  'app-quit': (_command, env) => env.services.quit(),
  'app-suspend': (_command, env) => env.services.suspend?.(),
  'clipboard-copy': (command, env) => env.services.copy(command.text),
  'incident-acknowledge': (command, env) => env.services.sources.current.incidents.acknowledge(command.seq),
  'incident-mute': (command, env) => env.services.sources.current.incidents.toggleMute(command.name),
};
