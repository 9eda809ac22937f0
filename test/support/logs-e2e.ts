/**
 * What the logs e2e files share (test/e2e/logs.test.ts, logs-history.test.ts): berth started in a
 * directory of the test's own (where `w` saves and the pager's files land), and a container's
 * logs view opened by filtering to its name and pressing Enter.
 */
import { berthBin, ensureBuilt, key, PtySession, type LaunchOptions } from './pty.ts';

/** berth in `cwd` against `dockerHost`, with `extra` in its environment; kept in `sessions` for `after` to stop. */
export function berthIn(cwd: string, dockerHost: string, sessions: PtySession[], extra: Record<string, string> = {}, launch: Pick<LaunchOptions, 'answers'> = {}): PtySession {
  ensureBuilt();
  const session = new PtySession({ ...launch, command: '/bin/sh', args: ['-c', `cd "${cwd}" && exec "${process.execPath}" "${berthBin}"`], env: { DOCKER_HOST: dockerHost, ...extra } });
  sessions.push(session);
  return session;
}

export async function openLogs(b: PtySession, name: string): Promise<void> {
  await b.waitFor(name);
  await b.type('/', ...name, key.enter);
  await b.waitFor(`filter "${name}"`);
  await b.type(key.enter);
  await b.waitFor(`logs ${name}`);
}
