/**
 * @webfw/static/v4: the 4.x entry, a drop-in for serve-static 1.x (the `express.static` of
 * express 4): the 5.x middleware answering through send 0.19, with serve-static 1.x's
 * `dotfiles` default, the legacy `hidden` option and the `mime` export. Its differences from
 * the 5.x entry each live in one file of this folder.
 *
 * ```js
 * const serveStatic = require('@webfw/static/v4');
 * app.use(serveStatic('public'));
 * serveStatic.mime.lookup('a.js'); // 'application/javascript'
 * ```
 */
import type { ServerResponse } from 'node:http';
import { resolveOptions } from '../options';
import { createServeStatic, sendOptionsOf, type StaticMiddleware } from '../serve-static';
import { dotfilesEngine, dotfilesSendOptions, type ServeStaticOptions } from './dotfiles';
import { mime, type Mime } from './mime';
import { send019 } from './send';

/**
 * Creates a middleware serving files from the directory `root` as serve-static 1.x does (see
 * the 5.x `serveStatic` for the whole behaviour): through send 0.19, so Content-Types come from
 * mime 1.x (`text/html; charset=UTF-8`, `application/javascript; charset=UTF-8`) and dotfiles
 * follow send 0.19's default unless `dotfiles` is set. Throws a `TypeError` at once for a
 * missing root or an invalid option.
 */
export function serveStatic<Res extends ServerResponse = ServerResponse>(root: string, options?: ServeStaticOptions<Res>): StaticMiddleware<Res> {
  const o = resolveOptions<Res>(root, options);
  return createServeStatic(o, { ...sendOptionsOf(o), ...dotfilesSendOptions(options) }, dotfilesEngine(send019, options));
}

/** send 0.19's mime 1.x table, as `require('serve-static').mime` is in serve-static 1.x. */
serveStatic.mime = mime;

/** The middleware, as @types/serve-static 1.x names it (`serveStatic.RequestHandler<R>`). */
export type RequestHandler<R extends ServerResponse = ServerResponse> = StaticMiddleware<R>;
/** `serveStatic` for one response type, with `mime`, as @types/serve-static 1.x names it (`serveStatic.RequestHandlerConstructor<R>`). */
export interface RequestHandlerConstructor<R extends ServerResponse = ServerResponse> {
  (root: string, options?: ServeStaticOptions<R>): RequestHandler<R>;
  mime: Mime;
}

export { mime };
export type { Mime, MimeTable } from './mime';
export type { ServeStaticOptions } from './dotfiles';
export type { DotfilesPolicy, SetHeaders } from '../options';
export type { NextFunction, StaticError, StaticMiddleware } from '../serve-static';
export default serveStatic;
