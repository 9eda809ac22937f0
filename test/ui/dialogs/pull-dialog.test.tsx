import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { render } from 'ink-testing-library';
import { EngineClient } from '../../../src/engine/client.ts';
import { EngineSync } from '../../../src/state/engine-sync.ts';
import { initialEngineState, type EngineState } from '../../../src/state/engine-state.ts';
import { PullManager } from '../../../src/state/pulls/pull-manager.ts';
import { Store } from '../../../src/state/store.ts';
import { PullDialog } from '../../../src/ui/dialogs/pull-dialog.tsx';
import { KeyRouter, KeyRouterProvider } from '../../../src/ui/keys/key-router.tsx';
import { initialNavigation } from '../../../src/ui/navigation.ts';
import { ServicesContext } from '../../../src/ui/services.tsx';
import { FakePullClient } from '../../support/fake-pulls.ts';
import { keys, renderApp } from '../../support/ui-harness.tsx';

const PASSWORD = 'hunter2-Xq9';

async function waitFor(frame: () => string, pattern: RegExp, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!pattern.test(frame())) {
    if (Date.now() > until) assert.fail(`timed out waiting for ${pattern}; frame:\n${frame()}`);
    await delay(10);
  }
}
const cleanups: Array<() => Promise<void> | void> = [];
after(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** The dialog alone, in the real providers, over a fake pull engine. */
function dialog(fake = new FakePullClient(), reference?: string) {
  const client = new EngineClient({ host: 'unix:///nonexistent/berth-test.sock', env: {} });
  const engineStore = new Store<EngineState>(initialEngineState('test'));
  const sync = new EngineSync(client, engineStore, { intervalMs: 60_000 });
  const pulls = new PullManager({ client: fake });
  const closed: number[] = [];
  const started: string[] = [];
  const instance = render(
    <ServicesContext.Provider value={{ client, engineStore, sync, pulls }}>
      <KeyRouterProvider router={new KeyRouter()}>
        <PullDialog width={90} height={20} reference={reference} onClose={() => closed.push(1)} onStarted={(id) => started.push(id)} />
      </KeyRouterProvider>
    </ServicesContext.Provider>,
  );
  cleanups.push(async () => {
    instance.unmount();
    pulls.stop();
    await client.close();
  });
  return {
    fake,
    pulls,
    closed,
    started,
    frame: () => instance.lastFrame() ?? '',
    frames: instance.frames,
    async type(text: string) {
      for (const ch of text) {
        instance.stdin.write(ch);
        await delay(5);
      }
      await delay(30);
    },
    async press(...sequence: string[]) {
      for (const key of sequence) {
        instance.stdin.write(key);
        await delay(15);
      }
      await delay(30);
    },
  };
}

test('a bad reference is refused with the reason, and what was typed stays', async () => {
  const ui = dialog();
  await ui.type('MyUser/app');
  await ui.press(keys.enter);
  assert.match(ui.frame(), /repository name must be lowercase/);
  assert.match(ui.frame(), /MyUser\/app/);
  assert.equal(ui.started.length, 0);
  assert.equal(ui.pulls.store.getState().pulls.length, 0);
  // Fixing it clears the message as it is typed.
  await ui.press('\u0015'); // Ctrl-U
  await ui.type('myuser/app');
  assert.doesNotMatch(ui.frame(), /must be lowercase/);
  assert.match(ui.frame(), /pulls docker\.io\/myuser\/app:latest +\(no tag given: latest\)/);
});

test('the dialog says where the credentials will come from', async () => {
  const ui = dialog(new FakePullClient({ source: 'credential-helper', description: 'from docker-credential-pass' }));
  assert.match(ui.frame(), /credentials: found for the image’s registry once it is typed/);
  await ui.type('ghcr.io/org/app:1');
  await delay(250);
  assert.match(ui.frame(), /credentials: from docker-credential-pass/);
  assert.deepEqual(ui.fake.lookups.at(-1), 'ghcr.io/org/app:1');
  const anonymous = dialog(new FakePullClient({ source: 'anonymous', description: 'anonymous' }), 'alpine');
  await delay(250);
  assert.match(anonymous.frame(), /credentials: anonymous/);
});

test('typed credentials: the password is masked in every frame and handed to the pull', async () => {
  const ui = dialog();
  await ui.type('registry.example.com:5000/team/app');
  await ui.press(keys.tab);
  await ui.type('me');
  await ui.press(keys.tab);
  await ui.type(PASSWORD);
  assert.match(ui.frame(), /credentials: typed here \(user me\)/);
  assert.match(ui.frame(), new RegExp(`password +${'•'.repeat(PASSWORD.length)}`));
  await ui.press(keys.enter);
  assert.equal(ui.started.length, 1);
  assert.equal(ui.closed.length, 0, 'the host closes the dialog on onStarted');
  await delay(50);
  assert.deepEqual(ui.fake.last().options.auth, { username: 'me', password: PASSWORD, serveraddress: 'registry.example.com:5000' });
  assert.equal(ui.fake.last().fromImage, 'registry.example.com:5000/team/app');
  for (const frame of ui.frames) assert.ok(!frame.includes(PASSWORD) && !frame.includes('hunter2'), 'the password never appears');
});

test('a username without a password (or the reverse) is asked about, not sent', async () => {
  const ui = dialog();
  await ui.type('alpine');
  await ui.press(keys.tab);
  await ui.type('me');
  await ui.press(keys.enter);
  assert.match(ui.frame(), /enter the password too/);
  assert.equal(ui.started.length, 0);
  await ui.press(keys.escape);
  assert.equal(ui.closed.length, 1);
});

test('through the app: p, an image, Enter → the Pulls pane with the new block focused; the same image again focuses it', async () => {
  const fake = new FakePullClient();
  const ui = renderApp({ pullClient: fake, size: { columns: 100, rows: 30 }, initial: { ...initialNavigation(), overlays: [] } });
  cleanups.push(() => ui.close());
  await ui.settle();
  await ui.press('p');
  await waitFor(ui.frame, /Pull an image/); // the dialog module loads lazily
  for (const ch of 'busybox') await ui.press(ch);
  await ui.press(keys.enter);
  await delay(150);
  const frame = ui.frame();
  assert.doesNotMatch(frame, /Pull an image/);
  assert.match(frame, /x cancel +d dismiss/, 'the Pulls pane has the focus');
  assert.match(frame, /› [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] busybox +pulling/);
  assert.match(frame, /Using default tag: latest/);
  assert.equal(fake.pulls.length, 1);
  assert.equal(fake.last().fromImage, 'docker.io/library/busybox');

  ui.pulls.start({ reference: 'alpine' });
  await delay(120);
  assert.match(ui.frame(), /› [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] busybox/, 'the selection stays on busybox');
  await ui.press('p');
  await waitFor(ui.frame, /Pull an image/);
  for (const ch of 'docker.io/library/busybox:latest') await ui.press(ch);
  await ui.press(keys.enter);
  await delay(150);
  assert.equal(fake.pulls.length, 2, 'no second pull of the same image');
  assert.match(ui.frame(), /› [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] busybox/);
});
