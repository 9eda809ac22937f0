// Log lines that are JSON (structured loggers: zap, logrus, pino, bunyan…): shown compact and
// coloured by token, pretty-printed on request, and their `level`/`severity` field coloured; plain
// lines get their ERROR/WARN/INFO/DEBUG word coloured. The JSON is re-laid from its own tokens,
// never parsed and stringified again, so every character of every value stays as written (a
// 20-digit id is not rounded, an escape is not decoded).

export type TokenKind = 'key' | 'string' | 'number' | 'literal' | 'punct';

export interface JsonToken {
  readonly kind: TokenKind;
  readonly text: string;
}

export type Level = 'error' | 'warn' | 'info' | 'debug';

/** A colour kind over `[start, end)` of a shown line. */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly kind: TokenKind | Level;
}

/** The tokens of `text` if it is a JSON object or array (whitespace between tokens left out), else undefined. */
export function jsonTokens(text: string): JsonToken[] | undefined {
  const t = text.trim();
  if (!(t.startsWith('{') && t.endsWith('}')) && !(t.startsWith('[') && t.endsWith(']'))) return undefined;
  try {
    JSON.parse(t);
  } catch {
    return undefined;
  }
  const tokens: JsonToken[] = [];
  // Which containers are open, to tell a key from a string value.
  const stack: string[] = [];
  let expectKey = false;
  for (let i = 0; i < t.length; ) {
    const ch = t[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      while (j < t.length && t[j] !== '"') j += t[j] === '\\' ? 2 : 1;
      tokens.push({ kind: expectKey ? 'key' : 'string', text: t.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    if ('{}[]:,'.includes(ch)) {
      if (ch === '{' || ch === '[') stack.push(ch);
      if (ch === '}' || ch === ']') stack.pop();
      expectKey = (ch === '{' || ch === ',') && stack[stack.length - 1] === '{';
      tokens.push({ kind: 'punct', text: ch });
      i++;
      continue;
    }
    let j = i;
    while (j < t.length && !' \t\n\r{}[]:,"'.includes(t[j] as string)) j++;
    const word = t.slice(i, j);
    tokens.push({ kind: /^[-\d]/.test(word) ? 'number' : 'literal', text: word });
    i = j;
  }
  return tokens;
}

/** The tokens as one compact line: `{"level":"info","msg":"…"}`. */
export function compactJson(tokens: readonly JsonToken[]): string {
  return tokens.map((t) => t.text).join('');
}

/** The tokens laid out two spaces an indent, a key and its value on one line. */
export function prettyJson(tokens: readonly JsonToken[]): string[] {
  const lines: string[] = [];
  let line = '';
  let depth = 0;
  const pad = () => '  '.repeat(depth);
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k] as JsonToken;
    const next = tokens[k + 1];
    if (token.text === '{' || token.text === '[') {
      // An empty object or array stays on its line.
      if (next?.text === (token.text === '{' ? '}' : ']')) {
        line += `${token.text}${next.text}`;
        k++;
        continue;
      }
      line += token.text;
      lines.push(line);
      depth++;
      line = pad();
    } else if (token.kind === 'punct' && (token.text === '}' || token.text === ']')) {
      if (line.trim() !== '') lines.push(line);
      depth--;
      line = `${pad()}${token.text}`;
    } else if (token.text === ',' && token.kind === 'punct') {
      lines.push(`${line},`);
      line = pad();
    } else if (token.text === ':' && token.kind === 'punct') {
      line += ': ';
    } else line += token.text;
  }
  if (line.trim() !== '') lines.push(line);
  return lines;
}

const LEVEL_KEYS = new Set(['"level"', '"severity"', '"lvl"', '"loglevel"', '"log.level"', '"levelname"']);

/** What a level's name (any case, and the usual abbreviations) is. */
export function levelNamed(name: string): Level | undefined {
  const n = name.toLowerCase();
  if (/^(fatal|panic|crit|critical|alert|emerg|emergency|error|err|e)$/.test(n)) return 'error';
  if (/^(warn|warning|w)$/.test(n)) return 'warn';
  if (/^(info|notice|information|informational|i)$/.test(n)) return 'info';
  if (/^(debug|trace|verbose|d)$/.test(n)) return 'debug';
  // Pino and bunyan write numbers: 10 trace, 20 debug, 30 info, 40 warn, 50 error, 60 fatal.
  if (/^\d{2}$/.test(n)) {
    const v = Number(n);
    return v >= 50 ? 'error' : v >= 40 ? 'warn' : v >= 30 ? 'info' : 'debug';
  }
  return undefined;
}

// Upper case only: "no error" in a sentence is not a level. logfmt's `level=…` in any case.
const LEVEL_WORD = /\b(FATAL|PANIC|CRITICAL|CRIT|ERROR|ERR|WARNING|WARN|INFO|NOTICE|DEBUG|TRACE)\b/;
const LOGFMT_LEVEL = /\b(?:level|lvl|severity)=("?)(\w+)\1/i;

/**
 * Colour spans for a shown line: the tokens of a compact JSON line (its level field's value in the
 * level's colour), or a plain line's first level word (upper case, or `level=…` as logfmt writes it).
 * `shown` is what is drawn; `offset` where the line's own text starts in it (after a timestamp).
 */
export function lineSpans(shown: string, offset: number, tokens: readonly JsonToken[] | undefined): Span[] {
  if (tokens !== undefined) {
    const spans: Span[] = [];
    let at = offset;
    let levelValue = false;
    for (const token of tokens) {
      const level = levelValue && (token.kind === 'string' || token.kind === 'number') ? levelNamed(token.kind === 'string' ? token.text.slice(1, -1) : token.text) : undefined;
      if (token.kind !== 'punct') spans.push({ start: at, end: at + token.text.length, kind: level ?? token.kind });
      if (token.kind === 'key') levelValue = LEVEL_KEYS.has(token.text.toLowerCase());
      else if (token.kind !== 'punct') levelValue = false;
      at += token.text.length;
    }
    return spans;
  }
  const text = shown.slice(offset);
  const word = LEVEL_WORD.exec(text);
  const logfmt = LOGFMT_LEVEL.exec(text);
  const found = word !== null && (logfmt === null || word.index <= logfmt.index) ? { at: word.index, length: word[0].length, name: word[1] ?? '' } : logfmt !== null ? { at: logfmt.index, length: logfmt[0].length, name: logfmt[2] ?? '' } : undefined;
  const level = found === undefined ? undefined : levelNamed(found.name);
  if (found === undefined || level === undefined) return [];
  return [{ start: offset + found.at, end: offset + found.at + found.length, kind: level }];
}
