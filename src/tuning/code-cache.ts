import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

/**
 * Lever `code-cache`. berth's start-up is mostly V8 compiling and first running the app's ~1 MB
 * of JavaScript. This compiles the app through a V8 code cache kept in the user's cache
 * directory, made by berth itself once start-up has settled, so that it holds every function the
 * first frame ran, not only the top-level code a cache made at compile time has. The next start
 * then neither parses nor compiles those (bench B1 with the lever off and on: docs/performance.md).
 *
 * Node's own `module.enableCompileCache` is not used: it saves the cache made at compile time
 * (the top-level code only), and never wrote one for berth, which ends with process.exit. This
 * uses only vm.Script's public cachedData API.
 *
 * V8 accepts a cache only from its own version and the same V8 flags; it checks the source's
 * length, not its text, so the file is named after a hash of the text (and the Node it is for:
 * several Nodes may share the directory). The build computes that hash and writes it on the app's
 * last line (`stampSource`), so a start reads it rather than hashing 1.4 MB: and, more to the
 * point, loads no `node:crypto`, whose OpenSSL set-up cost every berth 1.5–3 MB of resident
 * memory (bench B5s). V8 refuses anything else (`cachedDataRejected`), and
 * berth then compiles as if there were no cache and makes a new one. The cache only saves time:
 * no failure here ever stops berth. NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch for its
 * cache) turns this one off too, as does BERTH_TUNING_OFF=code-cache.
 */

/** `$XDG_CACHE_HOME/berth`, else `~/.cache/berth`. */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(home, '.cache');
  return path.join(base, 'berth');
}

/**
 * The cache file's name for this source on this Node: `v24.21.0-x64-<hash>.code`. The source as
 * text or as its UTF-8 bytes (as the boot reads it): the same name either way — the build's
 * stamp, else the text's hash.
 */
export function codeCacheName(source: string | Uint8Array, node: { version: string; arch: string } = process): string {
  return `${codeCachePrefix(node)}${stampOf(source) ?? textHash(source)}.code`;
}

/** The app's last line, as the build writes it: the hash of the text before it. */
const STAMP = /\n\/\/# berth-source=([0-9a-f]{24})\n$/;

/** `source` with its hash on a last line of its own (the build, test/tools/build.ts). */
export function stampSource(source: string): string {
  return `${source.endsWith('\n') ? source : `${source}\n`}//# berth-source=${textHash(source)}\n`;
}

function stampOf(source: string | Uint8Array): string | undefined {
  // Only the end is searched: the stamp is the last line (ASCII, so bytes read as latin1 are its text).
  const end = typeof source === 'string' ? source.slice(-64) : Buffer.from(source.buffer, source.byteOffset, source.byteLength).subarray(-64).toString('latin1');
  return STAMP.exec(end)?.[1];
}

/** The first 24 hex digits of the text's SHA-256. `node:crypto` only here: a stamped start never loads it. */
function textHash(source: string | Uint8Array): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(source).digest('hex').slice(0, 24);
}

function codeCachePrefix(node: { version: string; arch: string }): string {
  return `${node.version}-${node.arch}-`;
}

/** What became of the cache when the code was compiled. */
export type CodeCacheStatus = 'off' | 'none' | 'used' | 'rejected';

export interface CompiledApp {
  status: CodeCacheStatus;
  /** Runs the compiled code as a CommonJS module body. */
  run(require: NodeJS.Require): void;
  /**
   * Writes the cache, if this start had none it could use: call it once the code has run what
   * it runs at every start. False if there was nothing to write or the writing failed.
   */
  save(): boolean;
}

/**
 * Compiles `source` (a CommonJS module's text, from `filename`) with the cache from `dir` when
 * there is one for it. `dir` undefined: no cache. Given as the file's bytes, the name is hashed
 * from them as read rather than from the text encoded back into them (~1–2 ms for berth's app).
 */
export function compileWithCodeCache(source: string | Uint8Array, filename: string, dir: string | undefined): CompiledApp {
  const text = typeof source === 'string' ? source : Buffer.from(source.buffer, source.byteOffset, source.byteLength).toString('utf8');
  const body = text.startsWith('#!') ? `//${text.slice(2)}` : text;
  // Node's own CommonJS wrapper, on one line, so the code's line numbers stay its own.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${body}\n})`;
  const file = dir === undefined ? undefined : path.join(dir, codeCacheName(source));
  const cachedData = file === undefined ? undefined : readCache(file);
  const script = new vm.Script(wrapped, { filename, cachedData });
  const status: CodeCacheStatus = file === undefined ? 'off' : cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used';
  let pending = status === 'none' || status === 'rejected';
  return {
    status,
    run(require) {
      const module = { exports: {} };
      const run = script.runInThisContext() as (...args: unknown[]) => void;
      run.call(module.exports, module.exports, require, module, filename, path.dirname(filename));
    },
    save() {
      if (!pending || dir === undefined || file === undefined) return false;
      pending = false;
      return writeCache(dir, file, script.createCachedData());
    },
  };
}

function readCache(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (a start meanwhile reads the old file or none), and older builds' caches for this Node go. */
function writeCache(dir: string, file: string, data: Buffer): boolean {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(temporary, data);
    fs.renameSync(temporary, file);
  } catch {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // No directory to write in: nothing was left behind either.
    }
    return false;
  }
  const prefix = codeCachePrefix(process);
  try {
    for (const name of fs.readdirSync(dir)) {
      if (name.startsWith(prefix) && name.endsWith('.code') && path.join(dir, name) !== file) fs.rmSync(path.join(dir, name), { force: true });
    }
  } catch {
    // Stale caches cost disk space, nothing else.
  }
  return true;
}

/**
 * How the boot (src/boot.ts) hands the app its `save`: the app is a bundle of its own, compiled
 * by the boot, so the two share no module, only the process.
 */
const SAVE_KEY = Symbol.for('berth.saveCodeCache');

export function offerCodeCacheSave(save: () => boolean): void {
  (globalThis as Record<symbol, unknown>)[SAVE_KEY] = save;
}

/** Saves the code cache if the boot offered to (once; later calls do nothing). */
export function saveCodeCache(): void {
  const save = (globalThis as Record<symbol, unknown>)[SAVE_KEY];
  delete (globalThis as Record<symbol, unknown>)[SAVE_KEY];
  if (typeof save === 'function') (save as () => boolean)();
}
