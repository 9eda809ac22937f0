/**
 * The work behind the stats view: the container's processes (`docker top`), asked when the view
 * opens and every TOP_EVERY_MS after, one request at a time, until the view closes. The graphs and
 * figures come from the stats tracker, which measures the container while the view is open.
 */
import { failure, type HandlerTable } from './work.ts';

export const TOP_EVERY_MS = 3000;

export const statsHandlers: HandlerTable<'follow-top'> = {
  'follow-top': (command, env) => {
    const work = env.work(command.overlay);
    const { signal } = work.abort;
    let timer: NodeJS.Timeout | undefined;
    const ask = () => {
      env.services.client.top(command.containerId, signal).then(
        (top) => env.dispatch({ type: 'top-loaded', overlay: command.overlay, top }),
        (error: unknown) => {
          const message = failure(error, signal);
          if (message !== undefined) env.dispatch({ type: 'top-loaded', overlay: command.overlay, error: message });
        },
      ).finally(() => {
        if (!signal.aborted) timer = setTimeout(ask, TOP_EVERY_MS);
      });
    };
    work.cleanups.push(() => clearTimeout(timer));
    ask();
  },
};
