/**
 * The work behind the ports and forwards views: a container's ports read from its inspect, a
 * published port opened in the browser (or shown as a link and copied where none can show), and
 * the forwards started, ended and followed (state/forwards).
 */
import { describeError } from '../../engine/errors.ts';
import { browserCommand, openBrowser } from '../../state/forwards/browser.ts';
import { isMissingImage } from '../../state/actions/run-container.ts';
import { freeLocalPort } from '../../state/forwards/local-port.ts';
import { portsOf } from '../../state/forwards/port-list.ts';
import { portAddress } from '../../state/forwards/port-url.ts';
import { sanitizeLine } from '../format/index.ts';
import { failure, type HandlerTable, type RunnerEnv } from './work.ts';

/** The engine's words; for a helper image that is not there, what to do about it too. */
function why(error: unknown, image: string): string {
  const said = describeError(error);
  return isMissingImage(error) ? `${said} — the forward's helper runs ${image}: pull it, or name another in config.json "debugImage"` : said;
}

function say(env: RunnerEnv, text: string, tone: 'info' | 'error' = 'info'): void {
  env.dispatch({ type: 'notify', text, tone });
}

/** Opens `url` in the browser, else shows it in the ports view `overlay` as a link and copies it. */
function open(env: RunnerEnv, overlay: number, url: string): void {
  const browser = browserCommand(url, process.env);
  const fallBack = (why: string) => {
    // No browser can show here (over ssh, no display): the link on screen, and on the clipboard.
    env.services.copy(url);
    env.dispatch({ type: 'view', overlay, result: { kind: 'port-link', url } });
    say(env, `${why}: ${url} is shown as a link and copied to the clipboard`);
  };
  if (!browser) return fallBack('no browser here');
  openBrowser(browser, process.env).then(
    () => say(env, `opened ${url} in the browser (${browser[0]})`),
    (error: unknown) => fallBack(describeError(error)),
  );
}

export const portHandlers: HandlerTable<'ports-load' | 'port-open' | 'forward-start' | 'forward-cancel' | 'forwards-follow'> = {
  'ports-load': ({ overlay, containerId }, env) => {
    const { signal } = env.work(overlay).abort;
    env.client.inspectContainer(containerId, signal).then(
      (inspect) => env.dispatch({ type: 'view', overlay, result: { kind: 'ports-listed', ports: portsOf(inspect) } }),
      (error: unknown) => {
        const message = failure(error, signal);
        if (message !== undefined) env.dispatch({ type: 'view', overlay, result: { kind: 'ports-listed', error: message } });
      },
    );
  },
  'port-open': ({ overlay, port, hostIp, hostPort }, env) => {
    void env.client.hostName().then((host) => {
      const address = portAddress(env.client.endpoint, { hostIp, hostPort }, port, host);
      if (!address.ok) return say(env, address.why, 'error');
      open(env, overlay, address.url);
    });
  },
  'forward-start': (command, env) => {
    const forwards = env.services.forwards;
    if (!forwards) return say(env, 'forwards need berth running in a terminal', 'error');
    const engine = env.engineName ?? env.client.endpoint.label;
    const what = `${sanitizeLine(command.name)}:${command.port}`;
    const started =
      command.way === 'engine'
        ? forwards.throughEngine({ client: env.client, engine, containerId: command.containerId, name: command.name, port: command.port, image: command.image })
        : env.client.endpoint.kind !== 'ssh'
          ? Promise.reject(new Error(`${env.client.endpoint.label} is not an ssh:// engine: f forwards through the engine instead`))
          : freeLocalPort(command.hostPort ?? command.port).then((local) =>
              forwards.throughSsh({ client: env.client, engine, name: command.name, port: command.port, hostIp: command.hostIp ?? '', hostPort: command.hostPort ?? command.port }, local),
            );
    const toDialog = command.reply === 'dialog';
    started.then(
      (row) => {
        const text = `forwarding ${row.local} → ${what} ${row.way === 'ssh' ? 'through the ssh master' : 'through the engine (a helper container)'}; B lists forwards`;
        if (toDialog) env.dispatch({ type: 'dialog', overlay: command.overlay, result: { kind: 'done', message: text } });
        else say(env, text);
      },
      (error: unknown) => {
        // The typed port's dialog keeps what was typed, with the engine's words.
        const message = `cannot forward ${what}: ${why(error, command.image)}`;
        if (toDialog) env.dispatch({ type: 'dialog', overlay: command.overlay, result: { kind: 'failed', message } });
        else say(env, message, 'error');
      },
    );
  },
  'forward-cancel': ({ id }, env) => {
    const forwards = env.services.forwards;
    if (!forwards) return;
    forwards.cancel(id).then(
      () => say(env, 'the forward ended'),
      (error: unknown) => say(env, `the forward ended, but: ${describeError(error)}`, 'error'),
    );
  },
  'forwards-follow': ({ overlay }, env) => {
    const forwards = env.services.forwards;
    const report = () => env.dispatch({ type: 'view', overlay, result: { kind: 'forwards-listed', rows: forwards?.store.getState().rows ?? [] } });
    report();
    if (forwards) env.work(overlay).cleanups.push(forwards.store.subscribe(report));
  },
};
