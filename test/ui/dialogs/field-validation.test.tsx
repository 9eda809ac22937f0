/**
 * Every dialog field, in the real dialogs: empty, 10,000 characters, control characters and
 * invalid grammar. A refused value gets a specific message under its field, nothing is sent, and
 * what was typed stays in the field. Control characters never enter a field (typing or pasting
 * drops them and keeps the rest); a prefilled value carrying one is shown with U+FFFD and refused.
 * The messages themselves are pinned in validation.test.ts; this is the same matrix on screen.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { DialogRequest } from '../../../src/app/commands.ts';
import { renderDialog, spy } from '../../support/dialog-harness.tsx';
import { keys } from '../../support/ui-harness.tsx';

const open: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const ui of open) await ui.close();
});

const ID = 'a1b2c3d4e5f6'.padEnd(64, '0');
const LONG = 10_000;

async function dialog(request: DialogRequest) {
  const ui = renderDialog(request, { size: { columns: 100, rows: 40 } });
  open.push(ui);
  // The dialog's code loads on first use; keys wait for Ink to read (see ink-harness).
  await ui.waitFor(/Esc cancel/);
  return ui;
}

/** The frame line that shows a field's label (its value follows on the same line). */
function row(frame: string, label: string): string {
  return frame.split('\n').find((l) => new RegExp(`[│]\\s*[› ] ${label}\\s`).test(l)) ?? '';
}

interface Field {
  request: DialogRequest;
  label: string;
  /** Tabs from the dialog's first focused field to this one. */
  tabs: number;
  /** Typed into earlier fields first, so only this field can be wrong. */
  before?: string[];
  /** The client method that must not be called while a field is invalid. */
  sends: 'createContainer' | 'stopContainer' | 'commitContainer' | undefined;
}

const run: DialogRequest = { type: 'run' };
const stop: DialogRequest = { type: 'stop', containerId: ID, name: 'web' };
const commit: DialogRequest = { type: 'commit', containerId: ID, label: 'web (a1b2c3d4e5f6)' };
const pull: DialogRequest = { type: 'pull' };

const fields: Record<string, Field> = {
  'run image': { request: run, label: 'image', tabs: 0, sends: 'createContainer' },
  'run command': { request: run, label: 'command', tabs: 1, before: ['busybox', keys.tab], sends: 'createContainer' },
  'run name': { request: run, label: 'name', tabs: 2, before: ['busybox', keys.tab, keys.tab], sends: 'createContainer' },
  'stop grace period': { request: stop, label: 'grace \\(s\\)', tabs: 0, sends: 'stopContainer' },
  'commit repository': { request: commit, label: 'repository', tabs: 0, sends: 'commitContainer' },
  'commit tag': { request: commit, label: 'tag', tabs: 1, before: ['myapp', keys.tab], sends: 'commitContainer' },
  'commit comment': { request: commit, label: 'comment', tabs: 2, before: ['myapp', keys.tab, keys.tab], sends: 'commitContainer' },
  'commit author': { request: commit, label: 'author', tabs: 3, before: ['myapp', keys.tab, keys.tab, keys.tab], sends: 'commitContainer' },
  'pull reference': { request: pull, label: 'image', tabs: 0, sends: undefined },
  'pull username': { request: pull, label: 'username', tabs: 1, before: ['alpine', keys.tab], sends: undefined },
  'pull password': { request: pull, label: 'password', tabs: 2, before: ['alpine', keys.tab, 'me', keys.tab], sends: undefined },
};

/** What each field says to empty, 10,000 characters and bad grammar; undefined where the value is fine. */
const expectations: Record<string, { empty?: RegExp; long?: RegExp; grammar: [string, RegExp | 'accepted'] }> = {
  'run image': { empty: /! image is required/, long: /! repository name must not be more than 255 characters/, grammar: ['Busybox', /! repository name must be lowercase/] },
  'run command': { long: undefined, grammar: ['ls *.txt', /! the "\*" at position 4 is a wildcard/] },
  'run name': { long: /! name is 10000 characters long; keep it to 255/, grammar: ['-web', /! name must start with a letter or digit, not "-"/] },
  'stop grace period': { long: /! grace period is at most 86400 seconds/, grammar: ['10s', /! grace period is a whole number of seconds/] },
  'commit repository': { empty: /! repository is required/, long: /! repository name must not be more than 255 characters/, grammar: ['app:v1', /! remove ":v1" and put the tag in the tag field/] },
  'commit tag': { long: /! tag must not be more than 128 characters/, grammar: ['-bad', /! tag "-bad" must start with a letter, digit or '_'/] },
  // Free text has no grammar to break: odd text is accepted (and sent).
  'commit comment': { long: /! comment is 10000 characters long; keep it to 1024/, grammar: ['"any" $(text) ; is fine', 'accepted'] },
  'commit author': { long: /! author is 10000 characters long; keep it to 1024/, grammar: ['Jane <jane@example.com>', 'accepted'] },
  'pull reference': { empty: /! image is required/, long: /! repository name must not be more than 255 characters/, grammar: ['https://ghcr.io/a', /! remove the URL scheme/] },
  'pull username': { long: /! username is 10000 characters long; keep it to 255/, grammar: ['me:pw', /! username cannot contain ":"/] },
  'pull password': { empty: /! enter the password too/, long: /! password is 10000 characters long; the limit is 8192/, grammar: ['x y:z', 'accepted'] },
};

/** Opens the dialog, fills earlier fields, types `value` into the field and presses Enter. */
async function submit(name: string, value: string) {
  const field = fields[name]!;
  const ui = await dialog(field.request);
  const sends = field.sends ? spy(ui.client, field.sends) : undefined;
  await ui.press(...(field.before ?? []));
  if (value !== '') await ui.press(value);
  // Checked as Enter is read: a refusal is in this frame, and a send would have begun with it.
  await ui.press(keys.enter);
  return { ui, frame: ui.frame(), field, sent: () => sends?.calls() ?? 0 };
}

for (const name of Object.keys(fields)) {
  const expected = expectations[name]!;
  describe(name, () => {
    test('empty', async () => {
      const { frame, sent } = await submit(name, '');
      if (expected.empty) {
        assert.match(frame, expected.empty);
        assert.equal(sent(), 0, 'nothing is sent');
      } else {
        assert.doesNotMatch(frame, new RegExp(`! ${fields[name]!.label.replace(/\\\\/g, '')}`), 'empty is fine here');
      }
    });

    test('10,000 characters: a specific message, and the text stays', async () => {
      const text = name === 'stop grace period' ? '9'.repeat(LONG) : name === 'run command' ? `echo ${'x'.repeat(LONG - 5)}` : 'x'.repeat(LONG);
      const { frame, field, sent } = await submit(name, text);
      if (expected.long) {
        assert.match(frame, expected.long);
        assert.equal(sent(), 0, 'nothing is sent');
      } else {
        assert.doesNotMatch(frame, /! command/, 'a 10,000-character command is a valid command');
      }
      const shown = row(frame, field.label);
      assert.match(shown, field.label === 'password' ? /••••••••••/ : /(x|9){10}/, `the field keeps the text: ${shown}`);
    });

    test('control characters never enter the field; the rest of what was typed stays', async () => {
      // BEL and Ctrl-T are no editing keys; C1 CSI and LRM are typed as characters. (Backspace,
      // Ctrl-A and the like do edit, as in any terminal field.)
      const value = name === 'stop grace period' ? '1\u00072' : name === 'run command' ? 'echo a\u0007b' : 'ab\u0007c\u0014d\u009be\u200ef';
      const field = fields[name]!;
      const ui = await dialog(field.request);
      await ui.press(...(field.before ?? []), value);
      const shown = row(ui.frame(), field.label);
      if (field.label === 'password') assert.match(shown, /password\s+•••/);
      else assert.match(shown, name === 'stop grace period' ? /\s12\s/ : name === 'run command' ? /echo ab\s/ : /\sabcdef\s/);
      assert.doesNotMatch(ui.frame(), /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e]/);
    });

    test('invalid grammar: a specific message, and the text stays', async () => {
      const [text, message] = expected.grammar;
      const { ui, frame, field, sent } = await submit(name, text);
      if (message === 'accepted') {
        // Nothing to get wrong in free text: it goes through as typed (the pull dialog then
        // waits for the registry, here for the missing engine's refusal).
        if (field.sends) assert.equal(sent(), 1, 'sent');
        else assert.equal(ui.pulls.store.getState().pulls.length, 1, 'the pull started');
        return;
      }
      assert.match(frame, message);
      const shown = row(frame, field.label);
      if (field.label === 'password') assert.match(shown, new RegExp(`•{${text.length}}`));
      else assert.ok(shown.includes(text.slice(0, 12)), `the field keeps "${text}": ${shown}`);
    });
  });
}

test('a prefilled image carrying a control character is drawn as U+FFFD and refused', async () => {
  const ui = await dialog({ type: 'run', image: 'busy\u001b[2Jbox' });
  const creates = spy(ui.client, 'createContainer');
  await ui.press(keys.enter);
  assert.match(ui.frame(), /! image name must not contain control characters/);
  assert.match(row(ui.frame(), 'image'), /busy\uFFFD\[2Jbox/);
  assert.equal(creates.calls(), 0);
});
