import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { findExecutable } from '../sandbox/exec.ts';

/**
 * berth in a tmux session of its own (a private server socket, no user config), its screen read
 * with `capture-pane` and the cell where a text starts with a copy-mode search: tmux's own grid,
 * not a model of it. The tmux binary is installed with the sandbox's tools (test/sandbox/install.ts).
 */
export class TmuxSession {
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'berth-tmux-'));
  private readonly socket = path.join(this.dir, 'tmux.sock');
  private readonly tmux = findExecutable('tmux') ?? 'tmux';

  async start(command: string[], options: { cols: number; rows: number; env: Record<string, string> }): Promise<void> {
    const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, LC_ALL: 'C.UTF-8' };
    delete env.CI; // Ink draws nothing until exit when it believes it runs in CI
    delete env.TMUX; // a tmux around the test run must not be the one this talks to
    await this.run(['-f', '/dev/null', 'new-session', '-d', '-s', 'berth', '-x', String(options.cols), '-y', String(options.rows), '--', ...command], env);
  }

  run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(this.tmux, ['-u', '-S', this.socket, ...args], { env }, (err, stdout, stderr) => (err ? reject(new Error(`tmux ${args.join(' ')}: ${err.message}\n${stderr}`)) : resolve(stdout)));
    });
  }

  async screen(): Promise<string> {
    return (await this.run(['capture-pane', '-p', '-t', 'berth'])).replace(/\n$/, '');
  }

  async waitFor(test: (screen: string) => boolean, what: string, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = await this.screen();
      if (test(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; tmux's screen:\n${screen}`);
      await delay(50);
    }
  }

  /** Sends text as typed, or a key by tmux's name for it (Enter, Escape). */
  async keys(...keys: Array<string | { key: string }>): Promise<void> {
    for (const k of keys) await this.run(typeof k === 'string' ? ['send-keys', '-t', 'berth', '-l', k] : ['send-keys', '-t', 'berth', k.key]);
  }

  /** The cell (column, row) where the last occurrence of `text` on screen starts, found by tmux. */
  async cellOf(text: string): Promise<{ x: number; y: number }> {
    await this.run(['copy-mode', '-t', 'berth']);
    try {
      for (const command of ['history-bottom', 'end-of-line']) await this.run(['send-keys', '-t', 'berth', '-X', command]);
      await this.run(['send-keys', '-t', 'berth', '-X', 'search-backward', text]);
      const [x, y, ...match] = (await this.run(['display-message', '-p', '-t', 'berth', '#{copy_cursor_x} #{copy_cursor_y} #{search_match}'])).replace(/\n$/, '').split(' ');
      assert.equal(match.join(' '), text, `tmux found ${JSON.stringify(text)} on its screen`);
      return { x: Number(x), y: Number(y) };
    } finally {
      await this.run(['send-keys', '-t', 'berth', '-X', 'cancel']);
    }
  }

  async stop(): Promise<void> {
    await this.run(['kill-server']).catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
