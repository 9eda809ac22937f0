/**
 * The environment the compose CLI runs in: the user's own, pointed at the engine berth shows,
 * the way the docker CLI expects it: a named context as DOCKER_CONTEXT (its address and TLS
 * files come from the CLI's context store), else the address as DOCKER_HOST (TLS, when used,
 * comes from DOCKER_TLS_VERIFY and DOCKER_CERT_PATH, as berth read them). The other variable is
 * dropped so that it cannot point elsewhere.
 */
export interface EngineAddress {
  /** The docker context in use, when it is not the default one. */
  context?: string;
  /** A DOCKER_HOST-style address (unix://, tcp://, ssh://). */
  host: string;
}

export function composeEnv(base: NodeJS.ProcessEnv, engine: EngineAddress): NodeJS.ProcessEnv {
  const { DOCKER_HOST: _host, DOCKER_CONTEXT: _context, ...rest } = base;
  return engine.context !== undefined ? { ...rest, DOCKER_CONTEXT: engine.context } : { ...rest, DOCKER_HOST: engine.host };
}
