import { METHODS } from 'node:http';

/**
 * The lower-case HTTP method names a router and a route get a method for. These are the
 * methods of Node 20+ `http.METHODS` (which the parser accepts); `methods` below is read from
 * the running Node, so a newer Node's extra methods get a router method too.
 */
export type HttpMethod =
  | 'acl'
  | 'bind'
  | 'checkout'
  | 'connect'
  | 'copy'
  | 'delete'
  | 'get'
  | 'head'
  | 'link'
  | 'lock'
  | 'm-search'
  | 'merge'
  | 'mkactivity'
  | 'mkcalendar'
  | 'mkcol'
  | 'move'
  | 'notify'
  | 'options'
  | 'patch'
  | 'post'
  | 'propfind'
  | 'proppatch'
  | 'purge'
  | 'put'
  | 'query'
  | 'rebind'
  | 'report'
  | 'search'
  | 'source'
  | 'subscribe'
  | 'trace'
  | 'unbind'
  | 'unlink'
  | 'unlock'
  | 'unsubscribe';

/** Every method `node:http` knows, lower-cased, in its order. */
export const methods: readonly string[] = Object.freeze(METHODS.map((m) => m.toLowerCase()));

/** Position of each method in `methods`, by its upper- and lower-case names. */
const METHOD_IDS = new Map<string, number>();
methods.forEach((m, i) => {
  METHOD_IDS.set(m, i);
  METHOD_IDS.set(m.toUpperCase(), i);
});

/** `methods` as a plain array: optimized code reads a frozen array's elements through a slower generic path. */
const NAMES: readonly string[] = methods.slice();

/** The lower-case name of the method at position `id` (>= 0) in `methods`. */
export function methodName(id: number): string {
  return NAMES[id]!;
}

/** Position of `get` in `methods` (HEAD falls back to it). */
export const GET_ID = METHOD_IDS.get('get')!;
/** Position of `head` in `methods`. */
export const HEAD_ID = METHOD_IDS.get('head')!;

/**
 * The position of a request method in `methods` (any case), or -1 for a method `node:http`
 * does not know (only `all` routes answer it).
 */
export function methodId(method: unknown): number {
  // The most common method without the map lookup (which hashes a string the parser made).
  if (method === 'GET') return GET_ID;
  if (typeof method !== 'string') return -1;
  return METHOD_IDS.get(method) ?? METHOD_IDS.get(method.toLowerCase()) ?? -1;
}
