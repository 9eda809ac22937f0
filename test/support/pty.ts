import xterm from '@xterm/headless';
import { spawn as spawnPty, type IPty } from '@lydell/node-pty';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const berthBin = `${root}dist/berth.cjs`;

/** Builds the bundle once per test process: e2e tests drive what users run, not the sources. */
let built = false;
export function ensureBuilt(): void {
  // test/run.ts builds once before its passes (two run at once, and one must not read a bundle the other is writing).
  if ((built || process.env.BERTH_TEST_BUILT === '1') && existsSync(berthBin)) return;
  execFileSync(process.execPath, ['--import', 'tsx', `${root}test/tools/build.ts`], { cwd: root, stdio: 'pipe' });
  if (!existsSync(berthBin) || statSync(berthBin).size === 0) throw new Error('build did not produce dist/berth.cjs');
  built = true;
}

export interface LaunchOptions {
  env?: Record<string, string | undefined>;
  args?: string[];
  cols?: number;
  rows?: number;
  /** Run something other than berth (the comparison commands of benchmarks). */
  command?: string;
  /** Working directory (default: the repository). */
  cwd?: string;
  /**
   * The headless terminal answers what the program asks it (status, cursor position), as a real
   * one does (default; false for a terminal that never answers). berth's one question is the
   * status it asks after a hand-over: unanswered, it waits for it at each return.
   */
  answers?: boolean;
}

/** Ink's synchronized-update marks (DEC mode 2026) around each frame. */
const SYNC_BEGIN = '\u001b[?2026h';
const SYNC_END = '\u001b[?2026l';

/**
 * A program in a real pseudo-terminal, its output fed to a headless xterm so assertions read
 * the screen a person would see (cursor movement and overwrites applied), and the title.
 */
export class PtySession {
  readonly term: InstanceType<typeof xterm.Terminal>;
  readonly pty: IPty;
  readonly exited: Promise<{ exitCode: number; signal?: number }>;
  title = '';
  raw = '';
  private writes = Promise.resolve();
  /**
   * Ink wraps each frame in a synchronized update (begin, the frame, end), written at once, but a
   * pty hands it over in reads of its own size: a screen read between two reads is half a frame
   * (CI once found a dialog's title with the rest of the frame not yet there). While a begin is not
   * yet matched by its end, the screen is not a frame a person would see.
   */
  private frameOpen = false;
  private lastTail = '';

  constructor(options: LaunchOptions = {}) {
    const cols = options.cols ?? 120;
    const rows = options.rows ?? 30;
    this.term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
    this.term.onTitleChange((title) => (this.title = title));
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, TERM: 'xterm-256color', ...options.env })) if (v !== undefined) env[k] = v;
    // Ink draws nothing until exit when it believes it runs in CI; berth clears this itself on a TTY, but be explicit.
    delete env.CI;
    // berth writes config.json itself (the workspace: panel, columns, orders): a session that does
    // not name its own config dir gets an empty one, so no test reads what another left, nor the
    // runner's own settings.
    let ownConfig: string | undefined;
    if (options.env?.XDG_CONFIG_HOME === undefined) {
      ownConfig = env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'berth-e2e-config-'));
      // Readable by a berth run as another user (a test runs it as nobody): no file there is ENOENT, as with no dir.
      chmodSync(env.XDG_CONFIG_HOME, 0o755);
    }
    this.pty = spawnPty(options.command ?? process.execPath, options.command ? (options.args ?? []) : [berthBin, ...(options.args ?? [])], {
      name: 'xterm-256color',
      cols,
      rows,
      cwd: options.cwd ?? root,
      env,
    });
    this.pty.onData((data) => {
      this.raw += data;
      if (this.raw.length > 4_000_000) this.raw = this.raw.slice(-2_000_000);
      this.writes = this.writes.then(() => new Promise<void>((resolve) => this.term.write(data, resolve))).then(() => this.followFrames(data));
    });
    if (options.answers !== false) this.term.onData((data) => this.pty.write(data));
    this.exited = new Promise((resolve) =>
      this.pty.onExit((e) => {
        // Its own config dir goes with the session: a run of the suite left ~800 of them in /tmp.
        if (ownConfig) rmSync(ownConfig, { recursive: true, force: true });
        resolve({ exitCode: e.exitCode, signal: e.signal });
      }),
    );
  }

  /** The visible screen as text, one line per row, trailing spaces trimmed. */
  screen(): string {
    const buffer = this.term.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < this.term.rows; i++) lines.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
    return lines.join('\n');
  }

  /** Which buffer is shown: 'alternate' while berth runs full screen. */
  get bufferType(): string {
    return this.term.buffer.active.type;
  }

  async settle(): Promise<void> {
    await this.writes;
  }

  /**
   * Types `key` until the screen satisfies the condition. Right after a program berth handed the
   * terminal to (a pager, a shell) ends, a key may still be that program's: berth drops whatever
   * was typed until it has the terminal back (main/hand-over.ts), so the key is typed again.
   */
  async typeUntil(key: string, condition: (screen: string) => boolean, tries = 10): Promise<string> {
    for (let i = 1; ; i++) {
      await this.type(key);
      try {
        return await this.waitFor(condition, 2000);
      } catch (error) {
        if (i >= tries) throw error;
      }
    }
  }

  /** Resolves when the screen satisfies the condition; fails with the screen in the message. */
  async waitFor(condition: string | RegExp | ((screen: string) => boolean), timeoutMs = 10_000): Promise<string> {
    const test = typeof condition === 'function' ? condition : typeof condition === 'string' ? (s: string) => s.includes(condition) : (s: string) => condition.test(s);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.settle();
      const screen = this.screen();
      if (!this.frameOpen && test(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(condition)}; screen:\n${screen}`);
      await delay(20);
    }
  }

  /** Called once the terminal has taken `data`, so the state matches the screen read after it. */
  private followFrames(data: string): void {
    // A mark may be split between two reads: the end of the last read goes in front.
    const text = this.lastTail + data;
    this.lastTail = text.slice(-(SYNC_BEGIN.length - 1));
    const begin = text.lastIndexOf(SYNC_BEGIN);
    const end = text.lastIndexOf(SYNC_END);
    if (begin !== end) this.frameOpen = begin > end;
  }

  write(data: string): void {
    this.pty.write(data);
  }

  /**
   * Types keys one at a time, as a person would. A lone Esc is given longer: a terminal sends
   * Alt+q as Esc then q, so berth (Ink) takes an Esc as Esc only when nothing follows it within
   * 20 ms, and on a loaded machine 40 ms between the writes could reach berth as one read.
   */
  async type(...keys: string[]): Promise<void> {
    for (const key of keys) {
      this.pty.write(key);
      await delay(key === '\u001b' ? 250 : 40);
    }
  }

  async stop(): Promise<void> {
    try {
      this.pty.kill('SIGKILL');
    } catch {
      // already gone
    }
    await Promise.race([this.exited, delay(2000)]);
    this.term.dispose();
  }
}

export function launchBerth(options: LaunchOptions = {}): PtySession {
  ensureBuilt();
  return new PtySession(options);
}

export const key = {
  up: '\u001b[A',
  down: '\u001b[B',
  enter: '\r',
  escape: '\u001b',
  tab: '\t',
  ctrlC: '\u0003',
};
