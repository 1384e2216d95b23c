import { parse as parseSimpleQuery } from 'node:querystring';
import proxyaddr from 'proxy-addr';
import qs from 'qs';
import { strongETag, weakETag, type ETagFunction } from '../utils/etag';

/** A parsed query string: keys to strings, arrays or (extended parser) nested objects. */
export interface ParsedQuery {
  [key: string]: undefined | string | string[] | ParsedQuery | ParsedQuery[];
}

/** Parses a raw query string (without `?`; null when the URL has no `?`, as express passes it) into an object. */
export type QueryParser = (query: string) => object;

/** Decides whether an address is a trusted proxy; `hop` counts from the app outwards. */
export type TrustFunction = (address: string | undefined, hop: number) => boolean;

/** Accepted values of the `etag` setting. */
export type ETagSetting = boolean | 'weak' | 'strong' | ETagFunction;

/** Accepted values of the `query parser` setting. */
export type QueryParserSetting = boolean | 'simple' | 'extended' | QueryParser;

/** Accepted values of the `trust proxy` setting. */
export type TrustProxySetting = boolean | number | string | string[] | ((address: string | undefined, hop: number) => boolean);

export type { ETagFunction };

/**
 * Compiles the `etag` setting into the generator stored as `etag fn`: `true`/`'weak'` give
 * weak ETags, `'strong'` strong ones, `false` none (undefined), a function is used as is.
 * Throws a TypeError for any other value, as express does.
 */
export function compileETag(value: unknown): ETagFunction | undefined {
  if (typeof value === 'function') return value as ETagFunction;
  switch (value) {
    case true:
    case 'weak':
      return weakETag;
    case false:
      return undefined;
    case 'strong':
      return strongETag;
    default:
      throw new TypeError(`unknown value for etag function: ${String(value)}`);
  }
}

/**
 * The extended query parser: qs with express's options (prototype keys stay own keys). No query
 * string gives `{}`, qs's own answer, without qs reading its options.
 */
export function parseExtendedQuery(query: string): ParsedQuery {
  if (query === '' || query === null || query === undefined) return {};
  return qs.parse(query, { allowPrototypes: true }) as ParsedQuery;
}

/**
 * The parser the `query parser` setting `value` names: `true`/`'simple'` node's querystring
 * parser, `'extended'` the `extended` one given, `false` the `none` given, a function as is.
 * Throws a TypeError for any other value. (5.x and the v4 entry differ in `extended` and `none`.)
 */
export function queryParserFor<P>(value: unknown, extended: P, none: P): P {
  if (typeof value === 'function') return value as P;
  switch (value) {
    case true:
    case 'simple':
      return parseSimpleQuery as P;
    case false:
      return none;
    case 'extended':
      return extended;
    default:
      throw new TypeError(`unknown value for query parser function: ${String(value)}`);
  }
}

/**
 * Compiles the `query parser` setting into the function stored as `query parser fn`:
 * `true`/`'simple'` give node's querystring parser, `'extended'` qs, `false` none, a function
 * is used as is. Throws a TypeError for any other value.
 */
export function compileQueryParser(value: unknown): QueryParser | undefined {
  return queryParserFor<QueryParser | undefined>(value, parseExtendedQuery, undefined);
}

const trustAll: TrustFunction = () => true;

/** The compiled `trust proxy` setting that trusts no address (`false`, the default). */
export const trustNone: TrustFunction = () => false;

/**
 * Compiles the `trust proxy` setting into the function stored as `trust proxy fn`: `true`
 * trusts every hop, a number trusts that many hops, a string (comma list), array of
 * addresses/subnets/names (`loopback`, `linklocal`, `uniquelocal`) is compiled by proxy-addr,
 * a function is used as is; `false`/unset trusts nothing. Invalid addresses throw a TypeError.
 */
export function compileTrust(value: unknown): TrustFunction {
  if (typeof value === 'function') return value as TrustFunction;
  if (value === true) return trustAll;
  if (value === false || value === undefined || value === null) return trustNone;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  const list = typeof value === 'string' ? value.split(',').map((v) => v.trim()) : value || [];
  return proxyaddr.compile(list as string[]) as TrustFunction;
}

/**
 * An app's settings, for reading one as `app.get(name)` does on the hot path (`x-powered-by`,
 * `etag fn`, `json ...`, `query parser fn`, `trust proxy fn`) without the call and argument
 * checks: `settingsOf(app)['etag fn']`. An app's settings object has a null prototype and
 * inherits its parent app's settings through its prototype, so a plain property read finds the
 * own value or the inherited one, exactly as `app.get`'s walk does, for every name that is not a
 * member of `Object.prototype`. The name is written at each read, not passed in: a read inside a
 * shared function taking the name sees every name, and V8 compiles it as a generic lookup
 * (several reads a request), where a read of a name written
 * in place compiles to a load from the object.
 */
export function settingsOf(app: { settings: object }): Record<string, unknown> {
  return app.settings as Record<string, unknown>;
}
