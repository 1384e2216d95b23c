/**
 * HTTP/2: webfw's request and response on node's `http2` compat objects.
 *
 * An app's requests inherit `app.request` -> `webfw.request` -> `http.IncomingMessage.prototype`
 * (and responses the same with `ServerResponse`). Node's HTTP/2 compat objects
 * (`Http2ServerRequest`, `Http2ServerResponse`) are not built on those classes, so a request
 * given the HTTP/1 prototypes breaks inside node's stream code (what express does). For them
 * each level of that chain has an HTTP/2 twin: a prototype holding the same members (the very
 * same functions and accessors, defined once in request.ts and response.ts), inheriting the
 * twin of the level above and, at the bottom, node's `Http2ServerRequest.prototype` /
 * `Http2ServerResponse.prototype` in place of `IncomingMessage.prototype` /
 * `ServerResponse.prototype`.
 *
 * A twin is made the first time a level serves an HTTP/2 request, and made again when that
 * level gained or lost members or was re-parented (mounting) since: members added to
 * `app.request`, `webfw.response` ... at any time are seen over HTTP/2 too, from the first turn
 * of the event loop a millisecond after the change (a level's keys are counted at most once a
 * millisecond, not per request; a re-parented level is seen from the next turn). A member
 * replaced by another of the same name after the first HTTP/2 request is not: re-assigning
 * is not observable without slowing every request down.
 *
 * On the response twin, webfw's header methods give way to node's HTTP/2 ones, wrapped so
 * that HTTP/1-only headers are dropped (http2-headers.ts).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { http2HeaderMethods } from './http2-headers';
import { response } from './response';
import { headerMethods } from './response-headers';
import { APP_CLASS } from './symbols';

/** How the twins of one object kind (requests or responses) are made. */
interface Kind {
  /** Node's HTTP/1 prototype the chain ends on, and its HTTP/2 counterpart. */
  readonly http1: object;
  readonly http2: object;
  /** The class the twin of an app's own prototype extends (its server constructs with it). */
  readonly http2Class: typeof Http2ServerRequest | typeof Http2ServerResponse;
  /** Members the twin of `level` does not copy (HTTP/1-only implementations). */
  readonly skip: (level: object, key: string | symbol, descriptor: PropertyDescriptor) => boolean;
  /** Members the twin of `level` has of its own (HTTP/2 implementations). */
  readonly extras: (level: object) => PropertyDescriptorMap | undefined;
  readonly twins: WeakMap<object, Twin>;
  /** The level whose twin `currentTwinOf` found last, and in which turn. */
  readonly last: { level: object | undefined; twin: object; turn: number };
}

/** The HTTP/2 twin of one prototype level, and what it was made from. */
interface Twin {
  readonly twin: object;
  /** The class whose prototype `twin` is, for a level that is an app's own prototype. */
  readonly cls: (new (...args: never[]) => object) | undefined;
  /** The level's prototype and own-key count when the twin was last made. */
  parent: object | null;
  size: number;
  /** The turn of the event loop (`turn`) in which the twin was last found current. */
  checked: number;
  /** When (`performance.now()`) the level's keys were last counted. */
  countedAt: number;
}

/**
 * Counting a prototype's own keys costs microseconds (webfw's are dictionaries of 20-30
 * members), and a turn of the event loop may serve a single request: a level's keys are
 * counted at most once per this many milliseconds.
 */
const KEY_COUNT_INTERVAL_MS = 1;

/**
 * The turn of the event loop, counted while HTTP/2 requests come: a level is looked at once
 * per turn (many streams of a session arrive in one), not per request.
 */
let turn = 0;
let turnCounted = false;

function nextTurn(): void {
  turn++;
  turnCounted = false;
}

/** The current turn; schedules the count of the next one. */
function currentTurn(): number {
  if (!turnCounted) {
    turnCounted = true;
    setImmediate(nextTurn).unref();
  }
  return turn;
}

const requestKind: Kind = {
  http1: IncomingMessage.prototype,
  http2: Http2ServerRequest.prototype,
  http2Class: Http2ServerRequest,
  skip: () => false,
  extras: () => undefined,
  twins: new WeakMap(),
  last: { level: undefined, twin: Http2ServerRequest.prototype, turn: -1 },
};

const responseKind: Kind = {
  http1: ServerResponse.prototype,
  http2: Http2ServerResponse.prototype,
  http2Class: Http2ServerResponse,
  // webfw's own HTTP/1 header methods; a user's replacement on webfw.response is copied
  skip: (_level, key, descriptor) => typeof key === 'string' && headerMethods[key]?.value === descriptor.value,
  extras: (level) => (level === response ? http2HeaderMethods : undefined),
  twins: new WeakMap(),
  last: { level: undefined, twin: Http2ServerResponse.prototype, turn: -1 },
};

/** Members of a level the twins never copy: the twin keeps node's HTTP/2 `constructor`. */
function isOwnBookkeeping(key: string | symbol): boolean {
  return key === 'constructor' || key === APP_CLASS;
}

/** (Re)defines on `twin` the members of `level`, dropping those it no longer has. */
function fill(kind: Kind, twin: object, level: object, keys: (string | symbol)[]): void {
  const extras = kind.extras(level);
  for (const key of Reflect.ownKeys(twin)) {
    if (isOwnBookkeeping(key)) continue;
    if (!keys.includes(key) && !(extras && key in extras)) delete (twin as Record<string | symbol, unknown>)[key];
  }
  for (const key of keys) {
    if (isOwnBookkeeping(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(level, key) as PropertyDescriptor;
    if (kind.skip(level, key, descriptor)) continue;
    Object.defineProperty(twin, key, descriptor);
  }
  if (extras) Object.defineProperties(twin, extras);
}

/**
 * The HTTP/2 twin of prototype `level` (an `app.request` / `app.response`, `webfw.request` /
 * `webfw.response`, or any object in such a chain): made on first use, remade in place when
 * the level's members or parent changed.
 */
function twinOf(kind: Kind, level: object | null): object {
  if (level === null || level === kind.http1 || level === kind.http2) return kind.http2;
  const parent = Object.getPrototypeOf(level) as object | null;
  let entry = kind.twins.get(level);
  // the common case: found current this turn, and its parents with it
  if (entry !== undefined && entry.parent === parent && entry.checked === currentTurn()) return entry.twin;
  const parentTwin = twinOf(kind, parent);
  if (entry !== undefined && entry.parent === parent) {
    const now = performance.now();
    if (now - entry.countedAt < KEY_COUNT_INTERVAL_MS) {
      entry.checked = turn;
      return entry.twin;
    }
    if (Reflect.ownKeys(level).length === entry.size) {
      entry.checked = turn;
      entry.countedAt = now;
      return entry.twin;
    }
  }
  const keys = Reflect.ownKeys(level);
  if (entry === undefined) {
    let twin: object;
    let cls: Twin['cls'];
    if (Object.prototype.hasOwnProperty.call(level, APP_CLASS)) {
      // an app's own prototype: a class, so the servers app.listen creates construct with it
      cls = class extends (kind.http2Class as typeof Http2ServerResponse) {};
      twin = cls.prototype;
      Object.defineProperty(twin, 'constructor', { configurable: true, enumerable: false, writable: true, value: kind.http2Class });
    } else {
      twin = Object.create(parentTwin) as object;
    }
    entry = { twin, cls, parent, size: keys.length, checked: -1, countedAt: performance.now() };
    kind.twins.set(level, entry);
  } else {
    entry.parent = parent;
    entry.size = keys.length;
    entry.countedAt = performance.now();
  }
  if (Object.getPrototypeOf(entry.twin) !== parentTwin) Object.setPrototypeOf(entry.twin, parentTwin);
  fill(kind, entry.twin, level, keys);
  return entry.twin;
}

/**
 * `twinOf(kind, proto)`, answered without a look at the chain when `proto` was the level last
 * asked for in this turn (every request of an app asks for the same one).
 */
function currentTwinOf(kind: Kind, proto: object): object {
  const last = kind.last;
  if (last.level === proto && last.turn === turn) return last.twin;
  const twin = twinOf(kind, proto);
  last.level = proto;
  last.twin = twin;
  // (currentTurn schedules the count that ends this answer's turn)
  last.turn = currentTurn();
  return twin;
}

/**
 * Gives `req` the prototype `proto` (an app's `app.request`), or, for an HTTP/2 compat
 * request, `proto`'s HTTP/2 twin. Leaves it alone when it already has that prototype.
 * Returns whether the prototype was switched.
 */
export function adoptRequest(req: object, proto: object): boolean {
  const target = req instanceof Http2ServerRequest ? currentTwinOf(requestKind, proto) : proto;
  if (Object.getPrototypeOf(req) === target) return false;
  Object.setPrototypeOf(req, target);
  return true;
}

/**
 * Gives `res` the prototype `proto` (an app's `app.response`), or, for an HTTP/2 compat
 * response, `proto`'s HTTP/2 twin. Leaves it alone when it already has that prototype.
 */
export function adoptResponse(res: object, proto: object): void {
  const target = res instanceof Http2ServerResponse ? currentTwinOf(responseKind, proto) : proto;
  if (Object.getPrototypeOf(res) !== target) Object.setPrototypeOf(res, target);
}

/** The request and response classes an HTTP/2 server constructs with (node's option names). */
export interface Http2Classes {
  Http2ServerRequest: typeof Http2ServerRequest;
  Http2ServerResponse: typeof Http2ServerResponse;
}

/**
 * The classes whose instances are born with the HTTP/2 twins of `requestProto` and
 * `responseProto` (an app's own prototypes, made by `webfw()`), for the HTTP/2 servers
 * `app.listen` creates; undefined when either prototype is not one `webfw()` made.
 */
export function http2Classes(requestProto: object, responseProto: object): Http2Classes | undefined {
  twinOf(requestKind, requestProto);
  twinOf(responseKind, responseProto);
  const req = requestKind.twins.get(requestProto)?.cls;
  const res = responseKind.twins.get(responseProto)?.cls;
  if (req === undefined || res === undefined) return undefined;
  return { Http2ServerRequest: req as unknown as typeof Http2ServerRequest, Http2ServerResponse: res as unknown as typeof Http2ServerResponse };
}

/**
 * Whether a request has a body: a Transfer-Encoding or Content-Length header (type-is's
 * test), or, on HTTP/2, where neither is required, a stream the client did not end with its
 * HEADERS frame.
 */
export function hasBody(req: IncomingMessage | Http2ServerRequest): boolean {
  const headers = req.headers;
  if (headers['transfer-encoding'] !== undefined || !isNaN(headers['content-length'] as unknown as number)) return true;
  return req.httpVersionMajor === 2 && (req as Http2ServerRequest).stream?.endAfterHeaders === false;
}
