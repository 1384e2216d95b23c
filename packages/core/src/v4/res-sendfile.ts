/**
 * 4.x: files are sent with send 0.19 (mime 1.x Content-Types, its errors and dotfiles rules),
 * as express 4's `res.sendFile` did, and the options go to send as given (the ETag follows the
 * `etag` option, default on, not the app's `etag` setting). `res.sendfile(path[, options][,
 * callback])` is express 4's deprecated older form (`res.sendfile: Use res.sendFile instead`):
 * the path goes to send as it is (not URI-encoded) and need not be absolute.
 */
import depd from 'depd';
import sendV0 from 'send-v0';
import { fileDone, sendFileWith, type Response } from '../response/response';
import { fileTransfer, transferPath, type FileSender, type SendFileOptions, type TransferCallback } from '../response/file';
import { method } from './members';

const deprecate = depd('express');
const sender = sendV0 as unknown as FileSender;
const transferFile = fileTransfer(sender);

function sendfile(this: Response, path: string, options?: SendFileOptions | TransferCallback, callback?: TransferCallback): void {
  let done = callback;
  let opts = (options || {}) as SendFileOptions;
  if (typeof options === 'function') {
    done = options;
    opts = {};
  }
  transferPath(sender(this.req, path, opts as Parameters<FileSender>[2]), this, opts, fileDone(this, done));
}

export const sendFileMembers: PropertyDescriptorMap = {
  sendFile: method(sendFileWith(transferFile, (_res, opts) => opts)),
  sendfile: method(deprecate.function(sendfile, 'res.sendfile: Use res.sendFile instead')),
};
