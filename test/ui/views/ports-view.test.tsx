/**
 * The ports and forwards views drawn: each port with where it is published or that it is not,
 * the link a browser could not open as an OSC 8 hyperlink, and engine text sanitised (a hostile
 * name or address draws no escape of its own, and none gets inside the link).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { initialAppState, type AppState } from '../../../src/app/types.ts';
import { container, renderApp } from '../../support/ui-harness.tsx';

const open: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const ui of open) await ui.close();
});

const size = { columns: 120, rows: 24 };

test('the ports view: published and exposed rows, the link as OSC 8, engine text sanitised', async () => {
  const initial: AppState = {
    ...initialAppState(size, 'containers'),
    serial: 1,
    overlays: [
      {
        kind: 'ports',
        id: 1,
        containerId: 'a1',
        name: 'web\u001b[31m-1',
        selected: 1,
        ports: [
          { port: 80, proto: 'tcp', published: [{ hostIp: '0.0.0.0\u001b]0;owned\u0007', hostPort: 8080 }], hostNetwork: false },
          { port: 5432, proto: 'tcp', published: [], hostNetwork: false },
        ],
        link: 'http://box:8080/\u001b[2J',
      },
    ],
  };
  const ui = renderApp({ size, containers: [container('a1', 'web-1')], initial });
  open.push(ui);
  const frame = await ui.waitFor(/ports of web/);
  assert.match(frame, /80\/tcp\s+published on 0\.0\.0\.0.*:8080/);
  assert.match(frame, /› 5432\/tcp\s+exposed, not published/);
  assert.ok(frame.includes('\u001b]8;;http://box:8080/'), 'the link is an OSC 8 hyperlink');
  assert.ok(!frame.includes('\u001b[31m') && !frame.includes('\u001b[2J') && !frame.includes(']0;owned'), 'no escape from the engine reaches the terminal');
});

test('the forwards view (B) with none yet says how to make one', async () => {
  const ui = renderApp({ size, containers: [container('a1', 'web-1')] });
  open.push(ui);
  await ui.waitFor(/web-1/);
  await ui.press('B');
  await ui.waitFor(/no forwards: b on a container lists its ports/);
});
