/**
 * `res.sendFile` and `res.download` as built from the file transfer (response-file.ts): the
 * 5.x response's and, with express 4's transfer and Content-Disposition, the v4 entry's.
 */
import { isAbsolute, resolve } from 'node:path';
import type { NextFunction } from './application-types';
import type { Request } from './request-types';
import type { DownloadOptions, SendFileOptions, TransferCallback } from './response-file';
import type { transferFile } from './response-file';
import type { Response } from './response-types';

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
