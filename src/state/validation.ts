/**
 * Pure checks for what a person types into the run, stop and commit dialogs. Each returns the
 * parsed value or one specific message; none of them changes the input, so a dialog can show
 * the message beside the field and leave the text exactly as typed.
 *
 * Every pattern here is a single character class or an anchored linear scan: a 10,000-character
 * paste must cost microseconds, not a regex backtracking storm.
 */
import { parse, type ParseEntry } from 'shell-quote';
import { parseImageReference, validateRepository, validateTag } from '../engine/reference.ts';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * No engine limit exists for container names, but a name is also a DNS alias on user networks
 * and is shown in every table; past this length it is a paste gone wrong, not a name.
 */
export const MAX_CONTAINER_NAME = 255;
/** One day. The engine takes any integer, but the HTTP request stays open for the whole grace period. */
export const MAX_GRACE_SECONDS = 86_400;
/** A command longer than this would not fit the kernel's per-argument limit (MAX_ARG_STRLEN, 128 KiB) anyway. */
export const MAX_COMMAND_LENGTH = 128 * 1024;
/**
 * Commit comment and author: the engine sets no limit, but both travel in the request's query
 * string and are shown by `docker history`; past this it is a paste gone wrong, not a comment.
 */
export const MAX_FREE_TEXT = 1024;
/** Registry user names are short (Docker Hub: 30); email addresses and cloud GUIDs fit easily. */
export const MAX_USERNAME = 255;
/**
 * Registry passwords include cloud tokens (an ECR token is ~2,000 characters, a GCP key file
 * more); the X-Registry-Auth header carrying it must stay well inside the engine's header limit.
 */
export const MAX_PASSWORD = 8192;

const CONTAINER_NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]+$/;
const NAME_CHAR = /[a-zA-Z0-9_.-]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const IMAGE_ID = /^(?:sha256:)?[a-f0-9]{64}$/;

/** "U+0007" for the first control character, so the message says which invisible thing is there. */
function controlMessage(what: string, input: string): string | undefined {
  const found = CONTROL.exec(input);
  if (!found) return undefined;
  const code = found[0].codePointAt(0) ?? 0;
  return `${what} contains a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')}) at position ${found.index + 1}`;
}

function quoteChar(c: string): string {
  return c === ' ' ? 'a space' : `"${c}"`;
}

/** The optional container name; empty means "let the engine pick one". */
export function checkContainerName(input: string): Checked<string | undefined> {
  if (input === '') return { ok: true, value: undefined };
  const control = controlMessage('name', input);
  if (control) return { ok: false, message: control };
  if (input.length > MAX_CONTAINER_NAME) return { ok: false, message: `name is ${input.length} characters long; keep it to ${MAX_CONTAINER_NAME}` };
  if (CONTAINER_NAME.test(input)) return { ok: true, value: input };
  const first = input[0] ?? '';
  if (!/[a-zA-Z0-9]/.test(first)) return { ok: false, message: `name must start with a letter or digit, not ${quoteChar(first)}` };
  if (input.length === 1) return { ok: false, message: 'name must be at least 2 characters' };
  for (const c of input) {
    if (!NAME_CHAR.test(c)) return { ok: false, message: `name may only contain letters, digits, '_', '.' and '-', not ${quoteChar(c)}` };
  }
  return { ok: false, message: 'name may only contain letters, digits, "_", "." and "-"' };
}

/** Seconds before the engine kills the container; empty means the container's or engine's default. */
export function checkGracePeriod(input: string): Checked<number | undefined> {
  const text = input.trim();
  if (text === '') return { ok: true, value: undefined };
  const control = controlMessage('grace period', input);
  if (control) return { ok: false, message: control };
  if (text.startsWith('-')) return { ok: false, message: 'grace period cannot be negative (the engine would then wait forever)' };
  if (!/^[0-9]+$/.test(text)) return { ok: false, message: 'grace period is a whole number of seconds, e.g. 10' };
  // Compare digits, not the parsed number: 10,000 nines would parse to Infinity.
  const digits = text.replace(/^0+(?=.)/, '');
  if (digits.length > String(MAX_GRACE_SECONDS).length || Number(digits) > MAX_GRACE_SECONDS) {
    return { ok: false, message: `grace period is at most ${MAX_GRACE_SECONDS} seconds (one day)` };
  }
  return { ok: true, value: Number(digits) };
}

export type ImageCheck = { ok: true; value: { image: string; isId: boolean } } | { ok: false; message: string };

/**
 * The run dialog's image: a reference (pullable when missing) or a full image id (local only,
 * which `docker run sha256:…` also accepts but the reference grammar rejects).
 */
export function checkRunImage(input: string): ImageCheck {
  const text = input.trim();
  if (IMAGE_ID.test(text)) return { ok: true, value: { image: text, isId: true } };
  const result = parseImageReference(input);
  if (!result.ok) return result;
  return { ok: true, value: { image: input, isId: false } };
}

/** The commit dialog's repository: required, lowercase, optional registry host[:port]. */
export function checkRepository(input: string): Checked<string> {
  const result = validateRepository(input);
  return result.ok ? { ok: true, value: input } : result;
}

/** The commit dialog's tag: empty falls back to "latest", as the engine does. */
export function checkTag(input: string): Checked<string> {
  if (input === '') return { ok: true, value: 'latest' };
  const result = validateTag(input);
  return result.ok ? { ok: true, value: input } : result;
}

/** Free text (comment, author): control characters (they would end up in image metadata) and pastes gone wrong are refused. */
export function checkFreeText(what: string, input: string): Checked<string | undefined> {
  const control = controlMessage(what, input);
  if (control) return { ok: false, message: control };
  if (input.length > MAX_FREE_TEXT) return { ok: false, message: `${what} is ${input.length} characters long; keep it to ${MAX_FREE_TEXT}` };
  return { ok: true, value: input === '' ? undefined : input };
}

/**
 * The pull dialog's optional registry user name. Basic authentication joins it to the password
 * with a colon (RFC 7617), so a colon cannot be part of it; white space is a paste gone wrong.
 */
export function checkUsername(input: string): Checked<string | undefined> {
  if (input === '') return { ok: true, value: undefined };
  const control = controlMessage('username', input);
  if (control) return { ok: false, message: control };
  if (input.length > MAX_USERNAME) return { ok: false, message: `username is ${input.length} characters long; keep it to ${MAX_USERNAME}` };
  const colon = input.indexOf(':');
  if (colon !== -1) return { ok: false, message: `username cannot contain ":" (position ${colon + 1}): the registry reads it as the start of the password` };
  const space = /\s/.exec(input);
  if (space) return { ok: false, message: `username cannot contain white space (position ${space.index + 1})` };
  return { ok: true, value: input };
}

/** The pull dialog's password: anything printable, within reason. Messages never quote it. */
export function checkPassword(input: string): Checked<string | undefined> {
  if (input === '') return { ok: true, value: undefined };
  const control = controlMessage('password', input);
  if (control) return { ok: false, message: control };
  if (input.length > MAX_PASSWORD) return { ok: false, message: `password is ${input.length} characters long; the limit is ${MAX_PASSWORD}` };
  return { ok: true, value: input };
}

interface Scan {
  /** An unclosed quote or a trailing backslash, said plainly; undefined when balanced. */
  problem?: string;
  /** The first `*` or `?` outside quotes and unescaped (where a shell would glob), 0-based; -1 if none. */
  bareGlob: number;
}

/**
 * One pass over the quoting, for what shell-quote does not tell us: it silently closes an
 * unterminated quote, drops a trailing backslash, and reports an escaped `\*` as a glob.
 */
function scanQuoting(input: string): Scan {
  let quote: '"' | "'" | undefined;
  let openedAt = 0;
  let bareGlob = -1;
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quote === "'") {
      if (c === "'") quote = undefined;
    } else if (c === '\\') {
      if (i === input.length - 1) return { problem: 'command ends with a lone backslash; write \\\\ for a literal one', bareGlob };
      i += 1;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
    } else if (c === '"' || c === "'") {
      quote = c;
      openedAt = i;
    } else if ((c === '*' || c === '?') && bareGlob === -1) {
      bareGlob = i;
    } else if (c === '#' && (i === 0 || /\s/.test(input[i - 1] ?? ''))) {
      // A comment: quotes in it are not quotes. The parse step reports the comment itself.
      return { bareGlob };
    }
  }
  if (quote === undefined) return { bareGlob };
  return { problem: `the ${quote === '"' ? 'double' : 'single'} quote at position ${openedAt + 1} is never closed`, bareGlob };
}

/** A marker for `$VAR`: shell-quote hands the lookup to us, and we refuse rather than expand. */
interface Variable {
  variable: string;
}

function isVariable(entry: unknown): entry is Variable {
  return typeof entry === 'object' && entry !== null && 'variable' in entry;
}

function globMessage(input: string, at: number): string {
  return `the "${input[at]}" at position ${at + 1} is a wildcard and nothing here expands it; quote it ('${input[at]}') to pass it literally`;
}

function describeEntry(entry: Exclude<ParseEntry, string> | Variable): string {
  if (isVariable(entry)) {
    return `"$${entry.variable}" would need a shell to expand it; berth runs the command without one: use sh -c '…' for the container's shell, or \\$ for a literal $`;
  }
  if ('comment' in entry) return `"#${entry.comment.slice(0, 20)}" starts a comment; quote the # to pass it literally`;
  return `"${entry.op}" is a shell operator and berth runs the command without a shell: use sh -c '…', or quote it`;
}

/**
 * Splits a command line into argv the way a shell splits words (quotes and backslashes respected),
 * using shell-quote. Everything a shell would *do* rather than split — pipes, redirections, `;`,
 * globs, comments, `$VAR` — is refused with a message, because Cmd goes to the engine as an argv
 * with no shell to act on it. Empty means "the image's default command".
 */
export function splitCommand(input: string): Checked<string[] | undefined> {
  if (input.trim() === '') return { ok: true, value: undefined };
  if (input.length > MAX_COMMAND_LENGTH) return { ok: false, message: `command is ${input.length} characters long; the limit is ${MAX_COMMAND_LENGTH}` };
  const control = controlMessage('command', input);
  if (control) return { ok: false, message: control };
  const scan = scanQuoting(input);
  if (scan.problem) return { ok: false, message: scan.problem };
  let entries: Array<ParseEntry | Variable>;
  try {
    // `$` alone (or before a non-name) is literal in a shell; shell-quote reports it as an empty name.
    entries = parse(input, (name: string): string | Variable => (name === '' ? '$' : { variable: name }));
  } catch {
    // shell-quote throws only for an unclosed "${" ("Bad substitution"), naming just what follows it.
    return { ok: false, message: 'a "${" is never closed; quote the $ to pass it literally' };
  }
  const argv: string[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') argv.push(entry);
    else if ('op' in entry && entry.op === 'glob') {
      // shell-quote calls a word with an escaped \* a glob too; only a bare one really is.
      if (scan.bareGlob === -1) argv.push(entry.pattern);
      else return { ok: false, message: globMessage(input, scan.bareGlob) };
    } else return { ok: false, message: describeEntry(entry) };
  }
  return argv.length === 0 ? { ok: true, value: undefined } : { ok: true, value: argv };
}

const SIGNAL = /^(SIG)?[A-Z][A-Z0-9]*(\+\d+|-\d+)?$/;

/** A signal by name (KILL, SIGTERM, SIGRTMIN+3) or number (1–64); empty is SIGKILL. */
export function checkSignal(input: string): Checked<string> {
  const text = input.trim();
  if (text === '') return { ok: true, value: 'SIGKILL' };
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n >= 1 && n <= 64 ? { ok: true, value: text } : { ok: false, message: `signal ${text} is not between 1 and 64` };
  }
  const upper = text.toUpperCase();
  if (!SIGNAL.test(upper)) return { ok: false, message: 'a signal is a name (KILL, SIGTERM, SIGHUP…) or a number (9, 15…)' };
  return { ok: true, value: upper.startsWith('SIG') ? upper : `SIG${upper}` };
}
