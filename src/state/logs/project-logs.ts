/**
 * A Compose project's logs in one view: a LogSession per container (each follows its own
 * container, restarts included), and one buffer that takes their new lines in time order, each
 * marked with its service. Lines are merged in batches as the sessions report (at most every
 * 50 ms each), by timestamp. Each session reports on its own, so one container's lines can
 * arrive after later lines of another (on a busy machine the first tails arrive in any order):
 * those are put in their place, so the view is in time order whatever order the answers came in.
 */
import { Store } from '../store.ts';
import { LogBuffer } from './log-buffer.ts';
import { LogSession, type LogSessionDeps, type LogSessionState } from './log-session.ts';
import type { LogLine } from './types.ts';

export interface ProjectMember {
  id: string;
  /** What each of its lines is marked with: the Compose service (or the container's name). */
  source: string;
  /** Each line as it should be shown (a service's lines name their task from their details). */
  rewrite?: (line: LogLine) => LogLine;
}

interface Part {
  session: LogSession;
  source: string;
  rewrite?: (line: LogLine) => LogLine;
  /** Lines taken from its buffer so far (counting those it has since evicted). */
  taken: number;
}

const byTime = (a: LogLine, b: LogLine) => (a.timeMs ?? 0) - (b.timeMs ?? 0);

export class ProjectLogs {
  readonly buffer = new LogBuffer();
  readonly store = new Store<LogSessionState>({ status: 'connecting', version: 0, runs: 0 });
  private readonly parts: Part[];
  private readonly unsubscribe: Array<() => void> = [];

  constructor(deps: LogSessionDeps, members: readonly ProjectMember[], tail = 200) {
    this.parts = members.map((m) => ({ session: new LogSession(deps, m.id, { tail }), source: m.source, rewrite: m.rewrite, taken: 0 }));
  }

  start(): void {
    for (const part of this.parts) {
      this.unsubscribe.push(part.session.store.subscribe(() => this.merge()));
      part.session.start();
    }
  }

  close(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    for (const part of this.parts) part.session.close();
  }

  private merge(): void {
    const fresh: LogLine[] = [];
    for (const part of this.parts) {
      const { buffer } = part.session;
      const total = buffer.length + buffer.dropped;
      if (total <= part.taken) continue;
      // Lines it evicted before we took them are gone; take what it still holds.
      const from = Math.max(part.taken - buffer.dropped, 0);
      for (const line of buffer.slice(from)) {
        const marked = { ...line, source: part.source };
        fresh.push(part.rewrite ? part.rewrite(marked) : marked);
      }
      part.taken = total;
    }
    // Stable: lines of one container keep their order when their timestamps tie.
    fresh.sort(byTime);
    const lastShown = this.buffer.at(this.buffer.length - 1)?.timeMs;
    const firstFresh = fresh[0]?.timeMs;
    if (lastShown !== undefined && firstFresh !== undefined && firstFresh < lastShown) {
      const all = [...this.buffer.slice(), ...fresh].sort(byTime);
      this.buffer.clear();
      this.buffer.append(all);
    } else if (fresh.length > 0) this.buffer.append(fresh);
    const states = this.parts.map((p) => p.session.store.getState());
    const status = states.some((s) => s.status === 'streaming') ? 'streaming' : states.every((s) => s.status === 'stopped') ? 'stopped' : states.find((s) => s.status === 'error') ? 'error' : 'connecting';
    const error = states.find((s) => s.error)?.error;
    this.store.update((s) => ({ ...s, status, version: s.version + 1, ...(error ? { error } : {}) }));
  }
}
