import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { renderDialog } from '../../support/dialog-harness.tsx';
import { FakePullClient } from '../../support/fake-pulls.ts';
import { keys, renderApp } from '../../support/ui-harness.tsx';

const PASSWORD = 'hunter2-Xq9';

const cleanups: Array<() => Promise<void> | void> = [];
after(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** The pull dialog in the whole app, over a fake pull engine. */
async function dialog(fake = new FakePullClient(), reference?: string) {
  const ui = renderDialog({ type: 'pull', reference }, { pullClient: fake, size: { columns: 100, rows: 30 } });
  cleanups.push(() => ui.close());
  await ui.waitFor(/Pull an image/);
  const open = () => ui.app.getState().overlays.some((o) => o.kind === 'dialog');
  return {
    fake,
    pulls: ui.pulls,
    app: ui.app,
    /** Whether the dialog is still open. */
    open,
    started: () => ui.pulls.store.getState().pulls,
    frame: ui.frame,
    frames: ui.frames,
    waitFor: ui.waitFor,
    /** Types `text` a character a read, as a person does. */
    type: (text: string) => ui.press(...text),
    press: ui.press,
  };
}

test('a bad reference is refused with the reason, and what was typed stays', async () => {
  const ui = await dialog();
  await ui.type('MyUser/app');
  await ui.press(keys.enter);
  assert.match(ui.frame(), /repository name must be lowercase/);
  assert.match(ui.frame(), /MyUser\/app/);
  assert.equal(ui.started().length, 0);
  assert.ok(ui.open());
  // Fixing it clears the message as it is typed.
  await ui.press('\u0015'); // Ctrl-U
  await ui.type('myuser/app');
  assert.doesNotMatch(ui.frame(), /must be lowercase/);
  assert.match(ui.frame(), /pulls docker\.io\/myuser\/app:latest +\(no tag given: latest\)/);
});

test('the dialog says where the credentials will come from', async () => {
  const ui = await dialog(new FakePullClient({ source: 'credential-helper', description: 'from docker-credential-pass' }));
  assert.match(ui.frame(), /credentials: found for the image’s registry once it is typed/);
  await ui.type('ghcr.io/org/app:1');
  // The lookup starts once typing pauses (a timer of the dialog's own): its answer is the frame to wait for.
  await ui.waitFor(/credentials: from docker-credential-pass/);
  assert.deepEqual(ui.fake.lookups.at(-1), 'ghcr.io/org/app:1');
  const anonymous = await dialog(new FakePullClient({ source: 'anonymous', description: 'anonymous' }), 'alpine');
  await anonymous.waitFor(/credentials: anonymous/);
  assert.deepEqual(anonymous.fake.lookups, ['alpine']);
});

test('typed credentials: the password is masked in every frame, handed to the pull, and gone from the store', async () => {
  const ui = await dialog();
  await ui.type('registry.example.com:5000/team/app');
  await ui.press(keys.tab);
  await ui.type('me');
  await ui.press(keys.tab);
  await ui.type(PASSWORD);
  assert.match(ui.frame(), /credentials: typed here \(user me\)/);
  assert.match(ui.frame(), new RegExp(`password +${'•'.repeat(PASSWORD.length)}`));
  assert.ok(JSON.stringify(ui.app.getState()).includes(PASSWORD), 'until Enter, the dialog holds what was typed');
  await ui.press(keys.enter);
  assert.equal(ui.started().length, 1);
  assert.ok(!JSON.stringify(ui.app.getState()).includes(PASSWORD), 'the store no longer holds the password');
  // Open until the registry has taken the credentials: the first message of the pull says so.
  assert.ok(ui.open(), 'the dialog waits for the registry');
  assert.match(ui.frame(), /waiting for the registry to take the credentials/);
  await ui.fake.started(1);
  ui.fake.last().send({ status: 'Pulling from team/app', id: '1' });
  await ui.waitFor(/x cancel +d dismiss/); // the Pulls pane has the focus
  assert.ok(!ui.open(), 'the pull started and the dialog closed');
  assert.deepEqual(ui.fake.last().options.auth, { username: 'me', password: PASSWORD, serveraddress: 'registry.example.com:5000' });
  assert.equal(ui.fake.last().fromImage, 'registry.example.com:5000/team/app');
  for (const frame of ui.frames) assert.ok(!frame.includes(PASSWORD) && !frame.includes('hunter2'), 'the password never appears');
});

test('credentials the registry refuses: the dialog keeps the image and username, empties the password, and tries again', async () => {
  const ui = await dialog();
  await ui.type('registry.example.com:5000/team/app');
  await ui.press(keys.tab);
  await ui.type('me');
  await ui.press(keys.tab);
  await ui.type('wrong-pass');
  await ui.press(keys.enter);
  await ui.fake.started(1);
  ui.fake.last().fail('unauthorized: authentication required');
  const refused = await ui.waitFor(/the registry refused these credentials/);
  assert.ok(ui.open());
  assert.match(refused, /✗ unauthorized: authentication required/);
  assert.match(refused, /image +registry\.example\.com:5000\/team\/app/);
  assert.match(refused, /username +me/);
  assert.match(refused, /› password\s*│/, 'the password field, empty, has the cursor');
  assert.ok(!refused.includes('•'));
  await ui.type(PASSWORD);
  await ui.press(keys.enter);
  await ui.fake.started(2);
  assert.deepEqual(ui.fake.last().options.auth, { username: 'me', password: PASSWORD, serveraddress: 'registry.example.com:5000' });
  ui.fake.last().send({ status: 'Pulling from team/app', id: 'latest' });
  await ui.waitFor(/x cancel +d dismiss/);
  assert.ok(!ui.open());
  for (const frame of ui.frames) assert.ok(!frame.includes('wrong-pass') && !frame.includes(PASSWORD));
});

test('a username without a password (or the reverse) is asked about, not sent', async () => {
  const ui = await dialog();
  await ui.type('alpine');
  await ui.press(keys.tab);
  await ui.type('me');
  await ui.press(keys.enter);
  assert.match(ui.frame(), /enter the password too/);
  assert.equal(ui.started().length, 0);
  await ui.press(keys.escape);
  assert.ok(!ui.open());
});

test('through the app: p, an image, Enter → the Pulls pane with the new block focused; the same image again focuses it', async () => {
  const fake = new FakePullClient();
  const ui = renderApp({ pullClient: fake, size: { columns: 100, rows: 30 } });
  cleanups.push(() => ui.close());
  await ui.settle();
  await ui.press('p');
  await ui.waitFor(/Pull an image/); // the dialog module loads lazily
  await ui.press(...'busybox');
  await ui.press(keys.enter);
  await fake.started(1);
  fake.last().send({ status: 'Pulling from library/busybox', id: 'latest' });
  const frame = await ui.waitFor(/x cancel +d dismiss/);
  assert.doesNotMatch(frame, /Pull an image/);
  assert.match(frame, /x cancel +d dismiss/, 'the Pulls pane has the focus');
  assert.match(frame, /› [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] busybox +pulling/);
  assert.match(frame, /Using default tag: latest/);
  assert.equal(fake.pulls.length, 1);
  assert.equal(fake.last().fromImage, 'docker.io/library/busybox');

  ui.pulls.start({ reference: 'alpine' });
  await fake.started(2);
  // A start is published at once: alpine is drawn, above busybox, without taking the selection.
  const both = await ui.waitFor(/alpine/);
  assert.match(both, /› [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] busybox/, 'the selection stays on busybox');
  await ui.press('p');
  await ui.waitFor(/Pull an image/);
  await ui.press(...'docker.io/library/busybox:latest');
  await ui.press(keys.enter);
  assert.doesNotMatch(ui.frame(), /Pull an image/, 'the dialog closed');
  // A new pull would be in the manager's store at once (it is published on start) and reach the
  // engine after its credential lookup: neither happened.
  assert.equal(ui.pulls.store.getState().pulls.length, 2, 'no second pull of the same image');
  await ui.settle();
  assert.equal(fake.pulls.length, 2, 'no second pull of the same image');
  assert.match(ui.frame(), /› [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] busybox/);
});
