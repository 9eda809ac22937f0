/**
 * Notices when the launcher above us dies. `npm run sandbox` is npm → sh → tsx → node, and
 * a SIGTERM to npm kills npm (and sh) without reaching us, which would leave the sandbox
 * running with nobody to stop it. So we watch the launcher chain — the ancestors that are
 * node/npm/npx/sh processes in our own process group — and call back when one is gone.
 * The walk stops at the first other ancestor (an interactive or scripted bash, a tool
 * harness): those may legitimately exit and leave a backgrounded sandbox running.
 */
import { readFileSync } from 'node:fs';

interface ProcStat {
  ppid: number;
  pgrp: number;
  start: string;
}

function stat(pid: number): ProcStat | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)": state ppid pgrp session ... starttime is field 22 overall.
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), pgrp: Number(f[2]), start: f[19] ?? '' };
  } catch {
    return undefined;
  }
}

// npm renames itself ("npm exec tsx t…", "npm run sandbox"); comm is at most 15 bytes.
const LAUNCHER_COMM = /^(node|npm|npx|sh|tsx)\b/;

function comm(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Calls `onGone` once if an ancestor in our process group exits. Returns a disposer. */
export function watchLauncher(onGone: (pid: number) => void, intervalMs = 1000): () => void {
  const self = stat(process.pid);
  if (!self) return () => undefined;
  const chain: Array<{ pid: number; start: string }> = [];
  for (let pid = self.ppid; pid > 1; ) {
    const s = stat(pid);
    if (!s || s.pgrp !== self.pgrp || !LAUNCHER_COMM.test(comm(pid))) break;
    chain.push({ pid, start: s.start });
    pid = s.ppid;
  }
  if (chain.length === 0) return () => undefined;
  const timer = setInterval(() => {
    const gone = chain.find((a) => stat(a.pid)?.start !== a.start);
    if (gone) {
      clearInterval(timer);
      onGone(gone.pid);
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
