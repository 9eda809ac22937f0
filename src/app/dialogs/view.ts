/**
 * How a dialog looks, as data: its module's `view` describes it, ui/dialogs/dialog-host.tsx draws
 * every dialog from the description (a bordered box with a title, its rows, the engine's refusal,
 * and the keys it takes, written from the keymap). Pure, so a dialog is one module.
 */
import type { FieldState } from '../input/field.ts';
import type { ActionId, Keymap } from '../keys/keymap.ts';

export type Tone = 'accent' | 'muted' | 'error' | 'warning' | 'success' | 'stderr';

export type DialogBlock =
  /** A paragraph, wrapped at the width; `truncate` cuts it there instead, `middle` cuts its middle. */
  | { kind: 'text'; text: string; tone?: Tone; bold?: boolean; wrap?: 'wrap' | 'truncate' | 'middle' }
  /** A labelled text field (drawn masked with `mask`), with its validation message under it. */
  | { kind: 'field'; label: string; field: FieldState; focused: boolean; placeholder?: string; suggestion?: string; mask?: boolean; message?: string }
  /** An on/off switch with what "on" means. */
  | { kind: 'toggle'; label: string; on: boolean; focused: boolean; description?: string }
  /** A spinner and what is happening. */
  | { kind: 'busy'; text: string }
  /** A short bordered table (the prune preview). */
  | { kind: 'table'; rows: ReadonlyArray<Readonly<Record<string, string>>> }
  /** A progress bar. */
  | { kind: 'bar'; fraction: number | undefined }
  /**
   * `height` rows of output (a foreground run's), stderr marked; a line's `find` marked where it
   * occurs (`current`: the search's match), and the search's `status` on the last row.
   */
  | { kind: 'output'; lines: ReadonlyArray<{ text: string; tone?: Tone; find?: string; current?: boolean }>; height: number; empty: string; status?: string }
  /** A row more of the dialog's rows, above or below what fits. */
  | { kind: 'more'; text: string };

/** One part of the hint line: an action's keys (or several actions', joined) and what they do there, or plain words. */
export type Hint = { action: ActionId | readonly ActionId[]; text: string } | { text: string };

export interface DialogView {
  title: string;
  /** `form`: 76 columns, growing on a wide terminal (width.ts); `wide`: the terminal's width (a run's output). */
  width: 'form' | 'wide';
  blocks: readonly DialogBlock[];
  /** The engine's refusal (or any failure), shown with a ✗ until the next attempt. */
  error?: string;
  hints: readonly Hint[];
  /**
   * The form row (fields and switches counted) that had the focus last, for when none is focused
   * (a request in flight): the host keeps the focused row on screen when not all rows fit.
   */
  focus?: number;
}

/** "Enter stop · Tab/↓ next field · Esc cancel", from the keymap in force. */
export function hintLine(hints: readonly Hint[], keymap: Keymap): string {
  // Several actions together ("↑/↓/PgUp/PgDn scroll"): each by its first key, or the line grows long.
  const keys = (action: ActionId | readonly ActionId[]) => (typeof action === 'string' ? keymap.label(action) : action.map((a) => keymap.shortLabel(a)).join('/'));
  return hints.map((h) => ('action' in h ? `${keys(h.action)} ${h.text}` : h.text)).join(' · ');
}

/** The hints a form shows: Enter does `verb`, Tab and Shift-Tab move when it has more than one row. */
export function formHints(verb: string, rows: number, extra: readonly Hint[] = []): Hint[] {
  return [{ action: 'submit', text: verb }, ...(rows > 1 ? [{ action: 'next-field' as const, text: 'next' }, { action: 'prev-field' as const, text: 'previous' }] : []), ...extra, { action: 'cancel', text: 'cancel' }];
}
