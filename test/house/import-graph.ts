/**
 * The import graph of src/: which file imports which, every kind of import counted — `import`,
 * `import type`, `export … from`, `import()` and `import('…').T` — because a cycle of types is
 * still two modules that cannot be understood (or moved) one without the other. Specifiers are
 * read by the TypeScript parser (names.ts); the project always writes the file's own extension
 * ('./x.ts'), so resolving one is joining paths.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse, sourceFiles, SRC } from './names.ts';

/** File (from the root, forward slashes) → the files under the root it imports, each once. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The graph of every .ts/.tsx file under `root` (src/ unless told). */
export function importGraph(root = SRC): ImportGraph {
  const name = (path: string): string => relative(root, path).split('\\').join('/');
  const graph = new Map<string, string[]>();
  for (const path of sourceFiles(root)) {
    const targets = parse(path)
      .imports.filter((spec) => spec.startsWith('.'))
      .map((spec) => join(dirname(path), spec))
      .map((target) => {
        if (!existsSync(target)) throw new Error(`${name(path)} imports ${name(target)}, which is not there`);
        return name(target);
      });
    graph.set(name(path), [...new Set(targets)]);
  }
  return graph;
}

/**
 * The strongly connected components of more than one file (or of a file that imports itself):
 * each is a set of files every one of which reaches every other, i.e. one or more cycles.
 * Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
 */
export function tangles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ file: string; edge: number }> = [{ file: root, edge: 0 }];
    index.set(root, next); low.set(root, next); next += 1; stack.push(root); onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.file) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge]!;
        frame.edge += 1;
        if (!index.has(to)) {
          index.set(to, next); low.set(to, next); next += 1; stack.push(to); onStack.add(to);
          work.push({ file: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      for (;;) {
        const file = stack.pop()!;
        onStack.delete(file);
        component.push(file);
        if (file === frame.file) break;
      }
      if (component.length > 1 || edges.includes(frame.file)) found.push(component.sort());
    }
  }
  return found;
}

/** One shortest cycle through `start` inside its tangle, as the files in import order, `start` first and last. */
export function cycleThrough(graph: ImportGraph, start: string, within: readonly string[]): string[] {
  const inside = new Set(within);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const to of graph.get(file) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (cameFrom.has(to)) continue;
      cameFrom.set(to, file);
      queue.push(to);
    }
  }
  throw new Error(`${start} is in no cycle`);
}
