import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Stream } from 'node:stream';
import onFinished from 'on-finished';
import send from 'send';

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
