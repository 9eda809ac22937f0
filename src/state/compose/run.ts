/**
 * Runs the compose CLI with an argument vector (no shell), its output handed over line by line
 * as it comes (stdout and stderr apart) and its exit status at the end. A line rewritten in
 * place (`\r`) counts as what it last says, as a terminal would show it. Closing the view does
 * not stop the CLI: a half-done `up` or `down` is worse than one that finishes unseen.
 */
import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type { LogLine, LogStream } from '../logs/types.ts';
import type { ComposeCli } from './cli.ts';

/** Longer lines are cut here (a progress line without a newline, a runaway build step). */
export const MAX_LINE = 4_096;

export interface ComposeExit {
  /** The exit code; null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ComposeRunOptions {
  cwd?: string;
  env: NodeJS.ProcessEnv;
  onLines(lines: LogLine[]): void;
}

/** Splits one stream's chunks into lines, a carriage return rewriting the line so far. */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  constructor(private readonly stream: LogStream) {}

  push(chunk: Buffer | string): LogLine[] {
    const text = this.pending + (typeof chunk === 'string' ? chunk : this.decoder.write(chunk));
    const parts = text.split('\n');
    this.pending = (parts.pop() ?? '').slice(-MAX_LINE);
    return parts.map((part) => this.line(part));
  }

  /** What is left without a newline, at the end. */
  end(): LogLine[] {
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    return rest === '' ? [] : [this.line(rest)];
  }

  private line(raw: string): LogLine {
    const trimmed = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const shown = trimmed.slice(trimmed.lastIndexOf('\r') + 1);
    return shown.length > MAX_LINE ? { stream: this.stream, text: shown.slice(0, MAX_LINE), truncated: true } : { stream: this.stream, text: shown };
  }
}

/** Resolves with how the CLI exited; rejects when it cannot be started (not found, not executable). */
export function runCompose(cli: ComposeCli, args: readonly string[], options: ComposeRunOptions): Promise<ComposeExit> {
  return new Promise((resolve, reject) => {
    const child = spawn(cli.command, [...cli.prefix, ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const out = new LineSplitter('stdout');
    const err = new LineSplitter('stderr');
    const emit = (lines: LogLine[]) => {
      if (lines.length > 0) options.onLines(lines);
    };
    child.stdout.on('data', (chunk: Buffer) => emit(out.push(chunk)));
    child.stderr.on('data', (chunk: Buffer) => emit(err.push(chunk)));
    child.once('error', (error) => reject(new Error(`${cli.label} could not be started: ${error.message}`)));
    child.once('close', (code, signal) => {
      emit([...out.end(), ...err.end()]);
      resolve({ code, signal });
    });
  });
}

/** The command line as a person would type it (for the view; arguments with spaces quoted). */
export function commandLine(cli: ComposeCli, args: readonly string[]): string {
  return [cli.label, ...args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`))].join(' ');
}
