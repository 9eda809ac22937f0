/**
 * Saving what the logs view holds to a file (`w`), as k9s and oxker offer: the lines exactly as
 * the container wrote them (colour codes and all, for `less -R`), with the engine's timestamps
 * when the view shows them, and stderr lines marked `stderr ` as the view marks them with `!`
 * (a word rather than the glyph, so `grep -v '^stderr '` or `grep '^stderr '` splits the file).
 * A new file every time, never overwriting one.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LogLine } from './types.ts';

/** What a stderr line starts with in a saved file (after its timestamp, when there is one). */
export const STDERR_MARKER = 'stderr ';

export function logFileText(lines: readonly LogLine[], timestamps: boolean): string {
  let text = '';
  for (const line of lines) text += `${timestamps && line.time ? `${line.time} ` : ''}${line.stream === 'stderr' ? STDERR_MARKER : ''}${line.text}\n`;
  return text;
}

/** `web-20261123-025901.log`: the container's name made safe for a file name, and the local time. */
export function logFileName(containerName: string, at: Date): string {
  const safe = containerName.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[.]+/, '').slice(0, 80) || 'container';
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `${safe}-${stamp}.log`;
}

/** Writes the file in `dir` and returns its path; rejects (EEXIST, EACCES, …) without touching an existing file. */
export async function saveLogs(lines: readonly LogLine[], options: { dir: string; containerName: string; timestamps: boolean; at?: Date }): Promise<string> {
  const path = join(options.dir, logFileName(options.containerName, options.at ?? new Date()));
  await writeFile(path, logFileText(lines, options.timestamps), { flag: 'wx' });
  return path;
}
