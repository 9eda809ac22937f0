/**
 * The command palette drawn: `:` and a query show the entries it finds, best first, each with
 * its key and what it does, at 80 columns; nothing found says so.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { container, renderApp } from '../../support/ui-harness.tsx';

const open: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const ui of open) await ui.close();
});

test(': then prn draws prune first with its key; a query nothing matches says so', async () => {
  const ui = renderApp({ size: { columns: 80, rows: 24 }, containers: [container('a1', 'web-1')] });
  open.push(ui);
  await ui.waitFor(/web-1/);
  await ui.press(':', 'p', 'r', 'n');
  const frame = await ui.waitFor(/^:prn/m);
  const rows = frame.split('\n').filter((line) => line.startsWith('›') || line.startsWith('  '));
  assert.match(frame, /› X\s+prune\s+prune: shows what would go/);
  assert.ok(rows.every((line) => line.length <= 80), 'each row fits the width');
  await ui.press('z', 'z', 'z', 'q');
  await ui.waitFor(/nothing is called "prnzzzq" here/);
});
