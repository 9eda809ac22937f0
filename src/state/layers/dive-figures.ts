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
 * as the lowest character (NUL, which no path holds). Only the stop of a walk (below) needs it.
 */
function sortKey(path: string, node: DiveNode): string {
  const slash = path.lastIndexOf('/');
  const named = node.deleted ? `${path.slice(0, slash + 1)}.wh.${path.slice(slash + 1)}` : path;
  return named.replaceAll('/', '\0');
}

/** The paths that have a child in this layer: the rest are its leaves. */
function parentsOf(nodes: Map<string, DiveNode>): Set<string> {
  const parents = new Set<string>();
  nodes.forEach((_, path) => {
    const slash = path.lastIndexOf('/');
    if (slash > 0) parents.add(path.slice(0, slash));
  });
  return parents;
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

/** What dive counts of one path: its first copy inline (most paths have only that one), the others in an array. */
interface PathData {
  cumulative: number;
  min: number;
  layer: number;
  size: number;
  deleted: boolean;
  more?: PathCopy[];
}

export function diveFigures(trees: readonly LayerTree[]): DiveFigures {
  const byPath = new Map<string, PathData>();
  const below = new Stacked();
  const count = (path: string, layer: number, size: number, deleted: boolean) => {
    const data = byPath.get(path);
    if (!data) byPath.set(path, { cumulative: size, min: size, layer, size, deleted });
    else {
      data.cumulative += size;
      if (size < data.min) data.min = size;
      (data.more ??= []).push({ layer, size, deleted });
    }
  };
  // One layer's nodes at a time: held beside the stack below, never all of them at once.
  trees.forEach((tree, layer) => {
    const nodes = diveNodes(tree);
    const parents = parentsOf(nodes);
    // dive stacks the first layer under itself too (StackTreeRange starts from a copy of it).
    let first: Stacked | undefined;
    const stackedBelow = () => (layer === 0 ? (first ??= firstAlone(nodes)) : below);
    // dive walks a layer's leaves in its order and stops at a whiteout of a path the layers below
    // lack (an error): the leaves from that one on are not counted. That whiteout is found first,
    // so the leaves are counted in any order and sorted by no one when no walk stops (nearly always).
    const deletedSizes = new Map<string, number>();
    let stop: string | undefined;
    nodes.forEach((node, path) => {
      if (!node.deleted || parents.has(path)) return;
      const size = stackedBelow().deletedSize(path);
      if (size !== undefined) deletedSizes.set(path, size);
      else {
        const key = sortKey(path, node);
        if (stop === undefined || key < stop) stop = key;
      }
    });
    nodes.forEach((node, path) => {
      if (parents.has(path) || (stop !== undefined && sortKey(path, node) >= stop)) return;
      count(path, layer, node.deleted ? (deletedSizes.get(path) ?? 0) : node.size, node.deleted);
    });
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
      inefficiencies.push({ path: `/${path}`, cumulative: data.cumulative, copies: [{ layer: data.layer, size: data.size, deleted: data.deleted }, ...data.more] });
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
