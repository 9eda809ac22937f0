/**
 * How one log line is drawn: its text as shown (a timestamp if asked, a JSON line compact, all of
 * it sanitised) and the colour spans over it (JSON tokens, the level), then a screen row's pieces
 * with their colours and search hits. The view cuts rows out of the shown text (wrap, sideways
 * scroll) and says where each starts, so colours and hits land on the same characters.
 */
import { compactJson, jsonTokens, lineSpans, type JsonToken, type Span, type TokenKind, type Level } from '../format/json-line.ts';
import { sanitizeLine, sanitizeTabbed } from '../format/index.ts';
import { theme } from '../theme.ts';
import type { LogLine } from '../../state/logs/types.ts';
import type { StampZone } from '../../state/logs/view-model.ts';
import { lineStamp } from '../format/log-stamp.ts';

export interface ShownLine {
  readonly text: string;
  readonly spans: readonly Span[];
  /** The line is JSON (what `J` pretty-prints). */
  readonly tokens?: readonly JsonToken[];
}

const cache = new WeakMap<LogLine, { stamp: string; shown: ShownLine }>();

/**
 * The line as the screen shows it (cached per line: every render asks for the rows on screen);
 * `zone`: the timestamp shown before it, if any (relative ones are told from `now`).
 */
export function shownLine(line: LogLine, zone: StampZone | undefined, now = Date.now()): ShownLine {
  const stamp = zone === undefined || line.time === undefined ? '' : `${lineStamp(line, zone, now) ?? ''} `;
  const held = cache.get(line);
  if (held?.stamp === stamp) return held.shown;
  const tokens = jsonTokens(line.text);
  const prefix = stamp;
  const body = sanitizeTabbed(tokens === undefined ? line.text : compactJson(tokens));
  const text = sanitizeLine(`${prefix}${body}`);
  const shown: ShownLine = { text, spans: lineSpans(text, prefix.length, tokens), ...(tokens === undefined ? {} : { tokens }) };
  cache.set(line, { stamp, shown });
  return shown;
}

export interface RowPiece {
  readonly text: string;
  readonly kind?: TokenKind | Level;
  readonly hit: boolean;
}

/** A row's pieces: `text` starts at `offset` of the shown line whose `spans` colour it; `hits` are ranges in `text`. */
export function rowPieces(text: string, offset: number, spans: readonly Span[], hits: ReadonlyArray<readonly [number, number]>): RowPiece[] {
  const cuts = new Set<number>([0, text.length]);
  const local = spans.map((s) => ({ start: Math.max(0, s.start - offset), end: Math.min(text.length, s.end - offset), kind: s.kind })).filter((s) => s.end > s.start);
  for (const s of local) cuts.add(s.start).add(s.end);
  for (const [a, b] of hits) cuts.add(Math.max(0, Math.min(a, text.length))).add(Math.max(0, Math.min(b, text.length)));
  const points = [...cuts].sort((a, b) => a - b);
  const pieces: RowPiece[] = [];
  for (let k = 0; k + 1 < points.length; k++) {
    const a = points[k] as number;
    const b = points[k + 1] as number;
    if (b <= a) continue;
    const kind = local.find((s) => s.start <= a && s.end >= b)?.kind;
    const hit = hits.some(([s, e]) => s <= a && e >= b);
    const previous = pieces[pieces.length - 1];
    // Neighbours alike are one piece: fewer Ink nodes per row.
    if (previous !== undefined && previous.kind === kind && previous.hit === hit) pieces[pieces.length - 1] = { ...previous, text: previous.text + text.slice(a, b) };
    else pieces.push({ text: text.slice(a, b), ...(kind === undefined ? {} : { kind }), hit });
  }
  return pieces;
}

/** The colour of a kind of piece (undefined: the row's own). */
export function pieceColor(kind: TokenKind | Level | undefined): string | undefined {
  switch (kind) {
    case 'error':
      return theme.error;
    case 'warn':
      return theme.warning;
    case 'info':
      return theme.success;
    case 'debug':
    case 'punct':
      return theme.muted;
    case 'key':
      return theme.accent;
    case 'string':
      return theme.string;
    case 'number':
    case 'literal':
      return theme.number;
    default:
      return undefined;
  }
}
