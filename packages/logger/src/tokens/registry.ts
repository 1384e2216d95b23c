import type { IncomingMessage, ServerResponse } from 'node:http';
import { basicAuthUser } from './basic-auth';
import { elapsedMs, formatNow } from './clock';
import { writtenHeader } from './header-timing';
import { escapeValue } from './sanitize';
import type { LoggedRequest, LoggedResponse, TokenFunction, TokenIndexer } from '../types';

/**
 * Every defined token by name. This object is what format functions receive as `tokens`;
 * `logger.token()` adds to it. It has no prototype, so names such as `constructor` or
 * `__proto__` are plain tokens, never inherited functions. Each entry is the escaping
 * wrapper of the function it was defined with (see `defineToken`).
 */
export const tokens: TokenIndexer<IncomingMessage, ServerResponse> = Object.create(null);

/**
 * The registry's version: bumped by every `defineToken`, so a compiled format string knows
 * when the functions it bound may have changed and binds its tokens again.
 */
export const registry = { version: 0 };

/** Each escaping wrapper in the registry -> the function it was made for. */
const wrappedBy = new WeakMap<object, TokenFunction<never, never>>();

/**
 * Wraps a token function as morgan's `token()` does: called with the same `this` and
 * arguments, it returns the function's value with a string escaped (see `escapeValue`) and
 * any other value as it is.
 */
function escaping(fn: TokenFunction<never, never>): TokenFunction<IncomingMessage, ServerResponse> {
  const wrapper = function token(this: unknown): ReturnType<TokenFunction> {
    const value = (fn as (...args: unknown[]) => ReturnType<TokenFunction>).apply(this, arguments as unknown as unknown[]);
    return typeof value === 'string' ? escapeValue(value) : value;
  };
  wrappedBy.set(wrapper, fn);
  return wrapper as TokenFunction<IncomingMessage, ServerResponse>;
}

/**
 * The function a registry entry wraps (one level: a wrapper defined again as a token is
 * wrapped, and escapes, twice, as on morgan), or `fn` itself when it is not a wrapper.
 */
export function unwrapToken(fn: unknown): unknown {
  return (typeof fn === 'function' && wrappedBy.get(fn)) || fn;
}

/**
 * Defines or overwrites the token `:name` with the escaping wrapper of `fn` (what format
 * functions and the logger then see as the token) and returns that wrapper.
 */
export function defineToken<Req extends IncomingMessage, Res extends ServerResponse>(name: string, fn: TokenFunction<Req, Res>): TokenFunction {
  if (typeof name !== 'string' || name === '') throw new TypeError('argument name must be a non-empty string');
  if (typeof fn !== 'function') throw new TypeError('argument fn must be a function');
  const wrapper = escaping(fn as unknown as TokenFunction<never, never>);
  (tokens as Record<string, unknown>)[name] = wrapper;
  registry.version++;
  return wrapper as TokenFunction;
}

/** Whether the response's status line and headers have gone out. */
export function headersSent(res: ServerResponse): boolean {
  return res.headersSent;
}

/** A header value as morgan's tokens give it: a list joined with `, `, anything else as it is. */
function joined(value: unknown): string | number | undefined {
  return Array.isArray(value) ? value.join(', ') : (value as string | number | undefined);
}

/** The client address: `req.ip` (set by frameworks), else the socket's address recorded at entry. */
export function remoteAddress(req: LoggedRequest): string | undefined {
  return req.ip || req._remoteAddress || req.socket?.remoteAddress || undefined;
}

/** `major.minor` of the request's HTTP version. */
export function httpVersion(req: IncomingMessage): string {
  const major = req.httpVersionMajor;
  const minor = req.httpVersionMinor;
  if (major === 1) {
    if (minor === 1) return '1.1';
    if (minor === 0) return '1.0';
  }
  return major + '.' + minor;
}

/** The process id as `:pid` writes it: fixed for the life of the process. */
export const pid = String(process.pid);

/**
 * The built-in tokens before escaping, returning what morgan's do: the value, or `undefined`
 * when there is none. The registry holds their escaping wrappers; the line builder has a
 * faster equivalent of each (see renderers.ts).
 */
export const builtIns: Record<string, TokenFunction<LoggedRequest, LoggedResponse>> = {
  date: (_req, _res, format) => formatNow(format),
  'http-version': (req) => httpVersion(req),
  method: (req) => req.method,
  pid: () => pid,
  referrer: (req) => req.headers.referer || (req.headers.referrer as string | undefined),
  'remote-addr': (req) => remoteAddress(req),
  'remote-user': (req) => basicAuthUser(req.headers.authorization),
  req: (req, _res, field) => (field === undefined ? undefined : joined(req.headers[field.toLowerCase()])),
  res: (_req, res, field) => (field === undefined || !headersSent(res) ? undefined : joined(writtenHeader(res, field.toLowerCase(), field))),
  'response-time': (req, res, digits) => (req._startAt && res._startAt ? elapsedMs(req._startAt, res._startAt, digits) : undefined),
  status: (_req, res) => (headersSent(res) ? String(res.statusCode) : undefined),
  'total-time': (req, res, digits) => (req._startAt && res._startAt ? elapsedMs(req._startAt, process.hrtime(), digits) : undefined),
  url: (req) => req.originalUrl || req.url,
  'user-agent': (req) => req.headers['user-agent'],
};

for (const name of Object.keys(builtIns)) defineToken(name, builtIns[name]!);
