import { validateHeaderName, validateHeaderValue, type IncomingMessage, type OutgoingHttpHeader, type ServerResponse } from 'node:http';
import { constants } from 'node:http2';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import onFinished from 'on-finished';
import statuses from 'statuses';
import { parseUrl } from '@webfw/router';

/** Options of the final handler. */
export interface FinalHandlerOptions {
  /** Environment mode; the error stack is sent only when it is not `production`. */
  env?: string;
  /**
   * Called (asynchronously) with every error that reaches the final handler, and then with
   * what node threw when it refused that error's `headers` (the answer is the 500 page then).
   */
  onerror?: (err: unknown, req: IncomingMessage, res: ServerResponse) => void;
}

/** The callback ending a request that no middleware answered: `done(err?)`. */
export type FinalHandler = (err?: unknown) => void;

interface ErrorLike {
  status?: unknown;
  statusCode?: unknown;
  headers?: unknown;
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

/** The headers an error asks for (its own enumerable `headers` entries), read once. */
type ErrorHeaders = Record<string, unknown>;

function errorHeaders(err: ErrorLike): ErrorHeaders | undefined {
  if (!err.headers || typeof err.headers !== 'object') return undefined;
  return { ...(err.headers as ErrorHeaders) };
}

/**
 * The text of the error page: outside production the stack (else `toString()`), in
 * production only the status text, whatever the error's `expose` or message say. A status
 * with no text gives `undefined`, as express's final handler prints it.
 */
function errorMessage(err: ErrorLike, status: number, env: string | undefined): string {
  let msg: string | undefined;
  if (env !== 'production') {
    if (typeof err.stack === 'string' && err.stack) msg = err.stack;
    else if (typeof err.toString === 'function') msg = String(err.toString());
  }
  return msg || String(statuses.message[status]);
}

/** A thrown value as the error page and the log read it. */
function asErrorLike(err: unknown): ErrorLike {
  return typeof err === 'object' || typeof err === 'function' ? (err as ErrorLike) : { toString: () => String(err) };
}

/** Why an error's headers were not sent: what reading, checking or setting them threw. */
interface Refusal {
  thrown: unknown;
}

/**
 * Sets an error's headers on `res`, all or none: every name and value is first checked as
 * node's `setHeader` checks it (a token name; a defined value without CR, LF or other
 * characters a header cannot hold). Returns the refusal when one is refused (nothing set).
 */
function applyErrorHeaders(res: ServerResponse, headers: ErrorHeaders): Refusal | undefined {
  const names = Object.keys(headers);
  try {
    for (const name of names) {
      validateHeaderName(name);
      // typed for strings, it checks any value as setHeader does (numbers, arrays, objects)
      validateHeaderValue(name, headers[name] as string);
    }
  } catch (thrown) {
    return { thrown };
  }
  let set = 0;
  try {
    for (; set < names.length; set++) res.setHeader(names[set] as string, headers[names[set] as string] as OutgoingHttpHeader);
  } catch (thrown) {
    // setHeader can still refuse what the checks let through (HTTP/2 connection headers)
    for (let i = 0; i < set; i++) res.removeHeader(names[i] as string);
    return { thrown };
  }
  return undefined;
}

function resourceName(req: IncomingMessage & { originalUrl?: string }): string {
  try {
    return parseUrl(req.originalUrl || req.url || '').pathname ?? 'resource';
  } catch {
    return 'resource';
  }
}

/** The HTML document of an error response: the message escaped inside `<pre>`. */
export function errorDocument(message: string): string {
  const body = escapeHtml(message).replaceAll('\n', '<br>').replaceAll('  ', ' &nbsp;');
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>${body}</pre>\n</body>\n</html>\n`;
}

/** What the final handler answers: status, the error's headers and the page text. */
interface ErrorPage {
  status: number;
  message: string;
  headers?: ErrorHeaders;
  /** Set when reading the error's headers threw. */
  refusal?: Refusal;
}

/**
 * Writes the error page. When the error's headers cannot be sent (CR/LF or other characters
 * node refuses, an invalid name, an undefined value, a getter that throws), none of them is
 * set, the answer is the 500 page and the refusal goes to `onerror` too: express throws from
 * its final handler there and the process dies.
 */
function write(req: IncomingMessage, res: ServerResponse, page: ErrorPage, env: string | undefined, onerror: FinalHandlerOptions['onerror']): void {
  let status = page.status;
  let message = page.message;
  res.removeHeader('Content-Encoding');
  res.removeHeader('Content-Language');
  res.removeHeader('Content-Range');
  const refusal = page.refusal ?? (page.headers && applyErrorHeaders(res, page.headers));
  if (refusal) {
    status = 500;
    message = errorMessage(asErrorLike(refusal.thrown), status, env);
    if (onerror) setImmediate(onerror, refusal.thrown, req, res);
  }
  const body = errorDocument(message);
  res.statusCode = status;
  // no text for an unknown status: node then writes its own (or `unknown`), as with express
  if (req.httpVersionMajor < 2) res.statusMessage = statuses.message[status] as string;
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  // never both framing headers (express sends both, which clients and proxies reject)
  if (!res.getHeader('Transfer-Encoding')) res.setHeader('Content-Length', Buffer.byteLength(body, 'utf8'));
  if (req.method === 'HEAD') res.end();
  else res.end(body, 'utf8');
}

/**
 * Ends a request that left the middleware chain, as express 5's finalhandler does: with no
 * error, 404 `Cannot <METHOD> <path>`; with an error, its `status`/`statusCode` (4xx/5xx,
 * else the response's error status, else 500), its `headers`, and an HTML body holding the
 * stack outside production and only the status text in production (an error's message never
 * shows there, `expose` or not). Errors go to `onerror`; error headers node refuses give the
 * 500 page instead of a crash. When headers were already sent the socket is destroyed.
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
export function endUnhandled(req: IncomingMessage, res: ServerResponse, err: unknown, env: string | undefined, onerror: FinalHandlerOptions['onerror']): void {
  let page: ErrorPage;
  if (!err && res.headersSent) return;
  if (err) {
    const e = asErrorLike(err);
    const fromError = errorStatus(e);
    const status = fromError === undefined ? responseStatus(res) : fromError;
    page = { status, message: errorMessage(e, status, env) };
    if (fromError !== undefined) {
      try {
        page.headers = errorHeaders(e);
      } catch (thrown) {
        page.refusal = { thrown };
      }
    }
    if (onerror) setImmediate(onerror, err, req, res);
  } else {
    page = { status: 404, message: `Cannot ${req.method} ${encodeUrl(resourceName(req))}` };
  }
  if (res.headersSent) {
    // HTTP/2: reset this stream only (INTERNAL_ERROR: the client sees the answer is cut), not the session
    const stream = (req as IncomingMessage & { stream?: { close?: (code: number) => void } }).stream;
    if (req.httpVersionMajor === 2 && typeof stream?.close === 'function') stream.close(constants.NGHTTP2_INTERNAL_ERROR);
    else req.socket.destroy();
    return;
  }
  if (onFinished.isFinished(req)) {
    write(req, res, page, env, onerror);
    return;
  }
  req.unpipe();
  onFinished(req, () => write(req, res, page, env, onerror));
  req.resume();
}
