import type { ServerResponse } from 'node:http';
import type { LoggedResponse } from '../types';

/** The `writeHead` our hook replaced (the prototype's, or another hook's). */
const kReplaced = Symbol('webfw.logger.writeHead');
/** The headers argument of the first `writeHead` call, when it had one. */
const kWritten = Symbol('webfw.logger.writtenHeaders');

type WriteHead = ServerResponse['writeHead'];
type WriteHeadArgs = Parameters<WriteHead>;

/** A response as the hook sees it. */
interface HookedResponse extends LoggedResponse {
  [kReplaced]?: WriteHead;
  [kWritten]?: object;
}

/**
 * Stands in for `res.writeHead` (which Node also calls for implicit headers): on the first
 * call, records when the headers went out (`res._startAt`, `res._startTime`, as morgan names
 * them) and the headers object or list handed to it, then calls the `writeHead` it replaced.
 * One shared function, installed once per response however many loggers run: no closure per
 * request. (Keeping the replaced function on the response is cheaper than looking it up on
 * the prototype at each call: prototypes are hash tables in V8.)
 */
function timedWriteHead(this: HookedResponse, _status: number, reason?: unknown, headers?: unknown): ServerResponse {
  if (this._startAt === undefined) {
    this._startAt = process.hrtime();
    this._startTime = new Date();
    const written = typeof reason === 'string' ? headers : (headers ?? reason);
    if (written !== null && typeof written === 'object') this[kWritten] = written;
  }
  return this[kReplaced]!.apply(this, arguments as unknown as WriteHeadArgs);
}

/** Makes `res` record when its headers are written; a no-op when a logger already did. */
export function timeHeaders(res: LoggedResponse): void {
  const hooked = res as HookedResponse;
  if (hooked[kReplaced] !== undefined) return;
  hooked[kReplaced] = res.writeHead;
  hooked.writeHead = timedWriteHead as WriteHead;
}

/** Whether `key` is the header name `name` (lower case), ignoring case, without allocating. */
function isName(key: unknown, name: string): boolean {
  if (key === name) return true;
  if (typeof key !== 'string' || key.length !== name.length) return false;
  for (let i = 0; i < key.length; i++) {
    let c = key.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== name.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * The value of header `name` (lower case) in what was handed to `writeHead`: an object, a
 * flat `[name, value, ...]` list or a list of pairs. A name given several times yields the
 * list of its values.
 */
function findHeader(headers: object, name: string): unknown {
  // [name, value] candidates in order, read without allocating unless a name repeats
  const list = headers as unknown[];
  const pairs = Array.isArray(headers) && headers.length > 0 && Array.isArray(headers[0]);
  const keys = Array.isArray(headers) ? undefined : Object.keys(headers);
  const count = keys !== undefined ? keys.length : pairs ? list.length : list.length >> 1;
  let first: unknown;
  let all: unknown[] | undefined;
  let found = 0;
  for (let i = 0; i < count; i++) {
    let key: unknown;
    let value: unknown;
    if (keys !== undefined) {
      key = keys[i];
      value = (headers as Record<string, unknown>)[key as string];
    } else if (pairs) {
      const pair = list[i] as unknown[];
      key = pair[0];
      value = pair[1];
    } else {
      key = list[2 * i];
      value = list[2 * i + 1];
    }
    if (!isName(key, name)) continue;
    if (found++ === 0) first = value;
    else (all ??= [first]).push(value);
  }
  return all === undefined ? first : all.flat();
}

/** `content-length` -> `Content-Length`: how header names are usually spelled in code. */
export function titleCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, ch: string) => dash + ch.toUpperCase());
}

/**
 * A response header as it was written: the header store's value, else the value handed to
 * `writeHead(status, headers)` (Node writes those without storing them when nothing was set
 * before; morgan's hook stores them, so `:res[name]` sees them). `name` is the header name in
 * lower case, `spelling` the name as it is usually written (see `titleCase`): asked of
 * `getHeader` (a framework keeping written headers finds that spelling first) and looked up
 * directly in a headers object before a search ignoring case.
 */
export function writtenHeader(res: ServerResponse, name: string, spelling: string): unknown {
  const value = res.getHeader(spelling);
  if (value !== undefined) return value;
  const written = (res as HookedResponse)[kWritten];
  if (written === undefined) return undefined;
  if (!Array.isArray(written)) {
    const direct = (written as Record<string, unknown>)[spelling] ?? (written as Record<string, unknown>)[name];
    if (direct !== undefined) return direct;
  }
  return findHeader(written, name);
}
