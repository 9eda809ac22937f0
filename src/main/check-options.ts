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
  apiVersion?: string;
  intervalMs: number;
}

/**
 * Every check of berth's options (and the DOCKER_* variables that stand for them) that needs no
 * engine: run first, so a mistyped option is what berth reports, before it looks at the terminal
 * or anything else. A string is the message.
 */
export function checkOptions(
  values: { host?: string; context?: string; 'api-version'?: string; interval?: string },
  env: NodeJS.ProcessEnv,
  home = homedir(),
): CheckedOptions | string {
  const intervalMs = parseInterval(values.interval);
  if (typeof intervalMs === 'string') return intervalMs;
  try {
    if (values['api-version']) pinnedVersion(values['api-version'], '--api-version');
    else if (env.DOCKER_API_VERSION) pinnedVersion(env.DOCKER_API_VERSION, 'DOCKER_API_VERSION');
    // Which engine, as the client will decide it: --host with --context, a context that does not
    // exist, an address that cannot be parsed.
    const target = resolveEngineTarget({ host: values.host, context: values.context, env, homedir: home });
    parseHost(target.host, target.tls !== undefined);
  } catch (error) {
    return describeError(error);
  }
  return { host: values.host, context: values.context, apiVersion: values['api-version'], intervalMs };
}
