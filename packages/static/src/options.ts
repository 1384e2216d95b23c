import type { ServerResponse } from 'node:http';
import type { Stats } from 'node:fs';
import { resolve } from 'node:path';
import ms from 'ms';

/** How requests for dotfiles (any path segment beginning with `.`) are treated: the values `dotfiles` takes. */
export type DotfilesPolicy = 'allow' | 'deny' | 'ignore';

/**
 * The `setHeaders` option: called with the response, the absolute file path and its `fs.Stats`
 * (typed `any`, as @types/serve-static types it; `Stat` narrows it, an opt-in).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- @types/serve-static's types
export type SetHeaders<Res extends ServerResponse = ServerResponse, Stat = any> = (res: Res, path: string, stat: Stat) => any;

/**
 * Options of {@link serveStatic}: the options of serve-static 2.x, with the same defaults, typed
 * as @types/serve-static types them (each accepts what @types accepts; some accept more, as
 * serve-static itself does). `Res` is the response type handed to `setHeaders` (a framework's
 * extended response; inferred from where the middleware goes, as with @types).
 */
export interface ServeStaticOptions<Res extends ServerResponse = ServerResponse> {
  /** Accept ranged requests (`Range`) and send `Accept-Ranges: bytes`. Default `true`. */
  acceptRanges?: boolean | undefined;
  /** Send a `Cache-Control` header; `false` also ignores `maxAge` and `immutable`. Default `true`. */
  cacheControl?: boolean | undefined;
  /**
   * `'allow'`, `'deny'` (403) or `'ignore'` (as if missing). Default `'ignore'`. Typed `string`
   * as on @types/serve-static; any other value throws a TypeError when the middleware is created.
   */
  dotfiles?: string | undefined;
  /** Send a weak `ETag` computed from the file's size and modification time. Default `true`. */
  etag?: boolean | undefined;
  /** Extensions tried, in order, when the requested file has none and does not exist. Default `false`. */
  extensions?: string[] | false | undefined;
  /** `true`: client errors and missing files call `next()`; `false`: `next(err)`, and other methods get 405. Default `true`. */
  fallthrough?: boolean | undefined;
  /** Add the `immutable` directive to `Cache-Control` (set `maxAge` too). Default `false`. */
  immutable?: boolean | undefined;
  /**
   * Directory index file name(s) tried in order; `false` disables. Default `'index.html'`.
   * (`true` type-checks, as on @types/serve-static, but throws when the middleware is created,
   * as on serve-static.)
   */
  index?: boolean | string | string[] | undefined;
  /** Send `Last-Modified` from the file's modification time. Default `true`. */
  lastModified?: boolean | undefined;
  /** `Cache-Control` max-age in milliseconds, or a string such as `'1d'` or `'2 hours'`. Default `0`. */
  maxAge?: number | string | undefined;
  /** Lower-case alias of `maxAge` kept for serve-static compatibility; `maxAge` wins when both are set. */
  maxage?: number | string | undefined;
  /** Redirect a directory request without a trailing slash to the same path with one (301). Default `true`. */
  redirect?: boolean | undefined;
  /**
   * Called synchronously once the file is found, before the default headers are set, with the
   * response, the absolute file path and its `fs.Stats`. Headers it sets win over the defaults.
   */
  setHeaders?: SetHeaders<Res> | undefined;
  /** Byte offset at which every response starts (send option; disables the small-file fast path). */
  start?: number | undefined;
  /** Inclusive byte offset at which every response ends (send option; disables the small-file fast path). */
  end?: number | undefined;
}

/** The longest max-age send accepts: one year, in milliseconds. */
const MAX_MAXAGE = 365 * 24 * 60 * 60 * 1000;

/** Options after validation and defaulting, computed once per middleware. */
export interface ResolvedOptions<Res extends ServerResponse> {
  root: string;
  acceptRanges: boolean;
  cacheControl: boolean;
  dotfiles: DotfilesPolicy;
  etag: boolean;
  extensions: string[];
  fallthrough: boolean;
  immutable: boolean;
  index: string[];
  lastModified: boolean;
  /** Clamped max-age in milliseconds. */
  maxAge: number;
  redirect: boolean;
  setHeaders: SetHeaders<Res, Stats> | undefined;
  start: number | undefined;
  end: number | undefined;
  /** The `Cache-Control` value every file response gets (when `cacheControl` is on). */
  cacheControlValue: string;
}

/** `false`/empty -> [], a string -> [it], an array of strings -> a copy; anything else throws (as send does). */
function normalizeList(value: unknown, name: string): string[] {
  const list: unknown[] = value ? ([] as unknown[]).concat(value) : [];
  for (const item of list) {
    if (typeof item !== 'string') throw new TypeError(`${name} must be array of strings or false`);
  }
  return list as string[];
}

/** send's max-age rule: ms strings parsed, numbers coerced, NaN -> 0, clamped to [0, 1 year]. */
function normalizeMaxAge(value: unknown): number {
  let n: number;
  if (typeof value === 'string') {
    const parsed = value.length > 0 ? (ms as (v: string) => number | undefined)(value) : undefined;
    n = parsed === undefined ? NaN : parsed;
  } else {
    n = Number(value);
  }
  return Number.isNaN(n) ? 0 : Math.min(Math.max(0, n), MAX_MAXAGE);
}

/**
 * Validates `root` and `options` and applies every default, throwing a `TypeError` (with
 * serve-static's and send's messages) for a missing root, a non-string root, a non-function
 * `setHeaders`, an unknown `dotfiles` value or a malformed `index` / `extensions` list.
 */
export function resolveOptions<Res extends ServerResponse>(root: unknown, options: ServeStaticOptions<Res> | undefined): ResolvedOptions<Res> {
  if (!root) throw new TypeError('root path required');
  if (typeof root !== 'string') throw new TypeError('root path must be a string');
  const opts: ServeStaticOptions<Res> = options ?? {};
  const setHeaders = opts.setHeaders;
  if (setHeaders && typeof setHeaders !== 'function') throw new TypeError('option setHeaders must be function');
  const dotfiles: unknown = opts.dotfiles === undefined ? 'ignore' : opts.dotfiles;
  if (dotfiles !== 'allow' && dotfiles !== 'deny' && dotfiles !== 'ignore') {
    throw new TypeError('dotfiles option must be "allow", "deny", or "ignore"');
  }
  const cacheControl = opts.cacheControl !== undefined ? Boolean(opts.cacheControl) : true;
  const immutable = Boolean(opts.immutable);
  const maxAge = normalizeMaxAge(opts.maxAge || opts.maxage || 0);
  return {
    root: resolve(root),
    acceptRanges: opts.acceptRanges !== undefined ? Boolean(opts.acceptRanges) : true,
    cacheControl,
    dotfiles,
    etag: opts.etag !== undefined ? Boolean(opts.etag) : true,
    extensions: opts.extensions !== undefined ? normalizeList(opts.extensions, 'extensions option') : [],
    fallthrough: opts.fallthrough !== false,
    immutable,
    index: opts.index !== undefined ? normalizeList(opts.index, 'index option') : ['index.html'],
    lastModified: opts.lastModified !== undefined ? Boolean(opts.lastModified) : true,
    maxAge,
    redirect: opts.redirect !== false,
    setHeaders: setHeaders || undefined,
    start: opts.start,
    end: opts.end,
    cacheControlValue: `public, max-age=${Math.floor(maxAge / 1000)}${immutable ? ', immutable' : ''}`,
  };
}
