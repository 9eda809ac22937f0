import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { FakePullClient } from '../../support/fake-pulls.ts';
import { fixtureMessages } from '../../support/pull-fixtures.ts';
import { keys, renderApp } from '../../support/ui-harness.tsx';

const open: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const app of open) await app.close();
});

function app(fake: FakePullClient, rows = 40) {
  const instance = renderApp({ pullClient: fake, size: { columns: 100, rows } });
  open.push(instance);
  return instance;
}

const titleOf = (frame: string, text: string) => frame.split('\n').find((l) => l.includes(text) && /pulling|pulled|failed|cancelled/.test(l)) ?? '';

test('the pane shows each pull as it progresses, newest first', async () => {
  const fake = new FakePullClient();
  const ui = app(fake);
  await ui.press('3');
  assert.match(ui.frame(), /no transfers yet/);
  ui.pulls.start({ reference: '127.0.0.1:41631/berth/layers' });
  // Messages sent at once are all folded before the throttle publishes them: the first frame
  // that shows any of them shows all.
  (await fake.started(1)).send(...fixtureMessages('fresh').slice(0, 16));
  let frame = await ui.waitFor(/0fb294f52e20 Extracting/);
  assert.match(frame, /Using default tag: latest/);
  assert.match(frame, /latest: Pulling from berth\/layers/);
  assert.match(frame, /\d\/5 layers done/);
  ui.pulls.start({ reference: 'alpine:3' });
  // A start is published at once.
  frame = await ui.waitFor('alpine:3');
  assert.ok(frame.indexOf('alpine:3') < frame.indexOf('berth/layers'), 'newest first');
  fake.pulls[0]!.send(...fixtureMessages('fresh').slice(16));
  fake.pulls[0]!.finish();
  // The end is published at once, with every message before it.
  frame = await ui.waitFor((f) => /✓ .* pulled/.test(titleOf(f, 'berth/layers')));
  assert.match(frame, /Status: Downloaded newer image/);
});

test('j/k select a block; x cancels the selected pull; d dismisses a finished one', async () => {
  const fake = new FakePullClient();
  const ui = app(fake);
  await ui.press('3');
  ui.pulls.start({ reference: 'busybox' });
  ui.pulls.start({ reference: 'alpine' });
  // Both at the engine, so that cancelling one aborts its request.
  await fake.started(2);
  assert.match(titleOf(ui.frame(), 'alpine'), /^›/, 'the newest is selected');
  await ui.press('j');
  assert.match(titleOf(ui.frame(), 'busybox'), /^›/);
  assert.doesNotMatch(titleOf(ui.frame(), 'alpine'), /^›/);

  await ui.press('d');
  assert.match(titleOf(ui.frame(), 'busybox'), /pulling/, 'a running pull is not dismissed');
  assert.match(ui.frame(), /busybox is still running \(x cancels it\)/, 'and d says why');
  await ui.press('x');
  assert.match(titleOf(ui.frame(), 'busybox'), /– busybox +cancelled/);
  assert.equal(fake.pulls.find((p) => p.fromImage.endsWith('/busybox'))?.aborted(), true, 'the request was aborted');
  assert.match(titleOf(ui.frame(), 'alpine'), /pulling/, 'the other pull runs on');

  await ui.press('d');
  assert.equal(titleOf(ui.frame(), 'busybox'), '', 'its block is gone');
  assert.match(titleOf(ui.frame(), 'alpine'), /^›/, 'the selection moves to the block that remains');
  await ui.press('k', keys.escape);
  assert.match(titleOf(ui.frame(), 'alpine'), /cancelled/, 'Esc cancels the focused block too');
});

test('a failed pull ends in red with the engine message and stays until dismissed', async () => {
  const fake = new FakePullClient();
  const ui = app(fake);
  await ui.press('3');
  ui.pulls.start({ reference: '127.0.0.1:41631/berth/layers:no-such-tag' });
  (await fake.started(1)).fail('manifest for 127.0.0.1:41631/berth/layers:no-such-tag not found: manifest unknown: manifest unknown');
  // An ending is published at once.
  const frame = await ui.waitFor(/✗ manifest for 127\.0\.0\.1:41631\/berth\/layers:no-such-tag not found/);
  assert.match(titleOf(frame, 'no-such-tag'), /failed/);
  await ui.press('d');
  assert.match(ui.frame(), /no transfers yet/);
});

test('more pulls than fit: the selected one stays in view and a line says where you are', async () => {
  const fake = new FakePullClient();
  const ui = app(fake, 16);
  await ui.press('3');
  for (const name of ['one', 'two', 'three', 'four']) ui.pulls.start({ reference: name });
  await fake.started(4);
  for (const pull of fake.pulls) pull.send(...fixtureMessages('fresh').slice(0, 10));
  // Folded together, published together: the frame that shows the progress of one shows all four's.
  const shown = await ui.waitFor(/Downloading/);
  assert.match(shown, /transfer 1 of 4/);
  await ui.press('G');
  const frame = ui.frame();
  assert.match(titleOf(frame, 'one'), /^›/);
  assert.match(frame, /transfer 4 of 4/);
  for (const line of frame.split('\n')) assert.ok(line.length <= 100);
});
