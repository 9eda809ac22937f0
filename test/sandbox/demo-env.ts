/**
 * What `npm run demo` tells berth: the sandbox engine and its client config (credentials for the
 * registry), and, in berth's own variables, the registry's address (a new port every run) and
 * the sample images in it, so berth can show where to pull from (src/ui/demo-env.ts reads them).
 */
import type { Sandbox } from './sandbox.ts';

export function demoBerthEnv(sandbox: Pick<Sandbox, 'dockerHost' | 'clientConfigDir' | 'registry' | 'images'>): Record<string, string> {
  return {
    DOCKER_HOST: sandbox.dockerHost,
    DOCKER_CONFIG: sandbox.clientConfigDir,
    BERTH_DEMO_REGISTRY: sandbox.registry.address,
    BERTH_DEMO_IMAGES: [sandbox.images.multiLayer, sandbox.images.registryBusybox].join(','),
  };
}
