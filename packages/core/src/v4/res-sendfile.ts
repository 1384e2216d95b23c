/**
 * 4.x: files are sent with send 0.19 (mime 1.x Content-Types, its errors and dotfiles rules),
 * as express 4's `res.sendFile` did, and the options go to send as given (the ETag follows the
 * `etag` option, default on, not the app's `etag` setting). `res.sendfile(path[, options][,
 * callback])` is express 4's deprecated older form (`res.sendfile: Use res.sendFile instead`):
 * the path goes to send as it is (not URI-encoded) and need not be absolute.
 */
import { isAbsolute } from 'node:path';
import depd from 'depd';
import sendV0 from 'send-v0';
import type { Response } from '../response';
import { fileTransfer, transferPath, type FileSender, type SendFileOptions, type TransferCallback } from '../response-file';
import { method } from './members';

const deprecate = depd('express');
const sender = sendV0 as unknown as FileSender;
const transferFile = fileTransfer(sender);

function whenDone(res: Response, done: TransferCallback | undefined): TransferCallback {
  const next = res.req.next;
  return (err) => {
    if (done) return done(err);
    if (err && err.code === 'EISDIR') return next?.();
    if (err && err.code !== 'ECONNABORTED' && err.syscall !== 'write') next?.(err);
  };
}

function sendFile(this: Response, path: string, options?: SendFileOptions | TransferCallback, callback?: TransferCallback): void {
  let done = callback;
  let opts = (options || {}) as SendFileOptions;
  if (!path) throw new TypeError('path argument is required to res.sendFile');
  if (typeof path !== 'string') throw new TypeError('path must be a string to res.sendFile');
  if (typeof options === 'function') {
    done = options;
    opts = {};
  }
  if (!opts.root && !isAbsolute(path)) throw new TypeError('path must be absolute or specify root to res.sendFile');
  transferFile(this.req, this, path, opts, whenDone(this, done));
}

function sendfile(this: Response, path: string, options?: SendFileOptions | TransferCallback, callback?: TransferCallback): void {
  let done = callback;
  let opts = (options || {}) as SendFileOptions;
  if (typeof options === 'function') {
    done = options;
    opts = {};
  }
  transferPath(sender(this.req, path, opts as Parameters<FileSender>[2]), this, opts, whenDone(this, done));
}

export const sendFileMembers: PropertyDescriptorMap = {
  sendFile: method(sendFile),
  sendfile: method(deprecate.function(sendfile, 'res.sendfile: Use res.sendFile instead')),
};
