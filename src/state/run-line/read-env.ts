/**
 * The environment a run sends, read when it is sent (the form only checks its shape): each
 * --env-file from the disk, relative to berth's working directory as the CLI's is to its own,
 * then -e; a bare name on either takes its value from berth's environment.
 */
import { fsPromises } from '../../engine/fs-later.ts';
import { parseEnvFile, resolveEnv, type CreateExtras } from './create-body.ts';

export type EnvRead = { ok: true; env: string[] } | { ok: false; message: string };

export async function readRunEnv(extras: CreateExtras | undefined, environment: NodeJS.ProcessEnv = process.env): Promise<EnvRead> {
  if (!extras) return { ok: true, env: [] };
  const lookup = (name: string) => environment[name];
  const fromFiles: string[] = [];
  for (const path of extras.envFiles) {
    let text: string;
    try {
      text = await fsPromises().readFile(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return { ok: false, message: `env file ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a directory' : String((error as Error).message)}` };
    }
    const parsed = parseEnvFile(path, text, lookup);
    if (!parsed.ok) return parsed;
    fromFiles.push(...parsed.value);
  }
  return { ok: true, env: resolveEnv(fromFiles, extras.env, lookup) };
}
