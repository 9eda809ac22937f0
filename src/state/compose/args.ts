/**
 * The compose CLI's argument vectors for what berth offers on a project or one service. Only
 * flags that Compose v1 (Debian's docker-compose 1.29) and v2 (`docker compose`) both take:
 * `--project-directory`, `-f`, `-p`, `--profile`, `--ansi never`; `up -d`, `--build`,
 * `--force-recreate`, `--no-deps`; `down`; `rm -s -f`; `pull`; `restart`.
 */
import type { ComposeProject } from './project.ts';

export type ComposeVerb = 'up' | 'down' | 'pull' | 'build' | 'restart' | 'recreate';

export const COMPOSE_VERBS: readonly ComposeVerb[] = ['up', 'down', 'pull', 'build', 'restart', 'recreate'];

export interface ComposeScope {
  project: ComposeProject;
  /** One service of the project; undefined: all of it. */
  service?: string;
  /** `--profile` for each (services in a profile start only with it). */
  profiles?: readonly string[];
}

/** What comes before the subcommand: where the project is, its name, its profiles, no colours. */
export function globalArgs(scope: ComposeScope): string[] {
  const { project } = scope;
  return [
    ...(project.workingDir ? ['--project-directory', project.workingDir] : []),
    ...project.configFiles.flatMap((file) => ['-f', file]),
    '-p',
    project.name,
    ...(scope.profiles ?? []).flatMap((profile) => ['--profile', profile]),
    '--ansi',
    'never',
  ];
}

/** The subcommand and its flags for a verb (`down` on one service: `rm -s -f`, as v1's down takes no service). */
export function verbArgs(verb: ComposeVerb, service?: string): string[] {
  const one = service === undefined ? [] : [service];
  switch (verb) {
    case 'up':
      return ['up', '-d', ...one];
    case 'down':
      return service === undefined ? ['down'] : ['rm', '-s', '-f', service];
    case 'pull':
      return ['pull', ...one];
    case 'build':
      return ['up', '-d', '--build', ...one];
    case 'restart':
      return ['restart', ...one];
    case 'recreate':
      return ['up', '-d', '--force-recreate', ...one];
  }
}

export function composeArgs(verb: ComposeVerb, scope: ComposeScope): string[] {
  return [...globalArgs(scope), ...verbArgs(verb, scope.service)];
}

/** One service made anew alone, its dependencies left as they are (the recreate path for a Compose container). */
export function recreateServiceArgs(project: ComposeProject, service: string): string[] {
  return [...globalArgs({ project }), 'up', '-d', '--force-recreate', '--no-deps', service];
}

/** Profiles as typed: names split on spaces or commas. */
export function parseProfiles(text: string): string[] {
  return text.split(/[\s,]+/).filter((p) => p !== '');
}
