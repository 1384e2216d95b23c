/**
 * HTTP/2 sessions' stream tables that let finished streams die young.
 *
 * Node keeps each HTTP/2 session's open streams in a `Map` (by id) and a `Set` (streams not yet
 * given an id): every request adds its stream to both and deletes it again. V8 implements
 * `Map` and `Set` with hash tables that are replaced as entries come and go, and an old table
 * keeps a pointer to its successor and its own entries. Once a mark-compact has moved a
 * session's table to the old generation (the first one does, within a second or two under
 * load), that dead old table keeps every later table, and every stream ever put into one,
 * alive through each scavenge until the next mark-compact: all of a request's objects (the
 * stream, node's compat request and response, the app's properties on them) are promoted
 * instead of dying young. Measured on a hello JSON app under h2load: every scavenge promoted
 * about 1.6 MB and took 4-8 ms instead of 0.5-1 ms, and mark-compacts came every 300 ms.
 *
 * The tables below have the `Map` / `Set` methods node uses (and the rest of their API) on
 * storage that leaves no such chain (an object in dictionary mode keyed by stream id, an
 * array), and `useStreamTables` puts them in place of a session's own when the session
 * starts. A session whose state does not look as expected (another node version) is left
 * as it is.
 */
import type { Http2Session, Http2Server, Http2SecureServer } from 'node:http2';

/** A session's open streams by id: the `Map` API on an object keyed by id (ascending ids, as inserted). */
class StreamsById<V> {
  private entriesById: Record<number, V> = Object.create(null) as Record<number, V>;
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(id: number): V | undefined {
    return this.entriesById[id];
  }

  has(id: number): boolean {
    return id in this.entriesById;
  }

  set(id: number, value: V): this {
    if (!(id in this.entriesById)) this.count++;
    this.entriesById[id] = value;
    return this;
  }

  delete(id: number): boolean {
    if (!(id in this.entriesById)) return false;
    delete this.entriesById[id];
    this.count--;
    return true;
  }

  clear(): void {
    this.entriesById = Object.create(null) as Record<number, V>;
    this.count = 0;
  }

  /** Calls `fn` for each entry; entries deleted meanwhile and not yet visited are skipped, as with `Map`. */
  forEach(fn: (value: V, id: number, table: this) => void): void {
    const entries = this.entriesById;
    for (const key in entries) fn(entries[key] as V, Number(key), this);
  }

  *entries(): IterableIterator<[number, V]> {
    const entries = this.entriesById;
    for (const key in entries) yield [Number(key), entries[key] as V];
  }

  *keys(): IterableIterator<number> {
    for (const key in this.entriesById) yield Number(key);
  }

  *values(): IterableIterator<V> {
    const entries = this.entriesById;
    for (const key in entries) yield entries[key] as V;
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
  return typeof collection.size === 'number' && typeof collection[Symbol.iterator as unknown as string] === 'function' && methods.every((name) => typeof collection[name] === 'function');
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

/**
 * Gives `session` stream tables that do not keep finished streams alive (see above), with the
 * streams it already has. Does nothing when the session's state is not node's `Map` and
 * `Set` (already given, or another node version). Safe to call at any time on the event loop.
 */
export function useSessionStreamTables(session: Http2Session): void {
  const state = stateOf(session);
  if (state === undefined) return;
  const streams = new StreamsById<unknown>();
  for (const [id, stream] of state.streams) streams.set(id, stream);
  const pending = new PendingStreams<unknown>();
  for (const stream of state.pendingStreams) pending.add(stream);
  state.streams = streams;
  state.pendingStreams = pending;
}

/** Gives every session `server` starts the stream tables of `useSessionStreamTables`. */
export function useStreamTables(server: Http2Server | Http2SecureServer): void {
  server.on('session', useSessionStreamTables);
}
