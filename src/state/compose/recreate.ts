/**
 * One Compose service made anew through the user's compose CLI (`up -d --force-recreate
 * --no-deps <service>`): what recreating a Compose container means, for whoever recreates
 * containers (a plain one is recreated through the engine instead). Resolves with the CLI's
 * exit and output; rejects when there is no compose CLI, the project's files are not on this
 * machine, or the CLI cannot be started.
 */
import type { LogLine } from '../logs/types.ts';
import { recreateServiceArgs } from './args.ts';
import { findComposeCli } from './cli.ts';
import { composeEnv, type EngineAddress } from './env.ts';
import { missingPaths, notHere, type ComposeProject } from './project.ts';
import { runCompose, type ComposeExit } from './run.ts';

export interface RecreateServiceOptions {
  project: ComposeProject;
  service: string;
  /** The engine berth shows (EngineClient's `context`, and its `endpoint.label`). */
  engine: EngineAddress;
  env?: NodeJS.ProcessEnv;
  onLines?(lines: LogLine[]): void;
}

export interface RecreateServiceResult extends ComposeExit {
  /** What the CLI wrote, stdout and stderr in the order they came. */
  output: LogLine[];
}

export async function recreateComposeService(options: RecreateServiceOptions): Promise<RecreateServiceResult> {
  const base = options.env ?? process.env;
  const found = await findComposeCli(base);
  if (!found.ok) throw new Error(found.reason);
  const missing = missingPaths(options.project);
  if (missing.length > 0) throw new Error(notHere(missing));
  const output: LogLine[] = [];
  const exit = await runCompose(found.cli, recreateServiceArgs(options.project, options.service), {
    cwd: options.project.workingDir,
    env: composeEnv(base, options.engine),
    onLines: (lines) => {
      output.push(...lines);
      options.onLines?.(lines);
    },
  });
  return { ...exit, output };
}
