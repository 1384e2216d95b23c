import type { IncomingMessage, ServerResponse } from 'node:http';
import { basicAuthUser } from './basic-auth';
import { elapsedMs, formatNow } from './clock';
import { writtenHeader } from './header-timing';
import { escapeControl } from './sanitize';
import type { LoggedRequest, LoggedResponse, TokenFunction, TokenIndexer } from './types';

/**
 * Every defined token by name. This object is what format functions receive as `tokens`;
 * `logger.token()` adds to it. It has no prototype, so names such as `constructor` or
 * `__proto__` are plain tokens, never inherited functions.
 */
export const tokens: TokenIndexer<IncomingMessage, ServerResponse> = Object.create(null);

/**
 * The registry's version: bumped by every `defineToken`, so a compiled format string knows
 * when the functions it bound may have changed and binds its tokens again.
 */
export const registry = { version: 0 };

/** Defines or overwrites the token `:name`. */
export function defineToken<Req extends IncomingMessage, Res extends ServerResponse>(name: string, fn: TokenFunction<Req, Res>): void {
  if (typeof name !== 'string' || name === '') throw new TypeError('argument name must be a non-empty string');
  if (typeof fn !== 'function') throw new TypeError('argument fn must be a function');
  (tokens as Record<string, unknown>)[name] = fn;
  registry.version++;
}

/** Whether the response's status line and headers have gone out. */
export function headersSent(res: ServerResponse): boolean {
  return res.headersSent;
}

/** A header value as one line: arrays joined with `, `, control characters escaped. */
function headerText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return escapeControl(value.join(', '));
  return escapeControl(String(value));
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
  return escapeControl(major + '.' + minor);
}

/**
 * The built-in tokens, as `logger.token` would define them: each returns its value, or
 * `undefined` when it has none. The line builder has a faster equivalent of each
 * (see renderers.ts); format functions call these.
 */
export const builtIns: Record<string, TokenFunction<LoggedRequest, LoggedResponse>> = {
  date: (_req, _res, format) => formatNow(format),
  'http-version': (req) => httpVersion(req),
  method: (req) => req.method,
  referrer: (req) => headerText(req.headers.referer || req.headers.referrer),
  'remote-addr': (req) => remoteAddress(req),
  'remote-user': (req) => {
    const user = basicAuthUser(req.headers.authorization);
    return user === undefined ? undefined : escapeControl(user);
  },
  req: (req, _res, field) => (field === undefined ? undefined : headerText(req.headers[field.toLowerCase()])),
  res: (_req, res, field) => (field === undefined || !headersSent(res) ? undefined : headerText(writtenHeader(res, field.toLowerCase(), field))),
  'response-time': (req, res, digits) =>
    req._startAt && res._startAt ? elapsedMs(req._startAt, res._startAt, digits) : undefined,
  status: (_req, res) => (headersSent(res) ? String(res.statusCode) : undefined),
  'total-time': (req, res, digits) => (req._startAt && res._startAt ? elapsedMs(req._startAt, process.hrtime(), digits) : undefined),
  url: (req) => escapeControl(req.originalUrl || req.url || ''),
  'user-agent': (req) => headerText(req.headers['user-agent']),
};

/**
 * Built-in token functions whose text needs no escaping: it is escaped already (`url`,
 * headers, `remote-user`) or made of digits and fixed text (`status`, `date`, times,
 * `http-version`). Only a line built for a foreign `tokens` object consults this; a token
 * redefined with `logger.token()` is a new function, so it is always escaped.
 */
export const escapedTokens = new WeakSet<object>();

for (const name of Object.keys(builtIns)) defineToken(name, builtIns[name]!);
for (const name of ['date', 'http-version', 'referrer', 'remote-user', 'req', 'res', 'response-time', 'status', 'total-time', 'url', 'user-agent']) {
  escapedTokens.add(builtIns[name]!);
}
