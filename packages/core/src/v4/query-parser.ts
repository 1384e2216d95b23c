/**
 * 4.x: `req.query` is a plain property the `query` middleware sets (when it is not set yet)
 * from the `query parser fn` the app had when its router was made; the `query parser`
 * default is `extended` (qs, prototype keys kept, arrays up to 1000 items) and `false` gives
 * an empty object. `webfw.query([options])` is that middleware, exported as `express.query`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import { parseUrl } from '@webfw/router';
import { queryParserFor, type ParsedQuery } from '../application/settings';

/** The `query parser` default of 4.x. */
export const QUERY_PARSER_DEFAULT = 'extended';

/** A query string parser as the `query` middleware calls it: `(string, options)`. */
export type QueryParserV4 = (query: string, options?: qs.IParseOptions) => object;

/** The middleware `webfw.query()` returns. */
export type QueryMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** `webfw.query` (a named type, so the entry's declarations do not refer to the member itself). */
export type QueryMiddlewareFactory = (options?: qs.IParseOptions | QueryParserV4) => QueryMiddleware;

/**
 * The extended parser of express 4: qs with prototype keys kept and `arrayLimit` 1000. No query
 * string (`/path`, `/path?`) gives `{}`, qs's own answer, without qs reading its options.
 */
export function parseExtendedQuery(query: string): ParsedQuery {
  if (query === '' || query === null || query === undefined) return {};
  return qs.parse(query, { allowPrototypes: true, arrayLimit: 1000 }) as ParsedQuery;
}

function emptyQuery(): ParsedQuery {
  return {};
}

/**
 * Compiles the `query parser` setting as express 4 does: `true`/`'simple'` node's
 * querystring, `'extended'` qs (see `parseExtendedQuery`), `false` a parser giving `{}`, a
 * function as is; any other value throws a TypeError.
 */
export function compileQueryParser(value: unknown): QueryParserV4 {
  return queryParserFor<QueryParserV4>(value, parseExtendedQuery, emptyQuery);
}

type QueryRequest = IncomingMessage & { query?: unknown };

/**
 * `req.query` as a value set on the request itself (by earlier middleware), as express 4's
 * `if (!req.query)` sees it on node's plain requests. A value from the request's prototype is
 * not one: a request born with a 5.x app's prototype (a server a 5.x app adopted first, see
 * ../prototypes/server-adoption.ts) has the 5.x `query` getter there, which the switch to this app's
 * prototype drops.
 */
function ownQuery(req: QueryRequest): unknown {
  return Object.prototype.hasOwnProperty.call(req, 'query') ? req.query : undefined;
}

/** Sets `req.query` on the request itself (over a getter a 5.x prototype may have, see `ownQuery`). */
function setQuery(req: QueryRequest, value: unknown): void {
  if ('query' in req) Object.defineProperty(req, 'query', { configurable: true, enumerable: true, writable: true, value });
  else req.query = value;
}

/**
 * `webfw.query([options])`: a middleware setting `req.query` unless a value is there already.
 * A function is the parser; otherwise qs parses with `options` (`allowPrototypes` true unless
 * given).
 */
export function query(options?: qs.IParseOptions | QueryParserV4): QueryMiddleware {
  let parse: QueryParserV4 = qs.parse as QueryParserV4;
  let opts: qs.IParseOptions | undefined;
  if (typeof options === 'function') {
    parse = options;
  } else {
    opts = {};
    for (const key in options) (opts as Record<string, unknown>)[key] = (options as Record<string, unknown>)[key];
    if (opts.allowPrototypes === undefined) opts.allowPrototypes = true;
  }
  return function query(req: QueryRequest, _res: ServerResponse, next: (err?: unknown) => void): void {
    if (!ownQuery(req)) setQuery(req, parse(parseUrl(req.url as string).query as string, opts));
    next();
  };
}
