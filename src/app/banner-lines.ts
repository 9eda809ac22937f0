/**
 * The lines of the banner an unreachable engine shows and of the engine's refusal, worked out
 * here (not in the component) because the layout needs their height: the reducer pages with it.
 */
import type { ConnectionState } from '../state/engine-state.ts';
import { sanitizeLine } from './format/index.ts';
import { wrap } from './format/wrap.ts';

/** A reason is shown whole, wrapped, up to this many lines (the engine's words are the point). */
const REASON_LINES = 4;
const HINT_LINES = 2;

/** The unreachable banner's lines: why, with the countdown, then what to do or what is on screen. */
export function unreachableLines(connection: ConnectionState, width: number, now: number): { reason: string[]; detail: string[] } {
  const seconds = connection.retryAt ? Math.max(Math.ceil((connection.retryAt - now) / 1000), 0) : 0;
  const reason = sanitizeLine(withoutEndpoint(connection.error ?? 'unknown error', connection.endpoint));
  // "stale" only when there is data to be stale: before the engine was ever reached there is none.
  const detail = connection.hint ? sanitizeLine(connection.hint) : connection.connectedAt !== undefined ? 'showing the last known data (stale)' : '';
  return {
    reason: wrap(`cannot reach ${sanitizeLine(connection.endpoint)}: ${reason} — retrying in ${seconds}s`, width, REASON_LINES),
    detail: detail === '' ? [] : wrap(detail, width, HINT_LINES),
  };
}

/** A notice wraps to at most this many lines: more would push the pane about for a message. */
const NOTICE_LINES = 3;

/**
 * A notice's lines on the message line: whole where it fits the width, else wrapped at words
 * (an engine's refusal is read whole, not cut mid-sentence while the line below is free), the
 * last line ending in … only past NOTICE_LINES.
 */
export function noticeLines(text: string, width: number): string[] {
  return wrap(sanitizeLine(text), Math.max(width, 1), NOTICE_LINES);
}

/** The error line's lines: the engine's refusal in full, wrapped. */
export function engineErrorLines(message: string, width: number): string[] {
  return wrap(`engine: ${sanitizeLine(message)}`, width, REASON_LINES);
}

/**
 * How many lines the banner area takes for this connection at this width (0 when all is well),
 * so the layout can give the rest to the pane.
 */
export function bannerHeight(connection: ConnectionState, width: number, now = Date.now()): number {
  if (connection.status === 'unreachable') {
    const { reason, detail } = unreachableLines(connection, width, now);
    return reason.length + detail.length;
  }
  return connection.error ? engineErrorLines(connection.error, width).length : 0;
}

/**
 * The client's messages name the endpoint ("connection refused by unix:///…/docker.sock") for
 * the places that show them alone; the banner names it already, and a long socket path said
 * twice pushes the reason itself off the end of the line.
 */
export function withoutEndpoint(message: string, endpoint: string): string {
  if (endpoint === '') return message;
  let text = message;
  for (const joint of [' at ', ' by ', ' to ', ' on ', ' of ']) text = text.split(`${joint}${endpoint}`).join('');
  return text.split(endpoint).join('the engine');
}

