/** The end of a daemon's log file, for error messages that must say why start-up failed. */
import { readFileSync } from 'node:fs';

export function logTail(file: string, lines = 25): string {
  try {
    const all = readFileSync(file, 'utf8').trimEnd().split('\n');
    return `--- last ${Math.min(lines, all.length)} lines of ${file} ---\n${all.slice(-lines).join('\n')}`;
  } catch {
    return `(no log at ${file})`;
  }
}
