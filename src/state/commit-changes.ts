/**
 * `docker commit --change`: Dockerfile instructions applied to the new image's config. The engine
 * takes CMD, ENTRYPOINT, ENV, EXPOSE, LABEL, ONBUILD, USER, VOLUME, WORKDIR and STOPSIGNAL;
 * berth offers the ones people change when committing (CMD, ENTRYPOINT, ENV, EXPOSE, LABEL,
 * WORKDIR, USER) and checks each before anything is sent, so a typo is named at its field
 * rather than by the engine after the commit has paused the container.
 *
 * One field holds them all, separated by `;` (a `;` inside quotes or a JSON array stays).
 */
import type { Checked } from './validation.ts';

export const CHANGE_INSTRUCTIONS = ['CMD', 'ENTRYPOINT', 'ENV', 'EXPOSE', 'LABEL', 'WORKDIR', 'USER'] as const;

/** The text split at each `;` outside quotes and brackets; empty parts dropped. */
export function splitChanges(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | undefined;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (quote !== undefined) {
      if (c === '\\' && i + 1 < text.length) {
        current += c + (text[i + 1] ?? '');
        i++;
        continue;
      }
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** Words of an instruction's arguments, split at spaces outside quotes (quotes kept, as the engine reads them). */
function words(args: string): string[] {
  return args.match(/(?:[^\s"']+|"(?:\\.|[^"\\])*"|'[^']*')+/g) ?? [];
}

const PORT = /^(\d{1,5})(?:-(\d{1,5}))?(?:\/(tcp|udp|sctp))?$/i;

function checkExpose(args: string): string | undefined {
  for (const word of words(args)) {
    const m = PORT.exec(word);
    const ports = m ? [m[1], m[2]].filter((p) => p !== undefined).map(Number) : [];
    if (!m || ports.some((p) => p < 1 || p > 65_535)) return `EXPOSE takes ports like 80, 8080/tcp or 5000-5010/udp, not ${word}`;
  }
  return undefined;
}

function checkPairs(what: 'ENV' | 'LABEL', args: string): string | undefined {
  const list = words(args);
  // ENV's old form: `ENV KEY a value with spaces`.
  if (what === 'ENV' && list.length >= 2 && !(list[0] ?? '').includes('=')) return /^[^\s=]+$/.test(list[0] ?? '') ? undefined : 'ENV needs a name';
  for (const word of list) {
    const eq = word.indexOf('=');
    if (eq <= 0) return `${what} takes key=value pairs${what === 'ENV' ? ' (or a name and a value)' : ''}, not ${word}`;
  }
  return undefined;
}

function checkExec(what: string, args: string): string | undefined {
  if (!args.startsWith('[')) return undefined;
  try {
    const value: unknown = JSON.parse(args);
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return undefined;
  } catch {
    // said below
  }
  return `${what} in exec form is a JSON array of strings, e.g. ["nginx", "-g", "daemon off;"]`;
}

/** One instruction, checked; the message names what is wrong. */
export function checkChange(change: string): string | undefined {
  const m = /^(\S+)\s*([\s\S]*)$/.exec(change.trim());
  const keyword = (m?.[1] ?? '').toUpperCase();
  const args = (m?.[2] ?? '').trim();
  if (!(CHANGE_INSTRUCTIONS as readonly string[]).includes(keyword)) return `${m?.[1] ?? change} is not one of ${CHANGE_INSTRUCTIONS.join(', ')}`;
  if (args === '') return `${keyword} needs a value`;
  if (/[\u0000-\u001f\u007f]/.test(args)) return `${keyword} holds a control character`;
  switch (keyword) {
    case 'EXPOSE':
      return checkExpose(args);
    case 'ENV':
    case 'LABEL':
      return checkPairs(keyword, args);
    case 'CMD':
    case 'ENTRYPOINT':
      return checkExec(keyword, args);
    case 'USER':
      return /^[^\s:]+(?::[^\s:]+)?$/.test(args) ? undefined : 'USER is a name or id, optionally :group';
    default:
      return undefined;
  }
}

/** The field's text as the list of instructions to send (the keyword upper-cased), or what is wrong with the first bad one. */
export function checkChanges(text: string): Checked<string[]> {
  const changes = splitChanges(text);
  for (const change of changes) {
    const problem = checkChange(change);
    if (problem !== undefined) return { ok: false, message: problem };
  }
  return { ok: true, value: changes.map((c) => c.replace(/^\S+/, (k) => k.toUpperCase())) };
}
