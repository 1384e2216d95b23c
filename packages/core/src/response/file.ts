/**
 * Files on the response: the transfer (`send` piped into the response, its callback called
 * once), and `res.sendFile` / `res.download` built from it: the 5.x response's and, with
 * express 4's transfer and Content-Disposition, the v4 entry's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAbsolute, resolve } from 'node:path';
import type { Stream } from 'node:stream';
import onFinished from 'on-finished';
import send from 'send';
import type { NextFunction } from '../application/types';
import type { Request } from '../request/types';
import type { Response } from './types';

/** Options of `res.sendFile` (passed to send). */
export interface SendFileOptions {
  /** Cache-Control max-age in milliseconds, or an ms-format string (`'1d'`); default 0. */
  maxAge?: number | string;
  /** Directory a relative `path` is resolved in; the path may not leave it (403). */
  root?: string;
  /** Send Last-Modified from the file's mtime; default true. */
  lastModified?: boolean;
  /** Headers to send with the file. */
  headers?: Record<string, string | number | readonly string[]>;
  /** `'ignore'` (default: 404), `'deny'` (403) or `'allow'` files and folders starting with a dot. */
  dotfiles?: 'allow' | 'deny' | 'ignore';
  /** Answer Range requests (206/416); default true. */
  acceptRanges?: boolean;
  /** Send Cache-Control; default true. */
  cacheControl?: boolean;
  /** Add `immutable` to Cache-Control (set `maxAge` too); default false. */
  immutable?: boolean;
  /** Ignored: the ETag of a file follows the app's `etag` setting, as in express 5. */
  etag?: boolean;
  /** Other send options (`start`, `end`, `extensions`, `index`) pass through. */
  start?: number;
  end?: number;
  extensions?: string[] | string | boolean;
  index?: string[] | string | boolean;
}

/** Options of `res.download`: those of `sendFile`; a Content-Disposition in `headers` is replaced. */
export type DownloadOptions = SendFileOptions;

/**
 * The error a file transfer ends with: from send (`status` 403 traversal or dotfile, 400 NUL
 * byte or malformed path, 404 missing, 416 range, with `expose`), from the file system
 * (`code` ENOENT, ENAMETOOLONG...), `EISDIR` for a directory, or `ECONNABORTED` when the
 * client went away before the end.
 */
export interface TransferError extends Error {
  code?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
  syscall?: string;
}

/** Called once when a transfer ends: without an error on success. */
export type TransferCallback = (err?: TransferError) => void;

function codedError(message: string, code: string): TransferError {
  const err: TransferError = new Error(message);
  err.code = code;
  return err;
}

/**
 * Streams the file at `path` (URI-encoded for send) into `res` with the `send` package and
 * calls `callback` exactly once: with nothing when the file was sent (or a 304/HEAD answer
 * finished), with the error send reported, with an `EISDIR` error when the path is a
 * directory, or with an `ECONNABORTED` error when the response finished (client gone) before
 * the file was streamed. `options.headers` are set on the response when send is about to send
 * its own headers.
 */
export const transferFile = fileTransfer(send);

/** The `send` function a transfer streams with: send 1.x here; the 4.x entry passes send 0.19. */
export type FileSender = (req: IncomingMessage, path: string, options: send.SendOptions) => Stream;

/**
 * Makes a `transferFile` streaming with `sender` (chosen once, when the module loads): the
 * file's path is given to it URI-encoded.
 */
export function fileTransfer(
  sender: FileSender,
): (req: IncomingMessage, res: ServerResponse, path: string, options: SendFileOptions, callback: TransferCallback) => void {
  return function transferFile(req, res, path, options, callback) {
    transferPath(sender(req, encodeURI(path), options as send.SendOptions), res, options, callback);
  };
}

/** Pipes a send stream into `res`, calling `callback` once (see `transferFile`). */
export function transferPath(file: Stream, res: ServerResponse, options: SendFileOptions, callback: TransferCallback): void {
  const headers = options.headers;
  let done = false;
  let streaming: boolean | undefined;

  const finish = (err?: TransferError): void => {
    if (done) return;
    done = true;
    callback(err);
  };
  const onAborted = (): void => finish(codedError('Request aborted', 'ECONNABORTED'));

  file.on('directory', () => finish(codedError('EISDIR, read', 'EISDIR')));
  file.on('end', () => finish());
  file.on('error', (err: TransferError) => finish(err));
  file.on('file', () => {
    streaming = false;
  });
  file.on('stream', () => {
    streaming = true;
  });

  onFinished(res, (err: (Error & { code?: string }) | null) => {
    if (err && err.code === 'ECONNRESET') return onAborted();
    if (err) return finish(err);
    if (done) return;
    // 'end' of the file stream may follow 'finish' of the response: give it one turn.
    setImmediate(() => {
      if (done) return;
      if (streaming !== false) return onAborted();
      finish();
    });
  });

  if (headers) {
    const names = Object.keys(headers);
    file.on('headers', (target: ServerResponse) => {
      for (const name of names) target.setHeader(name, headers[name] as string | number | readonly string[]);
    });
  }

  (file as Stream & { pipe(dest: ServerResponse): ServerResponse }).pipe(res);
}

/** The `next` of the middleware that holds `res`. */
function nextOf(res: Response): NextFunction | undefined {
  return (res.req as { next?: NextFunction }).next;
}

/**
 * The callback `res.sendFile` gives the file transfer: the user's `done` when given, else
 * `next()` for a directory and `next(err)` for any error but an aborted or failed write.
 */
export function fileDone(res: Response, done: TransferCallback | undefined): TransferCallback {
  const next = nextOf(res);
  return (err) => {
    if (done) return done(err);
    if (err && err.code === 'EISDIR') return next?.();
    if (err && err.code !== 'ECONNABORTED' && err.syscall !== 'write') next?.(err);
  };
}

/**
 * `res.sendFile(path[, options][, callback])` streaming with `transfer`, the options handed to
 * it by `sendOptions` (express 5: the ETag follows the app's `etag` setting; the v4 entry: as
 * given, to send 0.19).
 */
export function sendFileWith(
  transfer: typeof transferFile,
  sendOptions: (res: Response, opts: SendFileOptions) => SendFileOptions,
): (this: Response, path: string, options?: SendFileOptions | TransferCallback, callback?: TransferCallback) => void {
  return function sendFile(this: Response, path: string, options?: SendFileOptions | TransferCallback, callback?: TransferCallback): void {
    let done = callback;
    let opts: SendFileOptions = (options as SendFileOptions | undefined) || {};
    if (!path) throw new TypeError('path argument is required to res.sendFile');
    if (typeof path !== 'string') throw new TypeError('path must be a string to res.sendFile');
    if (typeof options === 'function') {
      done = options;
      opts = {};
    }
    if (!opts.root && !isAbsolute(path)) throw new TypeError('path must be absolute or specify root to res.sendFile');
    transfer(this.req as Request, this, path, sendOptions(this, opts), fileDone(this, done));
  };
}

// as express 5: the ETag of a file follows the app's `etag` setting

/**
 * `res.download` naming the attachment with `disposition(filename)` (the Content-Disposition
 * value): sends the file at `path` (resolved against the working directory unless
 * `options.root`) as an attachment named `filename` or the path's base name, with
 * `options.headers` but their Content-Disposition. The v4 entry passes content-disposition
 * 0.5's format.
 */
export function downloadWith(disposition: (filename: string) => string) {
  return function download(
    this: Response,
    path: string,
    filename?: string | DownloadOptions | TransferCallback | null,
    options?: DownloadOptions | TransferCallback,
    callback?: TransferCallback,
  ): void {
    let done = callback;
    let name = filename as string | null | undefined;
    let opts = (options as DownloadOptions | undefined) || null;

    if (typeof filename === 'function') {
      done = filename;
      name = null;
      opts = null;
    } else if (typeof options === 'function') {
      done = options;
      opts = null;
    }
    if (filename !== null && typeof filename === 'object' && (typeof options === 'function' || options === undefined)) {
      name = null;
      opts = filename;
    }

    const headers: Record<string, string | number | readonly string[]> = { 'Content-Disposition': disposition(name || path) };
    if (opts && opts.headers) {
      for (const key of Object.keys(opts.headers)) {
        if (key.toLowerCase() !== 'content-disposition') headers[key] = opts.headers[key] as string;
      }
    }
    const fileOptions = Object.create(opts) as DownloadOptions;
    fileOptions.headers = headers;
    const fullPath = !fileOptions.root ? resolve(path) : path;
    this.sendFile(fullPath, fileOptions, done);
  };
}
