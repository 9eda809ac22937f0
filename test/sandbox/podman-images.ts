/**
 * The sandbox's images on its Podman engine, built the same way as on dockerd and without any
 * network: busybox imported from the host's static binary (the docker CLI, pointed at Podman's
 * compat API), the CLI's credentials for the shared registry as Podman reaches it (10.0.2.2:<port>),
 * and the variables tests read, describing Podman rather than dockerd.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { dockerCli } from './docker-cli.ts';
import { SANDBOX_ENV } from './env-vars.ts';
import { busyboxRootfs, LOCAL_BUSYBOX, writeClientConfig } from './images.ts';
import type { RegistryLogin } from './images.ts';
import type { Podman } from './podman.ts';

export interface PodmanSide {
  dockerHost: string;
  socketPath: string;
  apiVersion: string;
  env(): Record<string, string>;
}

export async function preparePodman(podman: Podman, tools: { docker: string; busybox: string }, login: RegistryLogin): Promise<PodmanSide> {
  // sandboxDocker() finds the CLI config as <BERTH_SANDBOX_DIR>/docker-config.
  const configDir = path.join(podman.dir, 'docker-config');
  mkdirSync(configDir, { recursive: true });
  const docker = dockerCli(tools.docker, podman.dockerHost, configDir);
  const registry = { ...login, address: podman.registryAddress };
  await docker(['import', '--change', 'CMD ["/bin/sh"]', '-', LOCAL_BUSYBOX], { input: await busyboxRootfs(tools.busybox) });
  // Not `docker login`: Podman's /auth skips TLS only for localhost (compat/auth.go), while its
  // pulls follow registries.conf. The CLI sends what config.json holds with each pull anyway.
  writeClientConfig(configDir, registry);
  const clientConfigDir = path.join(podman.dir, 'client-config');
  writeClientConfig(clientConfigDir, registry);
  return {
    dockerHost: podman.dockerHost,
    socketPath: podman.socketPath,
    apiVersion: podman.apiVersion,
    env: () => ({
      [SANDBOX_ENV.dockerHost]: podman.dockerHost,
      [SANDBOX_ENV.dir]: podman.dir,
      [SANDBOX_ENV.registry]: registry.address,
      [SANDBOX_ENV.registryUser]: registry.username,
      [SANDBOX_ENV.registryPassword]: registry.password,
      [SANDBOX_ENV.busybox]: LOCAL_BUSYBOX,
      [SANDBOX_ENV.registryBusybox]: `${registry.address}/berth/busybox:latest`,
      [SANDBOX_ENV.multiLayer]: `${registry.address}/berth/layers:latest`,
      [SANDBOX_ENV.clientConfig]: clientConfigDir,
      [SANDBOX_ENV.dockerCli]: tools.docker,
      [SANDBOX_ENV.engine]: 'podman',
    }),
  };
}
