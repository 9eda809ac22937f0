// The options' checks that read the engine layer (context store, version format): a module of
// its own so `berth --help` and `--version` do not load it.
import { homedir } from 'node:os';
import { resolveEngineTarget } from '../engine/context.ts';
import { describeError } from '../engine/errors.ts';
import { parseHost } from '../engine/transport.ts';
import { pinnedVersion } from '../engine/version.ts';
import { parseInterval } from './cli-options.ts';

export interface CheckedOptions {
  host?: string;
  context?: string;
  /** A fleet (repeated -H, or --context a,b): the engines after the first, shown together with it. */
  fleet?: ReadonlyArray<{ host?: string; context?: string }>;
  apiVersion?: string;
  intervalMs: number;
}

/**
 * Every check of berth's options (and the DOCKER_* variables that stand for them) that needs no
 * engine: run first, so a mistyped option is what berth reports, before it looks at the terminal
 * or anything else. A string is the message.
 */
export function checkOptions(
  values: { host?: string | readonly string[]; context?: string; 'api-version'?: string; interval?: string },
  env: NodeJS.ProcessEnv,
  home = homedir(),
): CheckedOptions | string {
  const intervalMs = parseInterval(values.interval);
  const hosts = typeof values.host === 'string' ? [values.host] : [...(values.host ?? [])];
  const contexts = (values.context ?? '').split(',').map((c) => c.trim()).filter((c) => c !== '');
  // --host with --context is refused below (resolveEngineTarget), as the docker CLI refuses it.
  const engines: Array<{ host?: string; context?: string }> =
    hosts.length > 1 || contexts.length > 1 ? [...hosts.map((host) => ({ host, context: contexts[0] })), ...contexts.slice(hosts.length > 0 ? 1 : 0).map((context) => ({ context }))] : [{ host: hosts[0], context: values.context }];
  if (typeof intervalMs === 'string') return intervalMs;
  try {
    if (values['api-version']) pinnedVersion(values['api-version'], '--api-version');
    else if (env.DOCKER_API_VERSION) pinnedVersion(env.DOCKER_API_VERSION, 'DOCKER_API_VERSION');
    // Which engine, as the client will decide it: --host with --context, a context that does not
    // exist, an address that cannot be parsed.
    // Several engines (a fleet): each checked as the one would be.
    for (const chosen of engines) {
      const target = resolveEngineTarget({ ...chosen, env, homedir: home });
      parseHost(target.host, target.tls !== undefined);
    }
  } catch (error) {
    return describeError(error);
  }
  const [first, ...rest] = engines;
  return { host: first?.host, context: first?.context, ...(rest.length > 0 && { fleet: rest }), apiVersion: values['api-version'], intervalMs };
}
