/**
 * dive's own figures for an image, computed as dive computes them, so that berth's numbers and
 * dive's agree: wagoodman/dive at d6c691947f8fda635c952a17ee3b7555379d58f0,
 * `dive/filetree/efficiency.go` (Efficiency) and `dive/image/analysis.go` (Analyze). Written
 * here from what those do, not from their code:
 *
 * - Each layer is a tree of the paths its tar names plus the directories they imply (an implied
 *   directory has no header: size 0, and dive does not count it a directory). Only its leaves (no
 *   child in that layer) are counted; a whiteout `.wh.NAME` is a leaf standing for NAME, and an
 *   opaque marker is left out of the tree (its directory stays, a leaf if it has nothing else).
 * - A leaf counts its size; a whiteout counts what it deleted when that was a directory (the sum
 *   over its subtree in the layers below, stacked as dive stacks them) and 0 when it was not.
 *   A whiteout of a path the layers below do not have stops dive's walk of that layer, so the
 *   leaves after it (in dive's order: children by name, depth first) are not counted.
 * - Per path: the copies (one per layer it is a leaf in), their sum and their smallest.
 *   Wasted bytes: the sum over every path with two or more copies. Efficiency: the sum of the
 *   smallest copies over the sum of all copies (1 when nothing was counted).
 */
import type { LayerTree } from './layer-tree.ts';

export interface PathCopy {
  /** Its layer's index, from 0 (the bottom). */
  layer: number;
  /** What dive counts for it (a whiteout: what it deleted, a file only when it was a directory). */
  size: number;
  deleted: boolean;
}

export interface Inefficiency {
  /** With a leading `/`, as dive shows it. */
  path: string;
  /** The sum of its copies: what it costs. */
  cumulative: number;
  copies: PathCopy[];
}

export interface DiveFigures {
  wastedBytes: number;
  /** 0..1. */
  efficiency: number;
  /** The paths with two or more copies, the costliest first. */
  inefficiencies: Inefficiency[];
}

interface DiveNode {
  size: number;
  isDir: boolean;
  deleted: boolean;
}

/** A layer as dive's tree holds it: every node by path (implied directories included). */
function diveNodes(tree: LayerTree): Map<string, DiveNode> {
  const nodes = new Map<string, DiveNode>();
  // Every node's parents are in the map once it is: a known parent ends the walk up.
  const imply = (path: string) => {
    let at = path;
    for (let slash = at.lastIndexOf('/'); slash > 0; slash = at.lastIndexOf('/')) {
      at = at.slice(0, slash);
      if (nodes.has(at)) return;
      nodes.set(at, { size: 0, isDir: false, deleted: false });
    }
  };
  for (const e of tree.entries) {
    imply(e.path);
    nodes.set(e.path, { size: e.deleted ? 0 : e.size, isDir: !e.deleted && e.kind === 'dir', deleted: e.deleted === true });
  }
  for (const dir of tree.opaque) if (dir !== '') {
    imply(`${dir}/x`);
  }
  return nodes;
}

/**
 * dive's order of a layer's leaves: depth first, children by name as the tar named them (a
 * whiteout keeps `.wh.`), Go's sort.Strings (byte order, which UTF-16 order matches outside the
 * astral planes). Leaves are never each other's ancestors, so this is the paths' order with `/`
 * as the lowest character (NUL, which no path holds).
 */
function sortKey(path: string, node: DiveNode): string {
  const slash = path.lastIndexOf('/');
  const named = node.deleted ? `${path.slice(0, slash + 1)}.wh.${path.slice(slash + 1)}` : path;
  return named.replaceAll('/', '\0');
}

function leaves(nodes: Map<string, DiveNode>): [string, DiveNode][] {
  const parents = new Set<string>();
  nodes.forEach((_, path) => {
    const slash = path.lastIndexOf('/');
    if (slash > 0) parents.add(path.slice(0, slash));
  });
  const found: { key: string; leaf: [string, DiveNode] }[] = [];
  nodes.forEach((node, path) => {
    if (!parents.has(path)) found.push({ key: sortKey(path, node), leaf: [path, node] });
  });
  found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return found.map((f) => f.leaf);
}

/** The layers below, stacked as dive stacks them: a later node's info replaces an earlier one's; a whiteout removes its subtree. */
class Stacked {
  readonly nodes = new Map<string, DiveNode>();

  stack(layer: Map<string, DiveNode>): void {
    layer.forEach((node, path) => {
      if (node.deleted) this.remove(path);
      else this.nodes.set(path, node);
    });
  }

  private remove(path: string): void {
    this.subtree(path, (key) => this.nodes.delete(key));
  }

  /** Each path at or under `path` (forEach: no entry array per node of a big stack). */
  subtree(path: string, each: (key: string, node: DiveNode) => void): void {
    const prefix = `${path}/`;
    this.nodes.forEach((node, key) => {
      if (key === path || key.startsWith(prefix)) each(key, node);
    });
  }

  /** What deleting `path` costs in dive's count; undefined: there is nothing there. */
  deletedSize(path: string): number | undefined {
    const node = this.nodes.get(path);
    if (!node) return undefined;
    if (!node.isDir) return 0;
    let sum = 0;
    this.subtree(path, (_, under) => (sum += under.size));
    return sum;
  }
}

export function diveFigures(trees: readonly LayerTree[]): DiveFigures {
  // Most paths have one copy: it is kept alone, an array only for the second (tens of thousands of paths).
  const byPath = new Map<string, { cumulative: number; min: number; first: PathCopy; more?: PathCopy[] }>();
  const below = new Stacked();
  // One layer's nodes at a time: held beside the stack below, never all five at once.
  trees.forEach((tree, layer) => {
    const nodes = diveNodes(tree);
    // dive stacks the first layer under itself too (StackTreeRange starts from a copy of it).
    const stackedBelow = layer === 0 ? firstAlone(nodes) : below;
    for (const [path, node] of leaves(nodes)) {
      let size = node.size;
      if (node.deleted) {
        const deleted = stackedBelow.deletedSize(path);
        if (deleted === undefined) break; // dive's walk of this layer stops at an error
        size = deleted;
      }
      const copy = { layer, size, deleted: node.deleted };
      const data = byPath.get(path);
      if (!data) byPath.set(path, { cumulative: size, min: size, first: copy });
      else {
        data.cumulative += size;
        if (size < data.min) data.min = size;
        (data.more ??= []).push(copy);
      }
    }
    below.stack(nodes);
  });
  let minimum = 0;
  let discovered = 0;
  let wastedBytes = 0;
  const inefficiencies: Inefficiency[] = [];
  byPath.forEach((data, path) => {
    minimum += data.min;
    discovered += data.cumulative;
    if (data.more) {
      wastedBytes += data.cumulative;
      inefficiencies.push({ path: `/${path}`, cumulative: data.cumulative, copies: [data.first, ...data.more] });
    }
  });
  inefficiencies.sort((a, b) => b.cumulative - a.cumulative || (a.path < b.path ? -1 : 1));
  return { wastedBytes, efficiency: discovered === 0 ? 1 : minimum / discovered, inefficiencies };
}

/** The first layer's own tree, as dive's range before it (its whiteout nodes kept under their `.wh.` names: they match nothing). */
function firstAlone(first: Map<string, DiveNode>): Stacked {
  const stacked = new Stacked();
  first.forEach((node, path) => {
    if (!node.deleted) stacked.nodes.set(path, node);
  });
  return stacked;
}
