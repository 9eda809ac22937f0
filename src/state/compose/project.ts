/**
 * Where a Compose project lives, from its containers' labels: the directory compose ran in and
 * the files it read (`com.docker.compose.project.working_dir`, `…config_files`). berth never
 * reads those files; it hands them to the user's compose CLI. They are paths on the machine
 * where compose ran, which is not this one when the engine is remote: `missingPaths` says which
 * are not here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const PROJECT_LABEL = 'com.docker.compose.project';
export const SERVICE_LABEL = 'com.docker.compose.service';
export const WORKING_DIR_LABEL = 'com.docker.compose.project.working_dir';
export const CONFIG_FILES_LABEL = 'com.docker.compose.project.config_files';

export interface ComposeProject {
  /** The project's name (`-p`). */
  name: string;
  workingDir?: string;
  /** Absolute paths (relative ones are taken from the working directory). */
  configFiles: readonly string[];
}

/** The project a container belongs to, from its labels; undefined when it has no project label. */
export function projectOf(labels: Readonly<Record<string, string>> | undefined): ComposeProject | undefined {
  const name = labels?.[PROJECT_LABEL];
  if (!name) return undefined;
  const workingDir = labels[WORKING_DIR_LABEL] || undefined;
  // Both CLIs join the files with commas (a path with a comma cannot be told apart: rare enough).
  const files = (labels[CONFIG_FILES_LABEL] ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  const configFiles = files.map((f) => (path.isAbsolute(f) || !workingDir ? f : path.resolve(workingDir, f)));
  return { name, ...(workingDir !== undefined && { workingDir }), configFiles };
}

/** The project's paths that are not on this machine (each once), in the order the labels name them. */
export function missingPaths(project: ComposeProject, exists: (p: string) => boolean = existsSync): string[] {
  const paths = [...(project.workingDir ? [project.workingDir] : []), ...project.configFiles];
  return [...new Set(paths)].filter((p) => !exists(p));
}

/** Why the project's files cannot be used from here. */
export function notHere(missing: readonly string[]): string {
  return `not on this machine: ${missing.join(', ')} (compose ran on the engine’s host, or the files moved)`;
}
