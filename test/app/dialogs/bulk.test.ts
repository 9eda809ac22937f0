/**
 * The bulk dialog's machine alone (keys and results in, state and commands out), and the set
 * runner's order of work (state/actions/set.ts actOnEach): each row's result its own, a halt
 * issues nothing new, a project stops at its first refusal, and a bulk stop's requests go out
 * several at once, each answer reported under its own row as it comes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bulk, type BulkDialog, type BulkRequest } from '../../../src/app/dialogs/bulk.ts';
import type { DialogContext, DialogKey, Outcome } from '../../../src/app/dialogs/machine.ts';
import { plainFlags } from '../../../src/app/input/press.ts';
import type { ActionId } from '../../../src/app/keys/keymap.ts';
import { actOnEach } from '../../../src/state/actions/set.ts';
import { initialEngineState } from '../../../src/state/engine-state.ts';
import { defaultKeymap } from '../../../src/app/keys/keymap.ts';

const ctx: DialogContext = { overlay: 7, engine: initialEngineState('x'), bodyHeight: 30 };
const entry = (n: number) => ({ key: `k${n}`, item: { kind: 'container' as const, id: `${n}`.repeat(12), name: `web-${n}` }, label: `web-${n}`, running: true });
const request = (verb: BulkRequest['verb'] = 'stop'): BulkRequest => ({ type: 'bulk', verb, noun: 'container', entries: [entry(1), entry(2), entry(3)] });
const key = (action: ActionId | undefined, input = ''): DialogKey => ({ press: { name: input || (action ?? ''), input, key: plainFlags }, action });
const open = (verb?: BulkRequest['verb']) => bulk.open(request(verb), ctx).state;
const viewText = (state: BulkDialog) =>
  bulk
    .view(state, { overlay: 7, width: 100, height: 30, engine: ctx.engine, pulls: { pulls: [] } as never, keymap: defaultKeymap, output: () => [], outputLength: 0 })
    .blocks.flatMap((b) => ('text' in b ? [b.text] : []));

function run(state: BulkDialog): Outcome<BulkDialog> {
  return bulk.key(state, key('submit'), ctx);
}

test('one confirmation for all the rows: Enter sends one command with every row and the grace period typed', () => {
  const typed = bulk.key(open(), key(undefined, '3'), ctx).state;
  const out = run(typed);
  assert.equal(out.state.phase, 'running');
  assert.deepEqual(out.commands, [{ type: 'set-act', overlay: 7, verb: 'stop', items: request().entries.map((e) => e.item), options: { timeout: 3 } }]);
  const bad = run(bulk.key(open(), key(undefined, 'x'), ctx).state);
  assert.equal(bad.state.phase, 'asking', 'a grace period that is not one sends nothing');
  assert.equal(bad.commands, undefined);
});

test('each row shows its own result; a refusal keeps the dialog open and only the done rows are unmarked', () => {
  let state = run(open()).state;
  state = bulk.result(state, { kind: 'set-started', index: 0 }, ctx).state;
  state = bulk.result(state, { kind: 'set-item', index: 0, ok: true, message: 'stopped web-1' }, ctx).state;
  state = bulk.result(state, { kind: 'set-item', index: 1, ok: false, message: 'No such container: 222' }, ctx).state;
  state = bulk.result(state, { kind: 'set-item', index: 2, ok: true, message: 'stopped web-3' }, ctx).state;
  const end = bulk.result(state, { kind: 'set-ended', halted: false }, ctx);
  assert.equal(end.close, undefined, 'stays open to show the refusal');
  assert.deepEqual(end.unmark, ['k1', 'k3']);
  const lines = viewText(end.state);
  assert.ok(lines.includes('✓ web-1: stopped'));
  assert.ok(lines.includes('✗ web-2: No such container: 222'), 'the engine’s words in the row’s place');
  assert.ok(lines.includes('2 of 3 stopped · 1 refused (in the engine’s words above)'));
  assert.equal(bulk.key(end.state, key('cancel'), ctx).close, true);
});

test('all done: the dialog closes with one notice and every row is unmarked', () => {
  let state = run(open('start')).state;
  for (const index of [0, 1, 2]) state = bulk.result(state, { kind: 'set-item', index, ok: true, message: 'started' }, ctx).state;
  const end = bulk.result(state, { kind: 'set-ended', halted: false }, ctx);
  assert.equal(end.close, true);
  assert.deepEqual(end.notify, { text: 'started 3 containers' });
  assert.deepEqual(end.unmark, ['k1', 'k2', 'k3']);
});

test('Esc while it runs halts (no new requests), and the end says which were done and which not tried', () => {
  let state = run(open()).state;
  state = bulk.result(state, { kind: 'set-item', index: 0, ok: true, message: 'stopped web-1' }, ctx).state;
  const halting = bulk.key(state, key('cancel'), ctx);
  assert.equal(halting.close, undefined, 'the first Esc does not close');
  assert.deepEqual(halting.commands, [{ type: 'set-halt', overlay: 7 }]);
  assert.equal(halting.state.phase, 'halting');
  const end = bulk.result(halting.state, { kind: 'set-ended', halted: true }, ctx);
  assert.deepEqual(end.unmark, ['k1']);
  const lines = viewText(end.state);
  assert.ok(lines.includes('1 of 3 stopped · 2 not tried (halted)'));
  assert.ok(lines.includes('· web-2: not tried'));
});

test('the set runner: every row tried despite a refusal, a halt issues nothing new, stopOnFailure ends at the first refusal', async () => {
  const asked: number[] = [];
  const act = async (n: number) => {
    asked.push(n);
    if (n === 2) throw new Error('refused');
    return `did ${n}`;
  };
  const all = await actOnEach([1, 2, 3], act);
  assert.deepEqual(all.outcomes, [{ ok: true, message: 'did 1' }, { ok: false, message: 'refused' }, { ok: true, message: 'did 3' }]);
  assert.equal(all.halted, false);

  asked.length = 0;
  const halt = new AbortController();
  const halted = await actOnEach([1, 3, 4], act, { halt: halt.signal, onResult: (i) => i === 0 && halt.abort() });
  assert.deepEqual(asked, [1], 'nothing issued after the halt');
  assert.deepEqual(halted, { outcomes: [{ ok: true, message: 'did 1' }, undefined, undefined], halted: true });

  asked.length = 0;
  const first = await actOnEach([1, 2, 3], act, { stopOnFailure: true });
  assert.deepEqual(asked, [1, 2]);
  assert.equal(first.outcomes[2], undefined);
});

/** A request that ends when the test says so. */
function deferred() {
  let settle: (error?: Error) => void = () => undefined;
  const promise = new Promise<string>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve('done'));
  });
  return { promise, settle };
}

test('the set runner with concurrency: that many requests out at once, each answer under its own index as it comes, a halt issues nothing new', async () => {
  const pending = new Map<number, ReturnType<typeof deferred>>();
  const started: number[] = [];
  const reported: number[] = [];
  const act = (n: number) => {
    const d = deferred();
    pending.set(n, d);
    return d.promise;
  };
  const halt = new AbortController();
  const running = actOnEach([0, 1, 2, 3, 4], act, { concurrency: 3, halt: halt.signal, onStart: (i) => started.push(i), onResult: (i) => reported.push(i) });
  assert.deepEqual(started, [0, 1, 2], 'three issued before any answer');
  // The third answers first: its row has its result, and the next item takes its place.
  pending.get(2)?.settle();
  await new Promise(setImmediate);
  assert.deepEqual(reported, [2]);
  assert.deepEqual(started, [0, 1, 2, 3]);
  pending.get(0)?.settle(new Error('No such container'));
  await new Promise(setImmediate);
  assert.deepEqual(started, [0, 1, 2, 3, 4], 'a refusal does not end the set');
  halt.abort();
  for (const n of [1, 3, 4]) pending.get(n)?.settle();
  const result = await running;
  assert.deepEqual(reported, [2, 0, 1, 3, 4]);
  assert.deepEqual(result.outcomes, [{ ok: false, message: 'No such container' }, { ok: true, message: 'done' }, { ok: true, message: 'done' }, { ok: true, message: 'done' }, { ok: true, message: 'done' }], 'outcomes in the items’ order');
  assert.equal(result.halted, false, 'everything had been issued before the halt');

  const halt2 = new AbortController();
  const started2: number[] = [];
  pending.clear();
  const second = actOnEach([0, 1, 2, 3, 4], act, { concurrency: 2, halt: halt2.signal, onStart: (i) => started2.push(i) });
  halt2.abort();
  for (const n of [0, 1]) pending.get(n)?.settle();
  const halted = await second;
  assert.deepEqual(started2, [0, 1], 'nothing issued after the halt; the two under way finished');
  assert.deepEqual(halted.outcomes.slice(2), [undefined, undefined, undefined]);
  assert.equal(halted.halted, true);
});

test('a bulk stop under way: the rows out at once say so, and the dialog says what each waits for (the grace before SIGKILL)', () => {
  let state = run(bulk.key(open(), key(undefined, '2'), ctx).state).state;
  for (const index of [0, 1, 2]) state = bulk.result(state, { kind: 'set-started', index }, ctx).state;
  state = bulk.result(state, { kind: 'set-item', index: 1, ok: true, message: 'stopped web-2' }, ctx).state;
  const lines = viewText(state);
  assert.ok(lines.includes('… web-1: stopping'));
  assert.ok(lines.includes('✓ web-2: stopped'));
  assert.ok(lines.includes('… web-3: stopping'));
  assert.ok(lines.includes('each stop: SIGTERM (or its own stop signal), up to 2 s before SIGKILL'), lines.join('\n'));
  const blocks = bulk.view(state, { overlay: 7, width: 100, height: 30, engine: ctx.engine, pulls: { pulls: [] } as never, keymap: defaultKeymap, output: () => [], outputLength: 0 }).blocks;
  assert.deepEqual(
    blocks.flatMap((b) => (b.kind === 'busy' ? [b.text] : [])),
    ['stopping (2 at once): 1 of 3 done…'],
  );
  // The default grace: said as the engine applies it.
  let plain = run(open()).state;
  plain = bulk.result(plain, { kind: 'set-started', index: 0 }, ctx).state;
  assert.ok(viewText(plain).includes('each stop: SIGTERM (or its own stop signal), up to 10 s before SIGKILL unless it sets its own grace'));
});

test('marked images pushed: one command for all, no field to fill, and the end notice says they were queued', () => {
  const images: BulkRequest = { type: 'bulk', verb: 'push', noun: 'image', entries: [1, 2].map((n) => ({ key: `i${n}`, item: { kind: 'image' as const, id: `sha${n}`, name: `reg/app:${n}`, tag: `reg/app:${n}` }, label: `reg/app:${n}` })) };
  const asked = bulk.open(images, ctx).state;
  assert.deepEqual(bulk.contexts(asked), ['dialog'], 'nothing to type: Enter pushes');
  const out = bulk.key(asked, key('submit'), ctx);
  assert.deepEqual(out.commands, [{ type: 'set-act', overlay: 7, verb: 'push', items: images.entries.map((e) => e.item), options: {} }]);
  let state = out.state;
  for (const index of [0, 1]) state = bulk.result(state, { kind: 'set-item', index, ok: true, message: 'queued' }, ctx).state;
  const end = bulk.result(state, { kind: 'set-ended', halted: false }, ctx);
  assert.deepEqual(end.notify, { text: 'queued to push 2 images' });
});
