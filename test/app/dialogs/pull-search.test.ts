/**
 * The pull dialog's registry picker, through the dialog's machine: a pause in typing asks once
 * (the latest term only), answers for an older term are dropped, Tab/↓ enters the list, Enter on
 * a repository writes it and asks for its tags, Enter on a tag writes `repo:tag`; a failed search
 * says the index cannot be reached and the field still pulls what is typed.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Command, DialogReply } from '../../../src/app/commands.ts';
import type { DialogContext, Outcome } from '../../../src/app/dialogs/machine.ts';
import { pull } from '../../../src/app/dialogs/pull.ts';
import { rowsOf, wantedBy } from '../../../src/app/dialogs/pull-search.ts';
import { defaultKeymap } from '../../../src/app/keys/keymap.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { drive as driveWith, keyIn, presses, resultIn, type KnownDialog } from '../../support/dialog-driver.ts';

const ctx: DialogContext = { overlay: 7, engine: initialEngineState('x'), bodyHeight: 20 };
const drive = (keys: string) => driveWith({ type: 'pull' }, keys, ctx);
const result = (state: KnownDialog, r: DialogReply): Outcome<KnownDialog> => resultIn(state, r, ctx);
/** Each key in turn, from `state`: the last outcome, its commands. */
function key(state: KnownDialog, keys: string): Outcome<KnownDialog> {
  let last: Outcome<KnownDialog> = { state };
  for (const p of presses(keys)) last = keyIn(last.state, p, ctx);
  return last;
}
const registryTimers = (commands: readonly Command[]) => commands.filter((c) => c.type === 'timer-start' && c.key === 'registry:7');

function pullOf(state: KnownDialog) {
  assert.equal(state.type, 'pull');
  return state as Extract<KnownDialog, { type: 'pull' }>;
}

const hub = { where: 'Docker Hub', hits: [{ name: 'nginx', stars: 20000, official: true, description: 'Official build of Nginx.' }, { name: 'bitnami/nginx', stars: 200 }] };

describe('pull: the registry picker', () => {
  test('what the field asks: repositories, or the tags of what is before a tag’s colon', () => {
    assert.deepEqual(wantedBy('ngi'), { kind: 'search', term: 'ngi' });
    assert.deepEqual(wantedBy('host:5000/team/app'), { kind: 'search', term: 'host:5000/team/app' });
    assert.deepEqual(wantedBy('host:5000/team/app:1.'), { kind: 'tags', repository: 'host:5000/team/app', prefix: '1.' });
    assert.equal(wantedBy('n'), undefined);
    assert.equal(wantedBy('a@sha256:00'), undefined);
  });

  test('a pause asks once for the latest term; an older answer is dropped; Tab enters the list, Enter picks and asks for tags', () => {
    const { state, commands } = drive('ngin');
    assert.ok(registryTimers(commands).length >= 1);
    // Only the pause for what the field says now sends a search.
    assert.deepEqual(result(state, { kind: 'search-due', term: 'ngi' }).commands, []);
    assert.deepEqual(result(state, { kind: 'search-due', term: 'ngin' }).commands, [{ type: 'registry-search', overlay: 7, term: 'ngin' }]);
    assert.equal(pullOf(result(state, { kind: 'searched', term: 'ngi', answer: hub }).state).picker.search.state, 'searching');
    const found = pullOf(result(state, { kind: 'searched', term: 'ngin', answer: hub }).state);
    assert.deepEqual(rowsOf(found.picker, 'ngin').map((r) => r.kind === 'repository' && r.name), ['nginx', 'bitnami/nginx']);
    const view = pull.view(found, { overlay: 7, width: 100, height: 30, engine: ctx.engine, pulls: { pulls: new Map(), order: [] } as never, keymap: defaultKeymap, output: () => [], outputLength: 0 });
    const text = view.blocks.map((b) => ('text' in b ? b.text : '')).join('\n');
    assert.match(text, /Docker Hub: 2 repositories/);
    assert.match(text, /nginx {2}★ 20000 {2}official {2}Official build of Nginx\./);

    const inList = pullOf(key(found, '{down}{down}').state);
    assert.equal(inList.picker.cursor, 1);
    assert.deepEqual(pull.contexts(inList), ['form', 'dialog']);
    const picked = key(inList, '{enter}');
    const after = pullOf(picked.state);
    assert.equal(after.fields.image.value, 'bitnami/nginx');
    assert.equal(after.picker.cursor, undefined);
    assert.deepEqual(picked.commands?.filter((c) => c.type === 'registry-tags'), [{ type: 'registry-tags', overlay: 7, repository: 'bitnami/nginx' }]);

    const tagged = pullOf(result(after, { kind: 'tags-found', repository: 'bitnami/nginx', tags: ['latest', '1.29', '1.27'] }).state);
    assert.deepEqual(rowsOf(tagged.picker, 'bitnami/nginx').map((r) => r.kind === 'tag' && r.tag), ['latest', '1.29', '1.27']);
    const chosen = pullOf(key(pullOf(key(tagged, '{down}{down}').state), '{enter}').state);
    assert.equal(chosen.fields.image.value, 'bitnami/nginx:1.29');
    // Enter in the field pulls what it says, as before.
    assert.ok(key(chosen, '{enter}').commands?.some((c) => c.type === 'pull-start' && c.reference === 'bitnami/nginx:1.29'));
  });

  test('past the list’s ends the keys go on: ↑ back to the image field, ↓ to the username', () => {
    const { state } = drive('ngin');
    const found = result(state, { kind: 'searched', term: 'ngin', answer: hub }).state;
    const up = pullOf(key(pullOf(key(found, '{down}').state), '{up}').state);
    assert.deepEqual([up.picker.cursor, up.focus], [undefined, 0]);
    const down = pullOf(key(found, '{down}{down}{down}').state);
    assert.deepEqual([down.picker.cursor, down.focus], [undefined, 1]);
  });

  test('a typed tag lists the repository’s tags starting with it; offline says so and pulls what is typed', () => {
    const { state, commands } = drive('reg:5000/app:1');
    assert.ok(registryTimers(commands).length >= 1);
    assert.deepEqual(result(state, { kind: 'tags-due', repository: 'reg:5000/app' }).commands, [{ type: 'registry-tags', overlay: 7, repository: 'reg:5000/app' }]);
    const tagged = pullOf(result(state, { kind: 'tags-found', repository: 'reg:5000/app', tags: ['latest', '1.2', '1.0', '0.9'] }).state);
    assert.deepEqual(rowsOf(tagged.picker, 'reg:5000/app:1').map((r) => r.kind === 'tag' && r.tag), ['1.2', '1.0']);

    const typed = drive('alpine');
    const failed = pullOf(result(typed.state, { kind: 'search-failed', term: 'alpine', message: 'dial tcp: lookup index.docker.io: no such host' }).state);
    const view = pull.view(failed, { overlay: 7, width: 100, height: 30, engine: ctx.engine, pulls: { pulls: new Map(), order: [] } as never, keymap: defaultKeymap, output: () => [], outputLength: 0 });
    assert.ok(view.blocks.some((b) => 'text' in b && b.text.includes('the index cannot be reached: dial tcp')));
    assert.ok(key(failed, '{enter}').commands?.some((c) => c.type === 'pull-start' && c.reference === 'alpine'));
  });

  test('Enter sends the pull before typing paused: the tags are not asked for (the list goes with the dialog)', () => {
    const typed = drive('host:5000/team/app:1');
    assert.ok(registryTimers(typed.commands).length >= 1, 'a pause would ask for the tags');
    const sent = key(typed.state, '{enter}');
    assert.ok(sent.commands?.some((c) => c.type === 'pull-start' && c.reference === 'host:5000/team/app:1'));
    assert.deepEqual(result(sent.state, { kind: 'tags-due', repository: 'host:5000/team/app' }).commands, []);
    // An answer already under way is dropped as well.
    assert.equal(pullOf(result(sent.state, { kind: 'tags-found', repository: 'host:5000/team/app', tags: ['1', '2'] }).state).picker.tags.state, 'idle');
  });
});
