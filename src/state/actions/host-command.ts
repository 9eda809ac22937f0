/**
 * A custom action's command run on the host, as an argument vector (no shell unless the user's
 * template starts one), with the engine berth shows passed as the docker CLI expects it: the
 * context's name in DOCKER_CONTEXT when berth uses a context (its TLS files are the context's),
 * else the address in DOCKER_HOST (with DOCKER_TLS_VERIFY/DOCKER_CERT_PATH as berth read them).
 * Its output is captured line by line; stdin is closed.
 */
import { spawn } from 'node:child_process';
import type { EngineClient } from '../../engine/client.ts';
import type { Endpoint } from '../../engine/transport.ts';
import { LineSplitter } from '../logs/line-splitter.ts';
import type { LogLine } from '../logs/types.ts';

/** The address as DOCKER_HOST spells it. */
export function dockerHostOf(endpoint: Endpoint): string {
  switch (endpoint.kind) {
    case 'unix':
      return `unix://${endpoint.socketPath}`;
    case 'tcp':
      return `tcp://${endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host}:${endpoint.port}`;
    case 'ssh': {
      const { user, host, port, socketPath } = endpoint.address;
      return `ssh://${user ? `${user}@` : ''}${host}${port ? `:${port}` : ''}${socketPath ?? ''}`;
    }
  }
}

/** berth's environment with the engine set as the docker CLI reads it. */
export function engineEnv(client: Pick<EngineClient, 'endpoint' | 'context'>, base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...base };
  if (client.context !== undefined) {
    delete env.DOCKER_HOST;
    env.DOCKER_CONTEXT = client.context;
    return env;
  }
  delete env.DOCKER_CONTEXT;
  env.DOCKER_HOST = dockerHostOf(client.endpoint);
  if (client.endpoint.kind === 'tcp' && !client.endpoint.tls) delete env.DOCKER_TLS_VERIFY;
  return env;
}

export interface HostHooks {
  signal?: AbortSignal;
  onLines?: (lines: LogLine[]) => void;
}

/** Runs argv; resolves with its exit code (undefined when a signal ended it), rejects when it cannot start. */
export function runOnHost(argv: readonly string[], env: NodeJS.ProcessEnv, hooks: HostHooks = {}): Promise<number | undefined> {
  const [file, ...args] = argv;
  if (file === undefined) return Promise.reject(new Error('the command is empty'));
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'], signal: hooks.signal });
    const splitter = new LineSplitter();
    const take = (stream: 'stdout' | 'stderr') => (data: Buffer) => {
      const lines = splitter.push({ stream, data });
      if (lines.length > 0) hooks.onLines?.(lines);
    };
    child.stdout.on('data', take('stdout'));
    child.stderr.on('data', take('stderr'));
    child.once('error', (error: NodeJS.ErrnoException) => reject(new Error(error.code === 'ENOENT' ? `${file}: command not found` : error.message)));
    child.once('close', (code) => {
      const rest = splitter.flush();
      if (rest.length > 0) hooks.onLines?.(rest);
      resolve(code ?? undefined);
    });
  });
}
