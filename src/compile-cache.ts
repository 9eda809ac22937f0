import module from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * Start-up is mostly V8 compiling the bundle's ~900 KB of JavaScript. From Node 22.1 on, Node can
 * keep the compiled code on disk (module.enableCompileCache) and reuse it at the next start; on
 * Node 20 the function does not exist and this does nothing. NODE_DISABLE_COMPILE_CACHE=1 turns
 * it off, and NODE_COMPILE_CACHE (Node's own variable) picks another directory.
 */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(home, '.cache');
  return path.join(base, 'berth');
}

type EnableCompileCache = (directory?: string) => { status: number; message?: string; directory?: string };

/** Enables the cache for the modules loaded after this call. Never fails: the cache only saves time. */
export function enableCompileCache(): void {
  const enable = (module as unknown as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  if (typeof enable !== 'function') return;
  try {
    enable(process.env.NODE_COMPILE_CACHE ? undefined : compileCacheDir());
  } catch {
    // An unwritable cache directory costs the saving, nothing else.
  }
}
