/** Registry credentials: where an image's registry is, what the CLI config says, and the header that carries them. */
export { authConfigKey, DOCKER_HUB, DOCKER_HUB_AUTH_KEY, hostnameOfKey, registryHostOf } from './registry-host.ts';
export { encodeRegistryAuth, type RegistryAuth } from './header.ts';
export {
  dockerConfigDir,
  parseDockerConfig,
  readDockerConfig,
  type AuthEntry,
  type DockerConfig,
  type DockerConfigFile,
  type DockerConfigLocation,
} from './config-file.ts';
export {
  DEFAULT_HELPER_TIMEOUT_MS,
  helperEnv,
  runCredentialHelper,
  type CredentialHelperOptions,
} from './credential-helper.ts';
export {
  resolveCredentials,
  type CredentialResolution,
  type CredentialSource,
  type HelperRunner,
  type ResolveCredentialsOptions,
} from './resolve.ts';
