/**
 * RunOptions written back as the `docker run` line that does the same, for the dialog to show
 * and copy. Long flag names (they read without the help), values quoted only where the shell
 * needs it (shell-quote), switches first, the image and its command last. parse-line.ts reads
 * this line back to the same options (a property test holds the two to it).
 */
import { quote } from 'shell-quote';
import { LIST_OPTIONS, OPTION_FLAGS, SWITCH_OPTIONS, TEXT_OPTIONS, type RunOptions } from './options.ts';

/** Characters no shell treats specially anywhere in a word. */
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * A word as a person would write it: bare where it can be (`8080:80`, `A=1`; shell-quote would
 * write `8080\:80`), in single quotes where that is enough, shell-quote's escaping otherwise.
 */
export function shellWord(text: string): string {
  if (PLAIN.test(text)) return text;
  if (!text.includes("'")) return `'${text}'`;
  return quote([text]);
}

export function formatRunLine(options: RunOptions): string {
  const parts = ['docker', 'run'];
  for (const option of SWITCH_OPTIONS) if (options[option]) parts.push(`--${OPTION_FLAGS[option].long}`);
  for (const option of TEXT_OPTIONS) {
    const value = options[option];
    if (value !== '') parts.push(`--${OPTION_FLAGS[option].long}`, shellWord(value));
  }
  for (const option of LIST_OPTIONS) for (const value of options[option]) parts.push(`--${OPTION_FLAGS[option].long}`, shellWord(value));
  if (options.image !== '') parts.push(shellWord(options.image));
  // After the image every word is the command's, even one that looks like a flag.
  for (const arg of options.command) parts.push(shellWord(arg));
  return parts.join(' ');
}
