import type { Layer } from './layer';

const NONE: readonly number[] = [];

/** Deepest static segment the index looks at (deeper segments are left to the matchers). */
const MAX_DEPTH = 8;

/** Up to this many children, a node is searched by comparing keys in place. */
const SCAN_LIMIT = 8;

/** A node of the segment tree: the layers whose static segments lead exactly here. */
class Node {
  children: Map<string, Node> | undefined = undefined;
  /** The children's keys and nodes as arrays, for a scan without slicing when there are few. */
  keys: string[] = [];
  nodes: Node[] = [];
  /** Stack positions of the layers keyed at this node. */
  readonly own: number[] = [];
  /** Stack positions of the layers keyed at this node or any ancestor (root excluded), ascending. */
  list: readonly number[] = NONE;

  child(key: string): Node {
    const children = (this.children ??= new Map());
    let node = children.get(key);
    if (node === undefined) {
      children.set(key, (node = new Node()));
      this.keys.push(key);
      this.nodes.push(node);
    }
    return node;
  }
}

/** Merges two ascending lists of positions. */
function merge(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/**
 * A lookup table over a router's stack, built once per change of the stack: a tree of
 * lower-case path segments. A layer whose path starts with static segments (`/users/:id`,
 * literal `/api/v1`) sits at the node of those segments; a layer that may match any path
 * (middleware on `/`, a path starting with a parameter, a regular expression) is in `wild`.
 * A request only visits the layers on its own branch plus the wild ones, merged in stack
 * order, so mounting order is kept exactly and a stack of hundreds of routes costs a few
 * map lookups. Why it stays: `/user/:id` as the last of 50 routes costs 5.2% fewer
 * instructions per request with it (tooling/bench/ablation/tricks.mjs, docs/performance.md).
 */
export class LayerIndex {
  /** The stack array the index was built from. */
  readonly source: readonly Layer[];
  /** The stack as it was when the index was built (to notice replaced entries). */
  readonly layers: readonly Layer[];
  /** Stack positions, ascending, of layers that may match any path. */
  readonly wild: readonly number[];
  private readonly root = new Node();

  constructor(stack: readonly Layer[]) {
    this.source = stack;
    this.layers = stack.slice();
    const wild: number[] = [];
    for (let i = 0; i < stack.length; i++) {
      const matchers = stack[i]!.matchers;
      let keyed = matchers.length > 0;
      for (const m of matchers) if (m.segments === null) keyed = false;
      if (!keyed) {
        wild.push(i);
        continue;
      }
      for (const m of matchers) {
        let node = this.root;
        const segments = m.segments!;
        for (let d = 0; d < segments.length && d < MAX_DEPTH; d++) node = node.child(segments[d]!);
        if (node.own[node.own.length - 1] !== i) node.own.push(i);
      }
    }
    this.wild = wild;
    const fill = (node: Node, inherited: readonly number[]): void => {
      node.list = node.own.length === 0 ? inherited : merge(inherited, node.own);
      if (node.children) for (const child of node.children.values()) fill(child, node.list);
    };
    fill(this.root, NONE);
  }

  /**
   * Stack positions (ascending, wild ones excluded) of the layers that may match `path`:
   * those on the branch of its leading segments. `folded` is the lower-cased path, or null
   * when it is not all ASCII.
   */
  lookup(path: string, folded: string | null): readonly number[] {
    let node = this.root;
    if (node.children === undefined || path.charCodeAt(0) !== 0x2f) return NONE;
    const p = folded ?? path.toLowerCase();
    let start = 1;
    for (let d = 0; d < MAX_DEPTH; d++) {
      let next: Node | undefined;
      let end: number;
      const keys = node.keys;
      if (keys.length <= SCAN_LIMIT) {
        // Few children: compare in place, no substring.
        end = -1;
        for (let k = 0; k < keys.length; k++) {
          const key = keys[k]!;
          const e = start + key.length;
          if ((e === p.length || p.charCodeAt(e) === 0x2f) && p.startsWith(key, start)) {
            next = node.nodes[k];
            end = e;
            break;
          }
        }
      } else {
        end = p.indexOf('/', start);
        if (end === -1) end = p.length;
        next = node.children!.get(p.slice(start, end));
      }
      if (next === undefined) break;
      node = next;
      if (end >= p.length || node.children === undefined) break;
      start = end + 1;
    }
    return node.list;
  }
}
