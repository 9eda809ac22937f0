/**
 * The opt-in alert when an incident opens (config.json `"alert"`): a terminal bell, or a desktop
 * notification through the terminal (OSC 9: iTerm2, Windows Terminal, WezTerm, foot, Ghostty;
 * OSC 777: VTE terminals such as GNOME Terminal, urxvt). A terminal that knows neither ignores
 * the sequence; nothing is drawn.
 */
import { sanitizeLine } from './format/index.ts';

export type AlertKind = 'bell' | 'osc9' | 'osc777';

export const ALERT_KINDS: readonly AlertKind[] = ['bell', 'osc9', 'osc777'];

/** The bytes that alert with `text` (one line, no control characters, no `;` where it would split fields). */
export function alertSequence(kind: AlertKind, text: string): string {
  const line = sanitizeLine(text).replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  switch (kind) {
    case 'bell':
      return '\u0007';
    case 'osc9':
      return `\u001b]9;${line}\u0007`;
    case 'osc777':
      return `\u001b]777;notify;berth;${line.replaceAll(';', ',')}\u0007`;
  }
}
