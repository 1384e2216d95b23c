import type { Layer } from '../layer';
import { routeChanges } from '../route';

/** The `method` of `LayerIndex.lookup` that keeps the routes of every method. */
export const ANY_METHOD = -2;

/** Deepest static segment the index looks at (deeper segments are left to the matchers). */
const MAX_DEPTH = 8;

/** Up to this many children, a node's children are searched in order. */
const SCAN_LIMIT = 8;

/** Paths with up to this many `/` get candidate lists narrowed to their shape (see `Shaped`). */
const MAX_SHAPED_SLASHES = 31;

/**
 * The shape of a request pathname for `Shaped.for`: its number of `/` (`slashes`) and whether
 * it ends with one, in one small integer, or -1 when the path has too many `/` to be narrowed.
 */
export function pathShape(path: string, slashes: number): number {
  if (slashes > MAX_SHAPED_SLASHES) return -1;
  return slashes * 2 + (path.charCodeAt(path.length - 1) === 0x2f ? 1 : 0);
}

/** What the index asks of a route: whether it answers the method at a position in `methods`. */
interface RouteLike {
  _answers(id: number): boolean;
}

/**
 * Whether a layer may match a path of shape `shape` (`pathShape`) for the method at position
 * `method` in `methods` (-1: a method node does not know; `ANY_METHOD`: any), judged by its
 * matchers' number of `/` and the methods of its route.
 */
function fits(layer: Layer, shape: number, method: number): boolean {
  const route = layer.route as RouteLike | undefined;
  if (method !== ANY_METHOD && route !== undefined && !route._answers(method)) return false;
  if (shape < 0) return true;
  const slashes = shape >> 1;
  const endsWithSlash = (shape & 1) === 1;
  for (const m of layer.matchers) {
    const n = m.slashes ?? -1;
    if (n < 0 || n === slashes || (m.trailing === true && endsWithSlash && n + 1 === slashes)) return true;
  }
  return false;
}

/**
 * An ascending list of stack positions with, made on first use, its sublists by path shape
 * and method: the positions of the layers that may match a path of that shape for that
 * method. A layer of text and `:name` parameters matching whole paths has a fixed number of
 * `/` (`/user/:id` has 2, 3 with a trailing slash), so `/user/:id/posts` is not even a
 * candidate for `/user/42`; nor is `PUT /user/:id` for a GET.
 */
class Shaped {
  /** By shape + 1, then by method + 2 (`ANY_METHOD` first). */
  private readonly byShape: Array<Array<readonly number[] | undefined> | undefined> = [];

  constructor(
    /** Every position of the list. */
    readonly all: readonly number[],
    private readonly layers: readonly Layer[],
  ) {}

  /**
   * The positions of the layers that may match a path of shape `shape` (`pathShape`; -1: any
   * shape) for the method at position `method` in `methods` (-1: unknown; `ANY_METHOD`: any).
   */
  for(shape: number, method: number): readonly number[] {
    const byMethod = (this.byShape[shape + 1] ??= []);
    const list = byMethod[method + 2];
    if (list !== undefined) return list;
    const fit = this.all.filter((i) => fits(this.layers[i]!, shape, method));
    return (byMethod[method + 2] = fit.length === this.all.length ? this.all : fit);
  }
}

/** The start of a `segmentHash` (FNV-1a's offset basis). */
const HASH_SEED = 0x811c9dc5 | 0;

/** A `segmentHash` with one more character `c`: an FNV-1a step, ASCII upper case folded to lower case. */
function hashStep(hash: number, c: number): number {
  return Math.imul(hash ^ (c >= 0x41 && c <= 0x5a ? c | 0x20 : c), 16777619);
}

/** The hash of a path segment by which the tree finds a child (ASCII case-insensitive). */
function segmentHash(segment: string): number {
  let hash = HASH_SEED;
  for (let i = 0; i < segment.length; i++) hash = hashStep(hash, segment.charCodeAt(i));
  return hash;
}

/**
 * A node of the segment tree: the layers whose static segments lead exactly here. Children
 * are known by the hash of their segment only: two segments with the same hash share a node
 * (whose lists then hold the layers of both), which costs a request at most a few candidates
 * that its matchers reject, and spares comparing strings.
 */
class Node {
  private byHash: Map<number, Node> | undefined = undefined;
  /** The children's segment hashes and nodes, in the order added. */
  readonly hashes: number[] = [];
  readonly nodes: Node[] = [];
  /**
   * More than `SCAN_LIMIT` children: an open-addressing table of their positions in `hashes`
   * plus one (0 = empty slot); its length is a power of two.
   */
  private slots: Int32Array | undefined = undefined;
  /** Stack positions of the layers keyed at this node. */
  readonly own: number[] = [];
  /** Stack positions, ascending, of the layers keyed at this node or any ancestor, and of the wild ones. */
  list: Shaped | undefined = undefined;

  /** The child for the lower-case segment `key`, made if needed. */
  child(key: string): Node {
    const hash = segmentHash(key);
    const byHash = (this.byHash ??= new Map());
    let node = byHash.get(hash);
    if (node === undefined) {
      byHash.set(hash, (node = new Node()));
      this.hashes.push(hash);
      this.nodes.push(node);
    }
    return node;
  }

  /** Builds `slots` once every child is in (for more than `SCAN_LIMIT` children). */
  seal(): void {
    const hashes = this.hashes;
    if (hashes.length <= SCAN_LIMIT) return;
    let size = 32;
    while (size < hashes.length * 4) size *= 2;
    const slots = new Int32Array(size);
    for (let k = 0; k < hashes.length; k++) {
      let i = slotOf(hashes[k]!) & (size - 1);
      while (slots[i] !== 0) i = (i + 1) & (size - 1);
      slots[i] = k + 1;
    }
    this.slots = slots;
  }

  /** The child whose segment has the hash `hash`, or undefined. */
  find(hash: number): Node | undefined {
    const hashes = this.hashes;
    const slots = this.slots;
    if (slots === undefined) {
      for (let k = 0; k < hashes.length; k++) if (hashes[k] === hash) return this.nodes[k];
      return undefined;
    }
    const mask = slots.length - 1;
    for (let i = slotOf(hash) & mask; slots[i] !== 0; i = (i + 1) & mask) {
      const k = slots[i]! - 1;
      if (hashes[k] === hash) return this.nodes[k];
    }
    return undefined;
  }
}

/** The first slot of `Node.slots` to probe for a segment hash (its high bits folded into the low ones). */
function slotOf(hash: number): number {
  return hash ^ (hash >>> 15);
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
 * (middleware on `/`, a path starting with a parameter, a regular expression) is wild. A
 * request only visits the layers on its own branch and the wild ones, in stack order (each
 * node lists both, merged), so mounting order is kept exactly and a stack of hundreds of
 * routes costs a few hash probes (segments are hashed as they are read, never sliced). The
 * lists are narrowed to the layers that may match the path's number of `/` (`Shaped`), so a
 * route behind many others of another shape is reached without trying them.
 */
export class LayerIndex {
  /** The stack array the index was built from. */
  readonly source: readonly Layer[];
  /** The stack as it was when the index was built (to notice replaced entries). */
  readonly layers: readonly Layer[];
  /** `routeChanges()` when the index was built (the methods its routes answered then). */
  readonly routeChanges = routeChanges();
  private readonly root = new Node();

  constructor(stack: readonly Layer[]) {
    this.source = stack;
    const layers = (this.layers = stack.slice());
    const wild: number[] = [];
    for (let i = 0; i < layers.length; i++) {
      const matchers = layers[i]!.matchers;
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
    const fill = (node: Node, inherited: readonly number[]): void => {
      const list = node.own.length === 0 ? inherited : merge(inherited, node.own);
      node.list = new Shaped(list, layers);
      node.seal();
      for (const child of node.nodes) fill(child, list);
    };
    fill(this.root, wild);
  }

  /**
   * Stack positions (ascending) of the layers that may match `path`: the wild ones and those
   * on the branch of its leading segments, narrowed to its shape (`pathShape`) and to the
   * routes of the method at position `method` in `methods` (-1: unknown; `ANY_METHOD`: all).
   */
  lookup(path: string, shape: number, method: number): readonly number[] {
    let node = this.root;
    let i = 1;
    const keyed = node.nodes.length !== 0 && path.charCodeAt(0) === 0x2f;
    for (let d = 0; keyed && d < MAX_DEPTH; d++) {
      // The hash of the segment from `i` to the next `/`.
      let hash = HASH_SEED;
      for (; i < path.length; i++) {
        const c = path.charCodeAt(i);
        if (c === 0x2f) break;
        hash = hashStep(hash, c);
      }
      const next = node.find(hash);
      if (next === undefined) break;
      node = next;
      if (i >= path.length || node.nodes.length === 0) break;
      i++;
    }
    return node.list!.for(shape, method);
  }
}
