import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { stat, type Stats } from 'node:fs';
import createError from 'http-errors';
import send from 'send';
import { readFileStart } from './fd-cache';
import { contentTypeOf, setFileHeaders, type HeaderPlan } from './file-headers';
import { resolveOptions, type ResolvedOptions, type ServeStaticOptions } from './options';
import { parseUrl, type NextFunction } from './request-url';
import { fastDecode } from './fast-decode';
import { directoryNotFound, originalUrlOf, redirectDirectory } from './redirect';

/** `next` as the middleware calls it (the router's type): `next()` to fall through, `next(err)` on an error. */
export type { NextFunction };

/**
 * The middleware {@link serveStatic} returns: `(req, res, next)`, usable with bare `node:http`.
 * Typed as @types/serve-static's `RequestHandler<R>`, with `next` as connect types it,
 * `(err?: any) => void`, so a callback typed for the errors the middleware passes
 * (`(err?: HttpError) => void`, `(err?: StaticError) => void`) fits, and so does one that takes
 * `unknown`; the result is `any` (the middleware returns nothing).
 */
export interface StaticMiddleware<Res extends ServerResponse = ServerResponse> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- what @types and connect declare
  (request: IncomingMessage, response: Res, next: (err?: any) => void): any;
}

/**
 * The error objects the middleware passes to `next(err)`: send's HTTP errors, with `status`
 * and `statusCode` (400, 403, 404, 412, 416, 500...), `expose` (true for client errors send
 * raised itself, false for file-system errors, whose message names the file) and, for 416,
 * `headers` holding the `Content-Range` to send.
 */
export interface StaticError extends Error {
  status: number;
  statusCode: number;
  expose: boolean;
  headers?: Record<string, string>;
  code?: string;
}

/** Largest file (bytes) served by one positioned read from a cached descriptor; larger ones stream through send. */
export const SMALL_FILE_LIMIT = 64 * 1024;

/** The buffer an empty file is read into (a read of zero bytes only checks the descriptor). */
const EMPTY = Buffer.alloc(0);

/** How many large-file paths a middleware remembers (so it skips its own stat for them). */
const MAX_LARGE_HINTS = 256;

/** The fast path leaves requests carrying any of these to send (conditional and ranged requests). */
function needsSend(h: IncomingHttpHeaders): boolean {
  return (
    h.range !== undefined ||
    h['if-none-match'] !== undefined ||
    h['if-modified-since'] !== undefined ||
    h['if-match'] !== undefined ||
    h['if-unmodified-since'] !== undefined
  );
}

/**
 * What a version entry swaps in the middleware, fixed when the middleware is created (the
 * 4.x entry in `src/v4` passes send 0.19 and mime 1.x content types; see {@link createServeStatic}).
 */
export interface StaticEngine {
  /** Creates the stream that answers a request the way send does (send 1.x for this entry). */
  send: (req: IncomingMessage, path: string, options: send.SendOptions) => send.SendStream;
  /** The Content-Type that send gives the file at `path` (the fast path sets it); undefined: none. */
  contentType: (path: string) => string | undefined;
  /** `false`: every request goes to `send` (no small-file fast path). Default `true`. */
  fastPath?: boolean;
}

/** The 5.x engine: send 1.x, content types from mime-types. */
const ENGINE: StaticEngine = { send, contentType: contentTypeOf };

/** The options the middleware hands to send for resolved options `o`. */
export function sendOptionsOf<Res extends ServerResponse>(o: ResolvedOptions<Res>): send.SendOptions {
  return {
    root: o.root,
    acceptRanges: o.acceptRanges,
    cacheControl: o.cacheControl,
    dotfiles: o.dotfiles,
    etag: o.etag,
    extensions: o.extensions,
    immutable: o.immutable,
    index: o.index,
    lastModified: o.lastModified,
    maxAge: o.maxAge,
    start: o.start,
    end: o.end,
  };
}

/**
 * Creates a middleware that serves files from the directory `root` (resolved against the
 * working directory) for GET and HEAD requests, as serve-static 2.x does: the file is
 * `root` joined with the decoded request path; conditional (304/412) and range (206/416)
 * requests are answered through send; a directory without its trailing slash is redirected
 * (301); other methods, missing files and client errors call `next()` (or, with
 * `fallthrough: false`, `next(err)` and a 405 with `Allow: GET, HEAD` for other methods).
 * Paths escaping `root` (`..` in any encoding) get 403, malformed encoding and NUL bytes 400.
 * Throws a `TypeError` at once for a missing root or an invalid option.
 */
export function serveStatic<Res extends ServerResponse = ServerResponse>(root: string, options?: ServeStaticOptions<Res>): StaticMiddleware<Res> {
  const o = resolveOptions<Res>(root, options);
  return createServeStatic(o, sendOptionsOf(o), ENGINE);
}

/**
 * The middleware for resolved options `o`, handing `sendOptions` to `engine.send`: the seam a
 * version entry uses (everything here is fixed at creation; the request path has no version check).
 */
export function createServeStatic<Res extends ServerResponse>(
  o: ResolvedOptions<Res>,
  sendOptions: send.SendOptions,
  engine: StaticEngine,
): StaticMiddleware<Res> {
  const fallthrough = o.fallthrough;
  const setHeaders = o.setHeaders as ((res: ServerResponse, path: string, stat: Stats) => void) | undefined;
  const onDirectory = o.redirect ? redirectDirectory : directoryNotFound;
  const sendFile = engine.send;
  const plan: HeaderPlan<Res> = {
    setHeaders: o.setHeaders,
    acceptRanges: o.acceptRanges,
    cacheControl: o.cacheControl,
    cacheControlValue: o.cacheControlValue,
    lastModified: o.lastModified,
    etag: o.etag,
    contentType: engine.contentType,
  };
  // The fast path builds file paths with `/` and reads whole files, so it stays off where
  // either could differ from send: on Windows and with the start/end byte-window options.
  const fast = engine.fastPath !== false && process.platform !== 'win32' && o.start === undefined && o.end === undefined;
  const rootPrefix = o.root.endsWith('/') ? o.root.slice(0, -1) : o.root;
  const first = o.index[0];
  const fastIndex = first !== undefined && first !== '.' && first !== '..' && first.length > 0 && !first.includes('/') ? first : undefined;
  // Files found larger than SMALL_FILE_LIMIT go straight to send next time (no double stat);
  // a hint is dropped as soon as send finds the file small again.
  const largeFiles = new Set<string>();
  const forgetIfSmall = (path: string, st: Stats): void => {
    if (st.size <= SMALL_FILE_LIMIT) largeFiles.delete(path);
  };

  /** Hands the request to send, routing its errors to `next` as serve-static does. */
  function viaSend(req: IncomingMessage, res: Res, next: NextFunction, path: string): send.SendStream {
    const stream = sendFile(req, path, sendOptions);
    stream.on('directory', onDirectory);
    if (setHeaders !== undefined) stream.on('headers', setHeaders);
    let forwardError = !fallthrough;
    if (fallthrough) {
      stream.on('file', () => {
        forwardError = true;
      });
    }
    stream.on('error', (err: StaticError) => {
      if (forwardError || !(err.statusCode < 500)) next(err);
      else next();
    });
    stream.pipe(res);
    return stream;
  }

  /** Serves a small regular file with one stat and one read; anything unusual goes to send. */
  function viaFastPath(req: IncomingMessage, res: Res, next: NextFunction, path: string, file: string): void {
    if (largeFiles.has(file)) {
      viaSend(req, res, next, path).on('file', forgetIfSmall);
      return;
    }
    stat(file, (err, st) => {
      if (err !== null || !st.isFile() || st.size > SMALL_FILE_LIMIT || res.headersSent) {
        if (err === null && st.size > SMALL_FILE_LIMIT && st.isFile()) {
          if (largeFiles.size >= MAX_LARGE_HINTS) largeFiles.clear();
          largeFiles.add(file);
        }
        viaSend(req, res, next, path);
        return;
      }
      // HEAD is answered from the stat alone, as send answers it (the file is not opened).
      if (req.method === 'HEAD') {
        setFileHeaders(plan, res, file, st);
        res.end();
        return;
      }
      // Even an empty file is opened (through the cache), as send opens it: one the process can
      // no longer open gets send's error, not an empty 200.
      const buf = st.size === 0 ? EMPTY : Buffer.allocUnsafe(st.size);
      readFileStart(file, st, buf, (err2, n) => {
        if (err2 !== null || n !== buf.length || res.headersSent) {
          viaSend(req, res, next, path);
          return;
        }
        setFileHeaders(plan, res, file, st);
        res.end(buf);
      });
    });
  }

  // named as serve-static's middleware is: `layer.name` is 'serveStatic' on express too
  return function serveStatic(req: IncomingMessage, res: Res, next: NextFunction): void {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      if (fallthrough) {
        next();
        return;
      }
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }
    let path = pathnameOf(req.url ?? '/');
    if (path === undefined) {
      // A URL Node's parser rejects (a malformed host): send's 400, routed as its errors are.
      // (serve-static throws here; under express the router has answered 404 before.)
      if (fallthrough) next();
      else next(createError(400));
      return;
    }
    // Mounted at /dir and asked for /dir: let send see '' so the directory redirect happens.
    if (path === '/' && !pathnameOf(originalUrlOf(req))?.endsWith('/')) path = '';
    if (fast && !res.headersSent && !needsSend(req.headers)) {
      const decoded = fastDecode(path);
      if (decoded !== null) {
        if (decoded.charCodeAt(decoded.length - 1) !== 0x2f) {
          viaFastPath(req, res, next, path, rootPrefix + decoded);
          return;
        }
        if (fastIndex !== undefined) {
          viaFastPath(req, res, next, path, rootPrefix + decoded + fastIndex);
          return;
        }
      }
    }
    viaSend(req, res, next, path);
  };
}

/** The pathname of a request URL as `parseurl` gives it ('' when it has none), or undefined when it cannot be parsed. */
function pathnameOf(url: string): string | undefined {
  try {
    return parseUrl(url).pathname ?? '';
  } catch {
    return undefined;
  }
}
