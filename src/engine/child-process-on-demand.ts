/**
 * `node:child_process` as berth's bundle gives it to every module that imports it (berth's own
 * ssh, compose, pager, shell and credential helpers; terminal-size, which Ink asks for the size of
 * a terminal that does not say): loaded on the first spawn, not as the bundle loads. An idle first
 * screen starts no process, and Node's child_process brings dgram and its socket list with it:
 * ~1 ms of every start and ~0.5 MB resident (bench B1, B5s).
 *
 * Each function is Node's own, called through: the same arguments, the same child. Only the
 * functions the bundle imports are here; test/engine/on-demand.test.ts holds the bundle's
 * importers to them (a new import of another would get undefined in the bundle).
 */
import type * as ChildProcess from 'node:child_process';

const childProcess = (): typeof ChildProcess => process.getBuiltinModule('node:child_process');

export const spawn: typeof ChildProcess.spawn = ((...args: Parameters<typeof ChildProcess.spawn>) => childProcess().spawn(...args)) as typeof ChildProcess.spawn;
export const execFile: typeof ChildProcess.execFile = ((...args: Parameters<typeof ChildProcess.execFile>) => childProcess().execFile(...args)) as typeof ChildProcess.execFile;
export const execFileSync: typeof ChildProcess.execFileSync = ((...args: Parameters<typeof ChildProcess.execFileSync>) => childProcess().execFileSync(...args)) as typeof ChildProcess.execFileSync;
