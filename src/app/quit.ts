/**
 * Quitting when something would be lost: a pull or push still running, or text typed into a
 * dialog. Then the key that quits (q, or Ctrl-C: the `interrupt` action) asks first, once, on
 * the message line, naming what would go; the same key again (or the other) quits, the `stay` key (Esc) keeps
 * berth running, and any other key withdraws the question and does what it does. With nothing
 * to lose, both quit at once, as they always did. Ctrl-C asks too because it is the key people
 * press to leave a dialog they are typing in (q is text there), and that is exactly the text
 * that would go; it remains a sure way out, at most two presses.
 */
import { reduced, type Reduced } from './commands.ts';
import type { UiContext } from './context.ts';
import { plural } from './format/plural.ts';
import { displayWidth } from './format/index.ts';
import type { Keymap } from './keys/keymap.ts';
import type { AppState, DialogState, QuitQuestion } from './types.ts';


/** A form's text, field by field: every form dialog keeps its fields in `fields` (dialogs/form.ts). */
export function fieldValues(dialog: DialogState): Readonly<Record<string, string>> {
  const fields: unknown = (dialog as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const values: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    const value: unknown = typeof field === 'object' && field !== null ? (field as { value?: unknown }).value : undefined;
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

/** What quitting now would lose, in words: running pulls, pushes and builds, then each dialog whose text was typed. */
export function lostOnQuit(state: AppState, ctx: UiContext): string[] {
  const running = ctx.pulls.pulls.filter((p) => p.status === 'running');
  const pushes = running.filter((p) => p.kind === 'push').length;
  const backups = running.filter((p) => p.kind === 'transfer').length;
  const pulls = running.length - pushes - backups;
  // A build running ends with berth: the engine stops it when its request ends.
  const builds = ctx.builds.builds.filter((b) => b.status === 'running' || b.status === 'preparing').length;
  const transfers = [pulls > 0 ? plural(pulls, 'pull') : '', pushes > 0 ? plural(pushes, 'push', 'pushes') : '', backups > 0 ? plural(backups, 'backup') : '', builds > 0 ? plural(builds, 'build') : ''].filter(Boolean);
  const lost = transfers.length > 0 ? [`${transfers.join(' and ')} running`] : [];
  for (const overlay of state.overlays) {
    if (overlay.kind !== 'dialog') continue;
    const opened = overlay.opened ?? {};
    const typed = Object.entries(fieldValues(overlay.dialog)).some(([name, value]) => value !== (opened[name] ?? ''));
    if (typed) lost.push(`the ${overlay.dialog.type.replace(/-/g, ' ')} dialog’s text`);
  }
  return lost;
}

/** `key` pressed to quit: quits, or asks first when something would be lost. */
export function askToQuit(state: AppState, ctx: UiContext, key: QuitQuestion['key']): Reduced {
  const lost = lostOnQuit(state, ctx);
  if (lost.length === 0) return reduced(state, { type: 'app-quit' });
  return reduced({ ...state, quitQuestion: { key, lost } });
}

/** The question in `width` cells: what would be lost, then the answers; the answers first when both do not fit. */
export function quitQuestionText(question: QuitQuestion, keymap: Keymap, width: number): string {
  const lost = `${question.lost.join(' and ')} will be lost`;
  const answers = `${keymap.shortLabel(question.key)} again to quit, ${keymap.shortLabel('stay')} to stay`;
  const text = `${lost} — ${answers}`;
  return displayWidth(text) <= width ? text : `${answers}: ${lost}`;
}

/**
 * A key while the question is on screen: the key that asked (or the other quitting key, where it
 * is a key) quits, `stay` withdraws it; any other key withdraws it and is handed on (no `done`:
 * the reducer goes on with the state returned).
 */
export function answerQuit(state: AppState, ctx: UiContext, action: string | undefined, press: string): { done?: Reduced; state: AppState } {
  const question = state.quitQuestion;
  if (!question) return { state };
  // The key that asked, or the other way out (q where it is not text): both mean it.
  if (action === 'quit' || action === 'interrupt') return { state, done: reduced(state, { type: 'app-quit' }) };
  const withdrawn: AppState = { ...state, quitQuestion: undefined };
  if (ctx.keymap.resolve('quitting', press) === 'stay') return { state: withdrawn, done: reduced(withdrawn) };
  return { state: withdrawn };
}
