/**
 * Names of the environment variables through which a running sandbox is described to test
 * processes. Shared by the sandbox (which sets them) and test/support (which reads them).
 */
export const SANDBOX_ENV = {
  dockerHost: 'DOCKER_HOST',
  dir: 'BERTH_SANDBOX_DIR',
  registry: 'BERTH_SANDBOX_REGISTRY',
  registryUser: 'BERTH_SANDBOX_REGISTRY_USER',
  registryPassword: 'BERTH_SANDBOX_REGISTRY_PASSWORD',
  busybox: 'BERTH_SANDBOX_BUSYBOX',
  registryBusybox: 'BERTH_SANDBOX_REGISTRY_BUSYBOX',
  multiLayer: 'BERTH_SANDBOX_MULTILAYER',
  clientConfig: 'BERTH_SANDBOX_CLIENT_CONFIG',
  /** Path of the docker CLI that matches the sandbox engine. */
  dockerCli: 'BERTH_SANDBOX_DOCKER_CLI',
  /** `docker` or `podman`: which engine DOCKER_HOST points at (test/sandbox/podman.ts). */
  engine: 'BERTH_SANDBOX_ENGINE',
  /** `ssh://berth-sandbox`: the engine through the sandbox's sshd (test/sandbox/sshd.ts). */
  sshHost: 'BERTH_SANDBOX_SSH_HOST',
  /** `ssh -F <sandbox ssh_config>`: what BERTH_SSH_COMMAND must be for sshHost to work. */
  sshCommand: 'BERTH_SANDBOX_SSH_COMMAND',
} as const;

export type SandboxEnvKey = keyof typeof SANDBOX_ENV;
