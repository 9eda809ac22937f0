/**
 * node:fs/promises, loaded on first use. Importing it loads Node's promise-based file system
 * internals (FileHandle, its streams…) as berth starts: ~2–4 ms of every start (bench B1),
 * though nothing on the first frame reads a file through it (a credential file, an env file, a
 * saved log, a copy: each when asked for). Node caches the module after the first call.
 */
export function fsPromises(): typeof import('node:fs/promises') {
  return process.getBuiltinModule('node:fs/promises');
}
