import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import type { DialogRequest } from '../../../src/app/commands.ts';
import { field } from '../../../src/app/input/field.ts';
import type { DialogBlock, DialogView } from '../../../src/app/dialogs/view.ts';
import { fitDialog, titleLine } from '../../../src/ui/dialogs/dialog-fit.ts';
import { renderDialog } from '../../support/dialog-harness.tsx';
import { keys } from '../../support/ui-harness.tsx';

const open: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const ui of open) await ui.close();
});

/** The lines a fitted dialog takes: its frame and title, its rows, the error and hint lines, the blank lines between. */
function drawnHeight(fitted: ReturnType<typeof fitDialog>): number {
  const body = fitted.blocks.reduce((n, { block }) => n + (block.kind === 'output' ? block.height : block.kind === 'table' ? 2 * Math.max(block.rows.length, 1) + 3 : 1), 0);
  const spacing = fitted.spaced ? (fitted.errorLines.length > 0 ? 1 : 0) + (fitted.hintLines.length > 0 ? 1 : 0) : 0;
  return 3 + body + fitted.errorLines.length + fitted.hintLines.length + spacing;
}

function form(count: number, focus: number, extra: Partial<DialogView> = {}): DialogView {
  const blocks: DialogBlock[] = Array.from({ length: count }, (_, i) =>
    i % 3 === 2 ? { kind: 'toggle', label: `row${i}`, on: false, focused: i === focus } : { kind: 'field', label: `row${i}`, field: field(''), focused: i === focus, ...(i % 4 === 1 && { message: `row${i} is wrong in a way that takes a few words to say, enough to wrap` }) },
  );
  return { title: 'A form', width: 'form', blocks: [{ kind: 'text', text: 'What this dialog is about, in a sentence long enough to wrap onto a second line at seventy-two.' }, ...blocks], hints: [], ...extra };
}
const HINT = 'Enter run · Tab/↓/Shift-Tab/↑ field · Space toggles · Ctrl-Y copies the line · Esc cancel';

describe('fitting a dialog to its rows', () => {
  test('never taller than the rows it has, from 5 up; the focused row always drawn', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(), fc.integer({ min: 5, max: 40 }), fc.boolean(), (count, at, rows, failed) => {
        const focus = at % count;
        const view = form(count, focus, failed ? { error: 'the engine says no, and at some length, so that its words take two lines of the box' } : {});
        const fitted = fitDialog(view, HINT, 72, rows);
        assert.ok(drawnHeight(fitted) <= rows, `${drawnHeight(fitted)} lines in ${rows}`);
        assert.ok(
          fitted.blocks.some(({ block }) => (block.kind === 'field' || block.kind === 'toggle') && block.focused),
          'the focused row is drawn',
        );
        assert.ok(fitted.hintLines.length > 0 || failed, 'a hint line, unless an error took it');
        if (fitted.above === 0 && fitted.below === 0) assert.equal(fitted.blocks.filter(({ block }) => block.kind === 'field' || block.kind === 'toggle').length, count, 'nothing left out: every row');
      }),
    );
  });

  test('everything fits: all of it, spaced; short of room: a window around the focus and what it leaves out', () => {
    const roomy = fitDialog(form(4, 0), HINT, 72, 40);
    assert.deepEqual([roomy.above, roomy.below, roomy.spaced], [0, 0, true]);
    const tight = fitDialog(form(20, 10), HINT, 72, 9);
    assert.equal(tight.spaced, false);
    assert.ok(tight.above > 0 && tight.below > 0);
    assert.equal(drawnHeight(tight), 9);
    // The rows after the focus come first (Tab goes there next).
    const labels = tight.blocks.flatMap(({ block }) => (block.kind === 'field' || block.kind === 'toggle' ? [block.label] : []));
    assert.ok(labels.indexOf('row10') < labels.length - 1, `rows after the focus: ${labels.join(' ')}`);
  });

  test('hints cut from the middle keep the first and the way out', () => {
    const fitted = fitDialog(form(20, 0), HINT, 72, 5);
    assert.deepEqual(fitted.hintLines, ['Enter run · Tab/↓/Shift-Tab/↑ field · Space toggles · … · Esc cancel']);
  });

  test('a field’s validation message is drawn under it, wrapped past the label', () => {
    const fitted = fitDialog(form(3, 1), HINT, 40, 40);
    const lines = fitted.blocks.flatMap(({ block }) => (block.kind === 'text' && block.tone === 'error' ? [block.text] : []));
    assert.ok(lines.length >= 2, lines.join('\n'));
    assert.match(lines[0] ?? '', /^ {12}! row1 is wrong/);
    assert.match(lines[1] ?? '', /^ {14}\S/);
    for (const line of lines) assert.ok(line.length <= 40, line);
  });

  test('the title says what lies above and below, shorter when the title needs the room', () => {
    assert.equal(titleLine('Run a container', 0, 0, 30), 'Run a container');
    assert.equal(titleLine('Run a container', 2, 15, 50), `Run a container${' '.repeat(15)}↑ 2 more · ↓ 15 more`);
    const narrow = titleLine('Commit a-container-with-a-long-name (0123456789ab)', 2, 15, 30);
    assert.ok(narrow.endsWith('↑2 ↓15') && narrow.length === 30, narrow);
  });
});

/** The dialog box's lines, and that it is whole: its top and bottom border, and sides on every line between. */
function box(frame: string): string[] {
  const lines = frame.split('\n');
  const top = lines.findIndex((l) => l.startsWith('╭'));
  const bottom = lines.findIndex((l) => l.startsWith('╰'));
  assert.ok(top >= 0 && bottom > top, `a whole box:\n${frame}`);
  const inside = lines.slice(top + 1, bottom);
  for (const line of inside) assert.match(line, /^│.*│$/, `a line of the box:\n${frame}`);
  return inside;
}

describe('dialogs on a short terminal', () => {
  const cases: Array<{ request: DialogRequest; rows: number[]; tabs: number }> = [
    { request: { type: 'run' }, rows: [10, 14], tabs: 22 },
    { request: { type: 'pull' }, rows: [10], tabs: 3 },
    { request: { type: 'commit', containerId: 'c'.repeat(64), label: 'web (cccccccccccc)' }, rows: [10], tabs: 4 },
    { request: { type: 'copy-out', containerId: 'c'.repeat(64), name: 'web' }, rows: [10], tabs: 2 },
  ];
  for (const { request, rows, tabs } of cases) {
    for (const height of rows) {
      test(`${request.type} at 80×${height}: the box fits and Tab always lands on a row in view`, async () => {
        const ui = renderDialog(request, { size: { columns: 80, rows: height } });
        open.push(ui);
        await ui.waitFor(/Esc cancel/);
        const seen = new Set<string>();
        for (let i = 0; i < tabs; i++) {
          const frame = ui.frame();
          assert.equal(frame.split('\n').length, height - 1, `the screen is as tall as it was:\n${frame}`);
          const focused = box(frame).filter((l) => /^│ › /.test(l));
          assert.equal(focused.length, 1, `one focused row in view:\n${frame}`);
          seen.add((/^│ › (\S+(?: -\w)?)/.exec(focused[0] ?? '') ?? [])[1] ?? '');
          await ui.press(keys.tab);
        }
        assert.equal(seen.size, tabs, `every row was focused in view once: ${[...seen].join(', ')}`);
      });
    }
  }
});
