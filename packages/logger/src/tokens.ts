import type { IncomingMessage, ServerResponse } from 'node:http';
import { basicAuthUser } from './basic-auth';
import { elapsedMs, formatNow } from './clock';
import { escapeControl } from './sanitize';
import type { LoggedRequest, LoggedResponse, TokenFunction, TokenIndexer } from './types';

/**
 * Every defined token by name. This object is what format functions receive as `tokens`;
 * `logger.token()` adds to it. It has no prototype, so names such as `constructor` or
 * `__proto__` are plain tokens, never inherited functions.
 */
export const tokens: TokenIndexer<IncomingMessage, ServerResponse> = Object.create(null);

/** Defines or overwrites the token `:name`. */
export function defineToken<Req extends IncomingMessage, Res extends ServerResponse>(name: string, fn: TokenFunction<Req, Res>): void {
  if (typeof name !== 'string' || name === '') throw new TypeError('argument name must be a non-empty string');
  if (typeof fn !== 'function') throw new TypeError('argument fn must be a function');
  (tokens as Record<string, unknown>)[name] = fn;
}

/** Whether the response's status line and headers have gone out. */
export function headersSent(res: ServerResponse): boolean {
  return res.headersSent;
}

/** A header value as one line: arrays joined with `, `, control characters escaped. */
function headerText(value: string | string[] | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return escapeControl(value.join(', '));
  return escapeControl(String(value));
}

/** The client address: `req.ip` (set by frameworks), else the socket's address recorded at entry. */
export function remoteAddress(req: LoggedRequest): string | undefined {
  return req.ip || req._remoteAddress || req.socket?.remoteAddress || undefined;
}

const builtIns: Record<string, TokenFunction<LoggedRequest, LoggedResponse>> = {
  date: (_req, _res, format) => formatNow(format),
  'http-version': (req) => req.httpVersionMajor + '.' + req.httpVersionMinor,
  method: (req) => req.method,
  referrer: (req) => headerText(req.headers.referer || req.headers.referrer),
  'remote-addr': (req) => remoteAddress(req),
  'remote-user': (req) => {
    const user = basicAuthUser(req.headers.authorization);
    return user === undefined ? undefined : escapeControl(user);
  },
  req: (req, _res, field) => (field === undefined ? undefined : headerText(req.headers[field.toLowerCase()])),
  res: (_req, res, field) => (field === undefined || !headersSent(res) ? undefined : headerText(res.getHeader(field))),
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
 * `http-version`). The line builder skips its control-character scan for these; a token
 * redefined with `logger.token()` is a new function, so it is always scanned.
 */
export const escapedTokens = new WeakSet<object>();

for (const name of Object.keys(builtIns)) defineToken(name, builtIns[name]!);
for (const name of ['date', 'http-version', 'referrer', 'remote-user', 'req', 'res', 'response-time', 'status', 'total-time', 'url', 'user-agent']) {
  escapedTokens.add(builtIns[name]!);
}
