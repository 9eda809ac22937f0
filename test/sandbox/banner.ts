/**
 * What `npm run sandbox` prints: the `export` lines, then a few comments for a person. The
 * comments are made from the same variables as the exports, so the registry, the images and the
 * pull they name are the ones the chosen engine reaches: on Podman that is `10.0.2.2:<port>`
 * (its network namespace reaches the host's 127.0.0.1 only through slirp4netns, podman.ts),
 * where `127.0.0.1:<port>` is refused.
 */
import { SANDBOX_ENV } from './env-vars.ts';

function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

export interface BannerFacts {
  /** The engine's variables (Sandbox.env() or its Podman side's). */
  vars: Record<string, string>;
  apiVersion: string;
  readyMs: number;
}

/** The image a person is told to pull: the multi-layer one, which shows one bar per layer. */
export function pullExample(vars: Record<string, string>): string {
  return vars[SANDBOX_ENV.multiLayer] ?? '';
}

export function sandboxBanner({ vars, apiVersion, readyMs }: BannerFacts): string {
  const get = (key: keyof typeof SANDBOX_ENV) => vars[SANDBOX_ENV[key]] ?? '';
  const podman = get('engine') === 'podman';
  const registry = get('registry');
  const reach = podman ? `  (Podman reaches the host's 127.0.0.1:${registry.split(':').at(-1) ?? ''} at this address)` : '';
  return [
    ...Object.entries(vars).map(([k, v]) => `export ${k}=${shellQuote(v)}`),
    '',
    `# engine:   ${get('dockerHost')} (API ${apiVersion})`,
    `# registry: ${registry}  user: ${get('registryUser')}  password: ${get('registryPassword')}${reach}`,
    `# images:   ${get('busybox')} (local), ${get('registryBusybox')}, ${pullExample(vars)}`,
    `# pull:     DOCKER_CONFIG=${shellQuote(get('clientConfig'))} ${get('dockerCli') || 'docker'} pull ${pullExample(vars)}`,
    `#           or in berth (DOCKER_CONFIG set as above): p, then ${pullExample(vars)}`,
    `# ready in ${readyMs} ms. Ctrl-C to stop and remove everything.`,
    '',
  ].join('\n');
}
