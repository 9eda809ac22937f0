import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { layoutColumns } from '../../../src/app/format/columns.ts';
import type { ColumnSpec, ColumnWidth } from '../../../src/app/format/columns.ts';

// describe/it return promises that the node:test runner tracks itself; `void` says so to the linter.

type ContainerKey = 'id' | 'name' | 'image' | 'state' | 'status' | 'created' | 'ports';

// Shaped like the containers pane: the ID is fixed at 12, text columns grow, and what to give up first
// (ports, then created, then image) is encoded in `priority`.
const CONTAINERS: Array<ColumnSpec<ContainerKey>> = [
  { key: 'id', min: 12, max: 12, priority: 3 },
  { key: 'name', min: 12, max: 40, grow: 2, priority: 0 },
  { key: 'image', min: 12, max: 40, grow: 2, priority: 4 },
  { key: 'state', min: 10, priority: 1 },
  { key: 'status', min: 12, max: 28, grow: 1, priority: 2 },
  { key: 'created', min: 14, max: 22, grow: 1, priority: 5 },
  { key: 'ports', min: 16, max: 60, grow: 2, priority: 6 },
];

function span(layout: ReadonlyArray<ColumnWidth<string>>, gap = 1): number {
  return layout.reduce((sum, c) => sum + c.width, 0) + gap * Math.max(0, layout.length - 1);
}

void describe('layoutColumns: containers pane', () => {
  const cases: Array<[number, ContainerKey[]]> = [
    [200, ['id', 'name', 'image', 'state', 'status', 'created', 'ports']],
    [120, ['id', 'name', 'image', 'state', 'status', 'created', 'ports']],
    [80, ['id', 'name', 'image', 'state', 'status', 'created']],
    [60, ['id', 'name', 'state', 'status']],
    [40, ['name', 'state', 'status']],
    [20, ['name']],
    [5, ['name']],
    [0, []],
  ];
  for (const [width, keys] of cases) {
    void it(`at ${width} columns keeps ${keys.join(', ') || 'nothing'}`, () => {
      const layout = layoutColumns(CONTAINERS, width);
      assert.deepEqual(
        layout.map((c) => c.key),
        keys,
      );
      assert.ok(span(layout) <= width, `span ${span(layout)} > ${width}`);
    });
  }

  void it('at 60 hands the spare cells to name and status by their grow ratio', () => {
    assert.deepEqual(layoutColumns(CONTAINERS, 60), [
      { key: 'id', width: 12 },
      { key: 'name', width: 20 },
      { key: 'state', width: 10 },
      { key: 'status', width: 15 },
    ]);
  });

  void it('at 200 fills the row exactly, capping columns at their max and sharing the rest by grow', () => {
    // 106 spare cells over grow 2:2:1:1:2 — created hits its max in round one, name and image in round two.
    assert.deepEqual(layoutColumns(CONTAINERS, 200), [
      { key: 'id', width: 12 },
      { key: 'name', width: 40 },
      { key: 'image', width: 40 },
      { key: 'state', width: 10 },
      { key: 'status', width: 26 },
      { key: 'created', width: 22 },
      { key: 'ports', width: 44 },
    ]);
    assert.equal(span(layoutColumns(CONTAINERS, 200)), 200);
  });

  void it('at 120 shares 26 spare cells by grow ratio', () => {
    const layout = layoutColumns(CONTAINERS, 120);
    assert.equal(span(layout), 120);
    assert.deepEqual(
      layout.map((c) => c.width),
      [12, 19, 19, 10, 15, 17, 22],
    );
  });

  void it('at 5 clips the single most important column to the width', () => {
    assert.deepEqual(layoutColumns(CONTAINERS, 5), [{ key: 'name', width: 5 }]);
  });
});

void describe('layoutColumns: details', () => {
  void it('leaves width unused when nothing can grow', () => {
    assert.deepEqual(layoutColumns([{ key: 'a', min: 5, priority: 0 }, { key: 'b', min: 5, priority: 1 }], 30), [
      { key: 'a', width: 5 },
      { key: 'b', width: 5 },
    ]);
  });

  void it('an unbounded growable column takes all the spare width', () => {
    assert.deepEqual(layoutColumns([{ key: 'a', min: 5, priority: 0 }, { key: 'b', min: 5, grow: 1, priority: 1 }], 30), [
      { key: 'a', width: 5 },
      { key: 'b', width: 24 },
    ]);
  });

  void it('drops the rightmost of equal priorities first', () => {
    const cols: Array<ColumnSpec<'a' | 'b' | 'c'>> = [
      { key: 'a', min: 10, priority: 1 },
      { key: 'b', min: 10, priority: 1 },
      { key: 'c', min: 10, priority: 0 },
    ];
    assert.deepEqual(
      layoutColumns(cols, 21).map((c) => c.key),
      ['a', 'c'],
    );
  });

  void it('honours a custom gap', () => {
    const cols: Array<ColumnSpec<'a' | 'b'>> = [
      { key: 'a', min: 10, priority: 0 },
      { key: 'b', min: 10, priority: 1 },
    ];
    assert.equal(layoutColumns(cols, 22, 2).length, 2);
    assert.equal(layoutColumns(cols, 21, 3).length, 1);
    assert.equal(layoutColumns(cols, 20, 0).length, 2);
  });

  void it('distributes the last few cells one at a time', () => {
    const cols: Array<ColumnSpec<'a' | 'b' | 'c'>> = [
      { key: 'a', min: 1, grow: 1, priority: 0 },
      { key: 'b', min: 1, grow: 1, priority: 0 },
      { key: 'c', min: 1, grow: 1, priority: 0 },
    ];
    assert.deepEqual(
      layoutColumns(cols, 10, 0).map((c) => c.width),
      [4, 3, 3],
    );
  });

  void it('treats odd input as no room rather than throwing', () => {
    assert.deepEqual(layoutColumns(CONTAINERS, Number.NaN), []);
    assert.deepEqual(layoutColumns(CONTAINERS, -10), []);
    assert.deepEqual(layoutColumns([], 80), []);
    assert.deepEqual(layoutColumns([{ key: 'a', min: 4, max: 2, grow: 1, priority: 0 }], 10), [{ key: 'a', width: 4 }]);
  });
});

const columnSpec = fc.record({
  min: fc.integer({ min: 0, max: 30 }),
  max: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
  grow: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
  priority: fc.integer({ min: 0, max: 5 }),
});
const specs = fc
  .array(columnSpec, { maxLength: 8 })
  .map((cols) => cols.map((c, i): ColumnSpec<string> => ({ key: `c${i}`, ...c })));

void describe('layoutColumns properties', () => {
  void it('never exceeds the total width, keeps order, and respects min/max', () => {
    fc.assert(
      fc.property(specs, fc.integer({ min: 0, max: 250 }), fc.integer({ min: 0, max: 3 }), (cols, total, gap) => {
        const layout = layoutColumns(cols, total, gap);
        assert.ok(span(layout, gap) <= total, `span ${span(layout, gap)} > ${total}`);

        const indices = layout.map((c) => cols.findIndex((s) => s.key === c.key));
        assert.deepEqual(indices, [...indices].sort((a, b) => a - b));

        for (const c of layout) {
          const spec = cols.find((s) => s.key === c.key);
          assert.ok(spec !== undefined);
          const clipped = layout.length === 1 && spec.min > total;
          if (!clipped) assert.ok(c.width >= spec.min, `${c.key} below min`);
          if (spec.max !== undefined) assert.ok(c.width <= Math.max(spec.min, spec.max), `${c.key} above max`);
        }
      }),
      { numRuns: 2000 },
    );
  });

  void it('drops only columns that are less important than every kept one', () => {
    fc.assert(
      fc.property(specs, fc.integer({ min: 0, max: 250 }), (cols, total) => {
        const kept = new Set(layoutColumns(cols, total).map((c) => c.key));
        const keptMax = Math.max(-Infinity, ...cols.filter((c) => kept.has(c.key)).map((c) => c.priority));
        for (const c of cols) if (!kept.has(c.key) && total > 0) assert.ok(c.priority >= keptMax);
      }),
      { numRuns: 2000 },
    );
  });

  void it('keeps every column and uses spare width when the minimums fit', () => {
    fc.assert(
      fc.property(specs, fc.integer({ min: 1, max: 250 }), (cols, total) => {
        const need = cols.reduce((sum, c) => sum + c.min, 0) + Math.max(0, cols.length - 1);
        fc.pre(need <= total);
        const layout = layoutColumns(cols, total);
        assert.equal(layout.length, cols.length);
        // Width is left over only when every growable column has reached its max.
        if (span(layout) < total) {
          for (const c of layout) {
            const spec = cols.find((s) => s.key === c.key);
            if (spec !== undefined && (spec.grow ?? 0) > 0) assert.equal(c.width, Math.max(spec.min, spec.max ?? Infinity));
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});

void describe('layoutColumns: sharing by need', () => {
  // The containers pane's own specs, with what the issue saw at 120 columns: short names, an image
  // reference of 25 cells and "About a minute ago" (18) in CREATED.
  const PANE: Array<ColumnSpec<ContainerKey>> = [
    { key: 'id', min: 12, max: 12, priority: 1, need: 12 },
    { key: 'name', min: 10, max: 40, grow: 3, priority: 0, need: 7 },
    { key: 'image', min: 10, max: 40, grow: 2, priority: 4, need: 25 },
    { key: 'state', min: 7, max: 10, priority: 2, need: 7 },
    { key: 'status', min: 24, max: 30, grow: 1, priority: 3, need: 17 },
    { key: 'created', min: 14, max: 22, priority: 6, need: 18 },
    { key: 'ports', min: 10, max: 40, grow: 1, priority: 5, need: 5 },
  ];
  const width = (layout: ReadonlyArray<ColumnWidth<ContainerKey>>, key: ContainerKey) => layout.find((c) => c.key === key)?.width;

  void it('at 120 every column gets what its content needs before any grows', () => {
    const layout = layoutColumns(PANE, 120);
    assert.ok(width(layout, 'image')! >= 25, 'image is not cut');
    assert.ok(width(layout, 'created')! >= 18);
    assert.ok(width(layout, 'status')! >= 17);
    assert.ok(width(layout, 'name')! < 24, 'name grows only with what is left');
    assert.ok(span(layout) <= 120);
  });

  void it('short of room, the widest is cut first, down to the next widest, and the nearly fitting one fits', () => {
    // 80 cells: floors 12+7+10+7+17+14+5 = 72 plus 6 gaps = 78, 2 spare: image (25) is cut to 12
    // before created (18, min 14) loses a cell more than its floor.
    const tight = layoutColumns(PANE, 80);
    assert.deepEqual(tight.map((c) => c.width), [12, 7, 12, 7, 17, 14, 5]);
    // 90: 12 spare; image and created are cut to the same 18, which is all created needs.
    const roomier = layoutColumns(PANE, 90);
    assert.deepEqual(roomier.map((c) => c.width), [12, 7, 18, 7, 17, 18, 5]);
    assert.equal(span(roomier), 90);
  });

  void it('widths follow content: max cuts no content there is room for, and nothing keeps blank cells while IMAGE is cut', () => {
    // A 60-cell image reference (IMAGE's max is 40) with short names and statuses.
    const long = PANE.map((c) => ({ ...c, need: { id: 12, name: 8, image: 60, state: 7, status: 12, created: 13, ports: 20 }[c.key] }));
    const roomy = layoutColumns(long, 140);
    assert.equal(width(roomy, 'image'), 60, 'the whole reference, past the max, when the row has room');
    const at120 = layoutColumns(long, 120);
    assert.deepEqual(
      at120.map((c) => c.width),
      [12, 8, 42, 7, 12, 13, 20],
      'only IMAGE, the widest, gives way; the others are exactly their content',
    );
    assert.equal(span(at120), 120);
  });

  void it('a column whose content is narrower than its min needs only its content, so more columns fit', () => {
    const without = layoutColumns(PANE.map(({ need: _need, ...c }) => c), 80).map((c) => c.key);
    const withNeeds = layoutColumns(PANE, 80).map((c) => c.key);
    assert.ok(withNeeds.length > without.length, `${withNeeds.join(',')} vs ${without.join(',')}`);
  });

  void it('never exceeds the width, for any needs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.array(fc.integer({ min: 0, max: 80 }), { minLength: 7, maxLength: 7 }), (total, needs) => {
        const specs = PANE.map((c, i) => ({ ...c, need: needs[i] }));
        const layout = layoutColumns(specs, total);
        assert.ok(span(layout) <= total || layout.length === 1);
        for (const c of layout) {
          const spec = specs.find((s) => s.key === c.key)!;
          assert.ok(c.width <= Math.max(spec.max ?? Infinity, spec.min, spec.need ?? 0) || layout.length === 1);
        }
      }),
    );
  });

  void it('for any needs: while a column is cut, no column has blank cells, and only the widest are cut', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.array(fc.integer({ min: 0, max: 80 }), { minLength: 7, maxLength: 7 }), (total, needs) => {
        const specs = PANE.map((c, i) => ({ ...c, need: needs[i] ?? 0 }));
        const layout = layoutColumns(specs, total);
        if (layout.length < 2) return;
        const slots = layout.map((c) => {
          const spec = specs.find((s) => s.key === c.key)!;
          return { width: c.width, need: spec.need, floor: Math.min(spec.min, spec.need) };
        });
        const cut = slots.filter((s) => s.width < s.need);
        if (cut.length === 0) return;
        for (const s of slots) assert.ok(s.width <= s.need, `blank cells while a column is cut: ${JSON.stringify(slots)}`);
        const narrowestCut = Math.min(...cut.map((s) => s.width));
        for (const s of slots) assert.ok(s.width <= narrowestCut + 1 || s.width === s.floor, `a wider column kept while a narrower one is cut: ${JSON.stringify(slots)}`);
      }),
    );
  });
});
