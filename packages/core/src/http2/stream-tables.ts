/**
 * HTTP/2 sessions' stream tables that let finished streams die young, on Node 20 only.
 *
 * Node keeps each HTTP/2 session's open streams in a `Map` (by id) and a `Set` (streams not yet
 * given an id): every request adds its stream to both and deletes it again. V8 implements
 * `Map` and `Set` with hash tables that are replaced as entries come and go, and an old table
 * keeps a pointer to its successor and its own entries. Once a mark-compact has moved a
 * session's table to the old generation (the first one does, within a second or two under
 * load), that dead old table keeps every later table, and every stream ever put into one,
 * alive through each scavenge until the next mark-compact: all of a request's objects (the
 * stream, node's compat request and response, the app's properties on them) are promoted
 * instead of dying young, and scavenges and mark-compacts grow (docs/performance.md, tricks).
 *
 * The tables below have the `Map` / `Set` methods node uses (and the rest of their API) on
 * arrays, which leave no such chain (a replaced array's storage points nowhere), and
 * `useStreamTables` puts them in place of a session's own when the session starts. A session
 * whose state does not look as expected (another node version) is left as it is.
 *
 * Versions (checked on 20.20.2, 22.23.3, 24.21.0, 26.12.1, by the GC test of
 * app.listen.http2-stream-tables.test.ts): on 24 and 26 node's tables no longer keep finished
 * streams (V8 changed); on 22 they still do, but a webfw app promotes its requests there for
 * another reason and the tables do not reduce it. So they are used on Node 20 alone; on later
 * versions sessions keep node's own tables.
 * `applySessionStreamTables` still gives them on any version (the tests run them everywhere).
 */
import type { Http2Session, Http2Server, Http2SecureServer } from 'node:http2';

/**
 * A session's open streams by id: the `Map` API on two arrays sorted by id. Ids only grow in a
 * session, so a new stream is appended and the oldest usually leaves first; lookups are a
 * binary search over the streams open at that moment.
 */
class StreamsById<V> {
  private ids: number[] = [];
  private streams: V[] = [];

  get size(): number {
    return this.ids.length;
  }

  /** The index of `id`, or `~index` where it would be inserted. */
  private indexOf(id: number): number {
    const ids = this.ids;
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = ids[middle] as number;
      if (found === id) return middle;
      if (found < id) low = middle + 1;
      else high = middle - 1;
    }
    return ~low;
  }

  get(id: number): V | undefined {
    const index = this.indexOf(id);
    return index >= 0 ? this.streams[index] : undefined;
  }

  has(id: number): boolean {
    return this.indexOf(id) >= 0;
  }

  set(id: number, value: V): this {
    const count = this.ids.length;
    if (count === 0 || (this.ids[count - 1] as number) < id) {
      this.ids.push(id);
      this.streams.push(value);
      return this;
    }
    const index = this.indexOf(id);
    if (index >= 0) {
      this.streams[index] = value;
    } else {
      this.ids.splice(~index, 0, id);
      this.streams.splice(~index, 0, value);
    }
    return this;
  }

  delete(id: number): boolean {
    const index = this.indexOf(id);
    if (index < 0) return false;
    if (index === 0) {
      this.ids.shift();
      this.streams.shift();
    } else {
      this.ids.splice(index, 1);
      this.streams.splice(index, 1);
    }
    return true;
  }

  clear(): void {
    this.ids = [];
    this.streams = [];
  }

  /** Calls `fn` for each entry by ascending id; entries deleted meanwhile and not yet visited are skipped, as with `Map`. */
  forEach(fn: (value: V, id: number, table: this) => void): void {
    for (const [id, value] of this.entries()) fn(value, id, this);
  }

  *entries(): IterableIterator<[number, V]> {
    for (const id of this.ids.slice()) {
      const index = this.indexOf(id);
      if (index >= 0) yield [id, this.streams[index] as V];
    }
  }

  *keys(): IterableIterator<number> {
    for (const [id] of this.entries()) yield id;
  }

  *values(): IterableIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[number, V]> {
    return this.entries();
  }
}

/** A session's streams waiting for an id: the `Set` API on an array (it holds a handful at most). */
class PendingStreams<V> {
  private items: V[] = [];

  get size(): number {
    return this.items.length;
  }

  has(value: V): boolean {
    return this.items.includes(value);
  }

  add(value: V): this {
    if (!this.items.includes(value)) this.items.push(value);
    return this;
  }

  delete(value: V): boolean {
    const index = this.items.indexOf(value);
    if (index < 0) return false;
    this.items.splice(index, 1);
    return true;
  }

  clear(): void {
    this.items = [];
  }

  /** Calls `fn` for each stream; streams deleted meanwhile and not yet visited are skipped, as with `Set`. */
  forEach(fn: (value: V, same: V, set: this) => void): void {
    for (const value of this.items.slice()) if (this.items.includes(value)) fn(value, value, this);
  }

  *values(): IterableIterator<V> {
    yield* this.items.slice();
  }

  keys(): IterableIterator<V> {
    return this.values();
  }

  *entries(): IterableIterator<[V, V]> {
    for (const value of this.items.slice()) yield [value, value];
  }

  [Symbol.iterator](): IterableIterator<V> {
    return this.values();
  }
}

/** Node's session state, as far as the tables go (its `Map` and `Set` are node's "safe" subclasses). */
interface SessionState {
  streams: Iterable<[number, unknown]> | StreamsById<unknown>;
  pendingStreams: Iterable<unknown> | PendingStreams<unknown>;
}

/** Whether `value` is a `Map`/`Set` of node's (with `methods`), not a table of ours. */
function isNodeCollection(value: unknown, methods: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null || value instanceof StreamsById || value instanceof PendingStreams) return false;
  const collection = value as Record<string, unknown>;
  return (
    typeof collection.size === 'number' &&
    typeof collection[Symbol.iterator as unknown as string] === 'function' &&
    methods.every((name) => typeof collection[name] === 'function')
  );
}

const MAP_METHODS = ['get', 'set', 'delete', 'forEach'] as const;
const SET_METHODS = ['add', 'delete', 'forEach'] as const;

/** Whether `value` is a session state whose stream tables are node's own. */
function hasNodeTables(value: unknown): value is SessionState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<SessionState>;
  return isNodeCollection(state.streams, MAP_METHODS) && isNodeCollection(state.pendingStreams, SET_METHODS);
}

/** The symbol node keeps a session's state under (`Symbol(state)`), found once. */
let stateKey: symbol | undefined;

function stateOf(session: Http2Session): SessionState | undefined {
  const target = session as unknown as Record<symbol, unknown>;
  stateKey ??= Object.getOwnPropertySymbols(session).find((key) => key.description === 'state' && hasNodeTables(target[key]));
  if (stateKey === undefined) return undefined;
  const state = target[stateKey];
  return hasNodeTables(state) ? state : undefined;
}

/** Whether the tables pay on this node (see above): Node 20 only. */
export const STREAM_TABLES_PAY = Number((process.versions?.node ?? '0').split('.')[0]) === 20;

/**
 * Gives `session` stream tables that do not keep finished streams alive (see above), with the
 * streams it already has, whatever the node version. Does nothing when the session's state is
 * not node's `Map` and `Set` (already given, or a node that keeps them otherwise); returns
 * whether the session has our tables now. Safe to call at any time on the event loop.
 */
export function applySessionStreamTables(session: Http2Session): boolean {
  const state = stateOf(session);
  if (state === undefined) return hasOurTables(session);
  const streams = new StreamsById<unknown>();
  for (const [id, stream] of state.streams) streams.set(id, stream);
  const pending = new PendingStreams<unknown>();
  for (const stream of state.pendingStreams) pending.add(stream);
  state.streams = streams;
  state.pendingStreams = pending;
  return true;
}

/** Whether `session`'s state holds our tables already. */
function hasOurTables(session: Http2Session): boolean {
  const target = session as unknown as Record<symbol, unknown>;
  const state = stateKey === undefined ? undefined : (target[stateKey] as Partial<SessionState> | undefined);
  return state?.streams instanceof StreamsById && state.pendingStreams instanceof PendingStreams;
}

/** `applySessionStreamTables` where the tables pay (`STREAM_TABLES_PAY`), else nothing. */
export function useSessionStreamTables(session: Http2Session): void {
  if (STREAM_TABLES_PAY) applySessionStreamTables(session);
}

/** Gives every session `server` starts the stream tables of `useSessionStreamTables`, where they pay. */
export function useStreamTables(server: Http2Server | Http2SecureServer): void {
  if (STREAM_TABLES_PAY) server.on('session', useSessionStreamTables);
}
