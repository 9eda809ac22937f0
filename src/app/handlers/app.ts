/** The app's own commands: quitting, Ctrl-Z, the clipboard, acknowledging incidents. */
import type { HandlerTable } from './work.ts';

export const appHandlers: HandlerTable<'app-quit' | 'app-suspend' | 'clipboard-copy' | 'incident-acknowledge' | 'incident-mute'> = {
  'app-quit': (_command, env) => env.services.quit(),
  'app-suspend': (_command, env) => env.services.suspend?.(),
  'clipboard-copy': (command, env) => env.services.copy(command.text),
  // In a fleet each engine keeps its own incidents: the seq says whose (none: every engine's).
  'incident-acknowledge': (command, env) => {
    for (const { log, seq } of env.services.sources.incidentLogsFor(command.seq)) log.acknowledge(seq);
  },
  'incident-mute': (command, env) => {
    for (const { log } of env.services.sources.incidentLogsFor()) log.toggleMute(command.name);
  },
};
