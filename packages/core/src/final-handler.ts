import type { IncomingMessage, ServerResponse } from 'node:http';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import onFinished from 'on-finished';
import statuses from 'statuses';
import { pathnameOf } from './utils-url';

/** Options of the final handler. */
export interface FinalHandlerOptions {
  /** Environment mode; the error stack is sent only when it is not `production`. */
  env?: string;
  /** Called (asynchronously) with every error that reaches the final handler. */
  onerror?: (err: unknown, req: IncomingMessage, res: ServerResponse) => void;
}

/** The callback ending a request that no middleware answered: `done(err?)`. */
export type FinalHandler = (err?: unknown) => void;

interface ErrorLike {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  headers?: unknown;
  message?: unknown;
  stack?: unknown;
  toString?: () => string;
}

function errorStatus(err: ErrorLike): number | undefined {
  if (typeof err.status === 'number' && err.status >= 400 && err.status < 600) return err.status;
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600) return err.statusCode;
  return undefined;
}

function responseStatus(res: ServerResponse): number {
  const status = res.statusCode;
  return typeof status !== 'number' || status < 400 || status > 599 ? 500 : status;
}

function errorHeaders(err: ErrorLike): Record<string, string | number | readonly string[]> | undefined {
  if (!err.headers || typeof err.headers !== 'object') return undefined;
  return { ...(err.headers as Record<string, string | number | readonly string[]>) };
}

function errorMessage(err: ErrorLike, status: number, env: string | undefined): string {
  let msg: string | undefined;
  if (env !== 'production') {
    if (typeof err.stack === 'string' && err.stack) msg = err.stack;
    else if (typeof err.toString === 'function') msg = String(err.toString());
  } else if (err.expose === true && status < 500 && typeof err.message === 'string' && err.message) {
    msg = err.message;
  }
  return msg || statuses.message[status] || String(status);
}

function resourceName(req: IncomingMessage & { originalUrl?: string }): string {
  try {
    return pathnameOf(req.originalUrl || req.url || '') ?? 'resource';
  } catch {
    return 'resource';
  }
}

/** The HTML document of an error response: the message escaped inside `<pre>`. */
export function errorDocument(message: string): string {
  const body = escapeHtml(message).replaceAll('\n', '<br>').replaceAll('  ', ' &nbsp;');
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>${body}</pre>\n</body>\n</html>\n`;
}

function write(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | number | readonly string[]> | undefined, message: string): void {
  const body = errorDocument(message);
  res.statusCode = status;
  if (req.httpVersionMajor < 2) res.statusMessage = statuses.message[status] ?? String(status);
  res.removeHeader('Content-Encoding');
  res.removeHeader('Content-Language');
  res.removeHeader('Content-Range');
  if (headers) for (const name of Object.keys(headers)) res.setHeader(name, headers[name]);
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body, 'utf8'));
  if (req.method === 'HEAD') res.end();
  else res.end(body, 'utf8');
}

/**
 * Ends a request that left the middleware chain, as express 5's finalhandler does: with no
 * error, 404 `Cannot <METHOD> <path>`; with an error, its `status`/`statusCode` (4xx/5xx,
 * else the response's error status, else 500), its `headers`, and an HTML body holding the
 * stack outside production, and in production the status text (or the message of an error
 * marked `expose`). When headers were already sent the socket is destroyed instead.
 */
export function finalHandler(req: IncomingMessage, res: ServerResponse, options: FinalHandlerOptions = {}): FinalHandler {
  const env = options.env;
  const onerror = options.onerror;
  return function done(err?: unknown): void {
    endUnhandled(req, res, err, env, onerror);
  };
}

/**
 * What the final handler does once called, for `err` (see `finalHandler`). Apps call it from
 * their own per-request callback so the `env` setting is read only when a request actually
 * reaches the end of the chain, not on every request.
 */
export function endUnhandled(
  req: IncomingMessage,
  res: ServerResponse,
  err: unknown,
  env: string | undefined,
  onerror: FinalHandlerOptions['onerror'],
): void {
  let status: number;
  let headers: Record<string, string | number | readonly string[]> | undefined;
  let message: string;
  if (!err && res.headersSent) return;
  if (err) {
    const e: ErrorLike = typeof err === 'object' || typeof err === 'function' ? (err as ErrorLike) : { toString: () => String(err) };
    const fromError = errorStatus(e);
    if (fromError === undefined) status = responseStatus(res);
    else {
      status = fromError;
      headers = errorHeaders(e);
    }
    message = errorMessage(e, status, env);
    if (onerror) setImmediate(onerror, err, req, res);
  } else {
    status = 404;
    message = `Cannot ${req.method} ${encodeUrl(resourceName(req))}`;
  }
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  if (onFinished.isFinished(req)) {
    write(req, res, status, headers, message);
    return;
  }
  req.unpipe();
  onFinished(req, () => write(req, res, status, headers, message));
  req.resume();
}
