/**
 * No import cycles in src/, type-only imports included (docs/layout.md "Floors"): the one cycle
 * check (eslint-plugin-import-x's no-cycle, dropped, skipped `import type` whatever its options, so
 * a cycle made of types passed it). This check builds the whole graph itself (import-graph.ts) and
 * names, for every tangle, its files and one cycle through them.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cycleThrough, importGraph, tangles, type ImportGraph } from './import-graph.ts';

function describeTangle(graph: ImportGraph, files: readonly string[]): string {
  return `${files.length} files (${files.join(', ')}), e.g. ${cycleThrough(graph, files[0]!, files).join(' → ')}`;
}

test('src/ has no import cycle, `import type` included', () => {
  const graph = importGraph();
  const found = tangles(graph).map((files) => describeTangle(graph, files));
  assert.deepEqual(found, [], `import cycles:\n${found.join('\n')}`);
});

test('the check sees a cycle made only of type imports, and one a file makes with itself', () => {
  // Made-up graphs: a check that found nothing would pass anything.
  const typeCycle: ImportGraph = new Map([
    ['app/context.ts', ['app/custom/config.ts']],
    ['app/custom/config.ts', ['app/panes/index.ts']],
    ['app/panes/index.ts', ['app/context.ts', 'state/x.ts']],
    ['state/x.ts', []],
    ['engine/self.ts', ['engine/self.ts']],
  ]);
  assert.deepEqual(tangles(typeCycle), [['app/context.ts', 'app/custom/config.ts', 'app/panes/index.ts'], ['engine/self.ts']]);
  assert.deepEqual(cycleThrough(typeCycle, 'app/panes/index.ts', ['app/context.ts', 'app/custom/config.ts', 'app/panes/index.ts']), ['app/panes/index.ts', 'app/context.ts', 'app/custom/config.ts', 'app/panes/index.ts']);
});

test('the graph counts every kind of import: `import type`, `export … from`, `import()`, `import(…).T`', () => {
  // Files written for the test, so a parser that stopped seeing one kind fails here.
  const root = mkdtempSync(join(tmpdir(), 'berth-cycles-'));
  try {
    const files: Record<string, string> = {
      'a.ts': "import type { B } from './b.ts';\nexport type A = B;\n",
      'b.ts': "export { c } from './c.ts';\nexport type B = string;\n",
      'c.ts': "export const c = (): Promise<unknown> => import('./d/e.ts');\n",
      'd/e.ts': "export type E = import('../a.ts').A;\n",
    };
    mkdirSync(join(root, 'd'));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
    const graph = importGraph(root);
    assert.deepEqual(Object.fromEntries(graph), { 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['d/e.ts'], 'd/e.ts': ['a.ts'] });
    assert.deepEqual(tangles(graph), [['a.ts', 'b.ts', 'c.ts', 'd/e.ts']]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
