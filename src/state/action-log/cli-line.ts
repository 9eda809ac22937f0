/**
 * The docker CLI line that does what an engine call did, for the action log: one writer per
 * EngineClient method that changes something, from the same arguments the call took. Values
 * are quoted only where a shell needs it (run-line's shellWord). Registry credentials are never
 * part of a line. A method missing here is not a change (or is recorded by its caller: the
 * swarm's updates, whose meaning — scale, restart, rollback — the spec alone does not say).
 */
import type { EngineClient } from '../../engine/client.ts';
import { shellWord } from '../run-line/format-line.ts';
import { createWords } from './create-line.ts';

/** The EngineClient methods that change what an engine holds, recorded by the client itself. */
export type ChangeMethod =
  | 'createContainer'
  | 'startContainer'
  | 'pauseContainer'
  | 'killContainer'
  | 'renameContainer'
  | 'stopContainer'
  | 'restartContainer'
  | 'removeContainer'
  | 'createExec'
  | 'commitContainer'
  | 'pullImage'
  | 'pushImage'
  | 'buildImage'
  | 'tagImage'
  | 'removeImage'
  | 'prune'
  | 'createVolume'
  | 'removeVolume'
  | 'createNetwork'
  | 'removeNetwork';

type Writers = { [M in ChangeMethod]: (...args: Parameters<EngineClient[M]>) => string };

/** `docker` and the words, each quoted as a shell needs it. */
export function cli(...words: ReadonlyArray<string | false | undefined>): string {
  return ['docker', ...words.filter((w): w is string => typeof w === 'string').map(shellWord)].join(' ');
}

/**
 * An id as a person types it: a full 64-hex id (or `sha256:` one) by its first 12 digits, which
 * the CLI takes as well; anything else (a name, a reference) as it is.
 */
export function idWord(id: string): string {
  const hex = /^(?:sha256:)?([0-9a-f]{64})$/.exec(id);
  return hex ? (hex[1] as string).slice(0, 12) : id;
}

/** A flag and its value, or nothing when the value is unset. */
function flag(name: string, value: string | number | undefined): string[] {
  return value === undefined || value === '' ? [] : [name, String(value)];
}

const PRUNE_NOUN = { containers: 'container', images: 'image', volumes: 'volume', networks: 'network', build: 'builder' } as const;

export const cliWriters: Writers = {
  createContainer: (config, options) => cli('create', ...createWords(config, options?.name, options?.platform)),
  startContainer: (id) => cli('start', idWord(id)),
  pauseContainer: (id, pause) => cli(pause ? 'pause' : 'unpause', idWord(id)),
  killContainer: (id, signalName) => cli('kill', ...flag('--signal', signalName), idWord(id)),
  renameContainer: (id, name) => cli('rename', idWord(id), name),
  stopContainer: (id, options) => cli('stop', ...flag('-t', options?.timeout), idWord(id)),
  restartContainer: (id, options) => cli('restart', ...flag('-t', options?.timeout), idWord(id)),
  removeContainer: (id, options) => cli('rm', options?.force && '-f', options?.volumes && '-v', idWord(id)),
  // engine/exec.ts: a terminal and stdin (-it) unless told otherwise; captured is neither.
  createExec: (id, options) =>
    cli('exec', (options.tty ?? true) && '-it', ...flag('-u', options.user), ...flag('-w', options.workingDir), ...(options.env ?? []).flatMap((e) => ['-e', e]), idWord(id), ...options.cmd),
  commitContainer: (options) =>
    cli(
      'commit',
      ...flag('--message', options.comment),
      ...flag('--author', options.author),
      options.pause === false && '--pause=false',
      ...(options.changes ?? []).flatMap((change) => ['--change', change]),
      idWord(options.container),
      options.repo && (options.tag ? `${options.repo}:${options.tag}` : options.repo),
    ),
  pullImage: (from, options) => cli('pull', ...flag('--platform', options.platform), reference(from, options.tag)),
  pushImage: (name, options) => cli('push', reference(name, options.tag)),
  // BuildKit is the CLI's default; the classic builder is DOCKER_BUILDKIT=0, which a line of words cannot say.
  buildImage: (options) =>
    cli(
      'build',
      ...(options.tags ?? []).flatMap((t) => ['-t', t]),
      ...flag('-f', options.dockerfile && options.dockerfile !== 'Dockerfile' ? options.dockerfile : undefined),
      ...Object.entries(options.buildArgs ?? {}).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]),
      ...flag('--target', options.target),
      ...flag('--platform', options.platform),
      ...flag('--network', options.networkMode),
      options.noCache && '--no-cache',
      options.pull && '--pull',
      options.contextPath ?? '.',
    ),
  tagImage: (image, repo, tag) => cli('tag', idWord(image), tag ? `${repo}:${tag}` : repo),
  removeImage: (name, options) => cli('rmi', options?.force && '-f', options?.noPrune && '--no-prune', idWord(name)),
  prune: (kind, options) => cli(PRUNE_NOUN[kind], 'prune', '-f', options?.all && '-a'),
  createVolume: (name) => cli('volume', 'create', name || undefined),
  removeVolume: (name, options) => cli('volume', 'rm', options?.force && '-f', name),
  createNetwork: (name) => cli('network', 'create', name),
  removeNetwork: (id) => cli('network', 'rm', id),
};

/**
 * The `docker run` line of a create that was then started (and, without `-d`, attached and
 * waited on) as one action: the create's words, `-d` when nothing was to be attached.
 */
export function runLine(...[config, options]: Parameters<EngineClient['createContainer']>): string {
  return cli('run', config.AttachStdout === false && '-d', ...createWords(config, options?.name, options?.platform));
}

/** `docker cp LOCAL CONTAINER:DIR`: a copy in, LOCAL landing in DIR under its own name. */
export function copyInLine(local: string, container: string, directory: string): string {
  return cli('cp', local, `${idWord(container)}:${directory}`);
}

/** `docker cp CONTAINER:PATH DIR`: a copy out, PATH landing in the local DIR under its own name. */
export function copyOutLine(container: string, source: string, directory: string): string {
  return cli('cp', `${idWord(container)}:${source}`, directory);
}

/** `name:tag`, or `name@digest` for a digest; the name alone without either. */
function reference(name: string, tag: string | undefined): string {
  if (!tag) return name;
  return tag.includes(':') ? `${name}@${tag}` : `${name}:${tag}`;
}

/** What the swarm actions do, as the docker CLI says it (the services' and nodes' names). */
export type SwarmChange =
  | { kind: 'scale'; name: string; replicas: number }
  | { kind: 'force-update' | 'rollback' | 'remove-service' | 'drain' | 'activate'; name: string };

export function swarmLine(change: SwarmChange): string {
  switch (change.kind) {
    case 'scale':
      return cli('service', 'scale', `${change.name}=${change.replicas}`);
    case 'force-update':
      return cli('service', 'update', '--force', change.name);
    case 'rollback':
      return cli('service', 'rollback', change.name);
    case 'remove-service':
      return cli('service', 'rm', change.name);
    case 'drain':
      return cli('node', 'update', '--availability', 'drain', change.name);
    case 'activate':
      return cli('node', 'update', '--availability', 'active', change.name);
  }
}
