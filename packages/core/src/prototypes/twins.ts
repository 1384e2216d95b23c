/**
 * Twins of an app's prototype chain, for requests and responses that are not node's HTTP/1
 * objects.
 *
 * An app's requests inherit `app.request` -> `webfw.request` -> `http.IncomingMessage.prototype`
 * (and responses the same with `ServerResponse`). Node's HTTP/2 compat objects and the
 * responses of the fetch handler are not built on those classes, so a request given the
 * HTTP/1 prototypes breaks inside their code (what express does). For them each level of
 * that chain has a twin: a prototype holding the same members (the very same functions and
 * accessors, defined once in ../request/request.ts and ../response/response.ts), inheriting the twin of the level
 * above and, at the bottom, the kind's own prototype (`Http2ServerRequest.prototype`,
 * `FetchResponse.prototype`, ...) in place of `IncomingMessage.prototype` /
 * `ServerResponse.prototype`.
 *
 * A twin is made the first time a level serves such a request, and made again when that
 * level gained or lost members or was re-parented (mounting) since: members added to
 * `app.request`, `webfw.response` ... at any time are seen on the twins too, from the first
 * turn of the event loop a millisecond after the change (a level's keys are counted at most
 * once a millisecond, not per request; a re-parented level is seen from the next turn). A
 * member replaced by another of the same name after the first such request is not:
 * re-assigning is not observable without slowing every request down.
 *
 * Each kind of twins (HTTP/2 requests, HTTP/2 responses, fetch responses) is registered
 * here; `adoptRequest` / `adoptResponse` give an object of a kind the twin of the prototype
 * asked for.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CLASS } from '../utils/symbols';

/** A class whose instances are one kind of request or response. */
type AnyClass = abstract new (...args: never[]) => object;

/** How the twins of one object kind are made. */
export interface TwinKind {
  /** Node's HTTP/1 prototype the app's chain ends on. */
  readonly base: object;
  /** The kind's own class: its prototype is the bottom of every twin chain. */
  readonly bottomClass: AnyClass;
  /** Members the twin of `level` does not copy (HTTP/1-only implementations). */
  readonly skip: (level: object, key: string | symbol, descriptor: PropertyDescriptor) => boolean;
  /** Members the twin of `level` has of its own (the kind's implementations). */
  readonly extras: (level: object) => PropertyDescriptorMap | undefined;
  readonly twins: WeakMap<object, Twin>;
  /** The level whose twin `currentTwinOf` found last, and in which turn. */
  readonly last: { level: object | undefined; twin: object; turn: number };
}

/** The twin of one prototype level, and what it was made from. */
interface Twin {
  readonly twin: object;
  /** The class whose prototype `twin` is, for a level that is an app's own prototype. */
  readonly cls: AnyClass | undefined;
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
 * The turn of the event loop, counted while such requests come: a level is looked at once
 * per turn (many requests arrive in one), not per request.
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

/** The kinds of requests and of responses that get twins. */
const requestKinds: TwinKind[] = [];
const responseKinds: TwinKind[] = [];

/**
 * A kind of twins: chains ending on `bottomClass.prototype` in place of `base` (node's
 * `IncomingMessage.prototype` or `ServerResponse.prototype`), registered for `adoptRequest`
 * (`side` 'request') or `adoptResponse` ('response').
 */
export function twinKind(
  side: 'request' | 'response',
  base: object,
  bottomClass: AnyClass,
  skip: TwinKind['skip'] = () => false,
  extras: TwinKind['extras'] = () => undefined,
): TwinKind {
  const kind: TwinKind = { base, bottomClass, skip, extras, twins: new WeakMap(), last: { level: undefined, twin: bottomClass.prototype as object, turn: -1 } };
  (side === 'request' ? requestKinds : responseKinds).push(kind);
  return kind;
}

/** Members of a level the twins never copy: the twin keeps its kind's `constructor`. */
function isOwnBookkeeping(key: string | symbol): boolean {
  return key === 'constructor' || key === APP_CLASS;
}

/** (Re)defines on `twin` the members of `level`, dropping those it no longer has. */
function fill(kind: TwinKind, twin: object, level: object, keys: (string | symbol)[]): void {
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
 * The twin of prototype `level` (an `app.request` / `app.response`, `webfw.request` /
 * `webfw.response`, or any object in such a chain): made on first use, remade in place when
 * the level's members or parent changed.
 */
export function twinOf(kind: TwinKind, level: object | null): object {
  const bottom = kind.bottomClass.prototype as object;
  if (level === null || level === kind.base || level === bottom) return bottom;
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
      // an app's own prototype: a class, so the app's servers (and its fetch handler)
      // construct their objects with it
      cls = class extends (kind.bottomClass as new (...args: never[]) => object) {};
      twin = cls.prototype as object;
      Object.defineProperty(twin, 'constructor', { configurable: true, enumerable: false, writable: true, value: kind.bottomClass });
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
 * The class whose instances are born with the twin of `proto` (an app's own prototype, made
 * by `webfw()`), or undefined when `proto` is not one `webfw()` made.
 */
export function twinClassOf(kind: TwinKind, proto: object): AnyClass | undefined {
  twinOf(kind, proto);
  return kind.twins.get(proto)?.cls;
}

/**
 * `twinOf(kind, proto)`, answered without a look at the chain when `proto` was the level last
 * asked for in this turn (every request of an app asks for the same one).
 */
function currentTwinOf(kind: TwinKind, proto: object): object {
  const last = kind.last;
  if (last.level === proto && last.turn === turn) return last.twin;
  const twin = twinOf(kind, proto);
  last.level = proto;
  last.twin = twin;
  // (currentTurn schedules the count that ends this answer's turn)
  last.turn = currentTurn();
  return twin;
}

/** The prototype `obj` of one of `kinds` gets in place of `proto`: its twin; `proto` for any other object. */
function targetOf(kinds: TwinKind[], obj: object, proto: object): object {
  // the common case: `obj` already has the twin of `proto` found last in this turn
  const current = Object.getPrototypeOf(obj) as object;
  for (let i = 0; i < kinds.length; i++) {
    const last = kinds[i]!.last;
    if (last.twin === current && last.level === proto && last.turn === turn) return current;
  }
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[i]!;
    if (obj instanceof (kind.bottomClass as new () => object)) return currentTwinOf(kind, proto);
  }
  return proto;
}

/**
 * Gives `req` the prototype `proto` (an app's `app.request`), or, for a request of a twin
 * kind (an HTTP/2 compat request), `proto`'s twin. Leaves it alone when it already has that
 * prototype. Returns whether the prototype was switched.
 */
export function adoptRequest(req: object, proto: object): boolean {
  // node's HTTP/1 requests (those of the fetch handler too) take `proto` itself; the test names
  // its class, so the check is a walk up the chain (`instanceof` on a class read from a list
  // looks `Symbol.hasInstance` up each time)
  const target = req instanceof IncomingMessage ? proto : targetOf(requestKinds, req, proto);
  if (Object.getPrototypeOf(req) === target) return false;
  Object.setPrototypeOf(req, target);
  return true;
}

/**
 * Gives `res` the prototype `proto` (an app's `app.response`), or, for a response of a twin
 * kind (an HTTP/2 compat response, a fetch handler's response), `proto`'s twin. Leaves it
 * alone when it already has that prototype.
 */
export function adoptResponse(res: object, proto: object): void {
  // (node's HTTP/1 responses: as in `adoptRequest`)
  const target = res instanceof ServerResponse ? proto : targetOf(responseKinds, res, proto);
  if (Object.getPrototypeOf(res) !== target) Object.setPrototypeOf(res, target);
}
