/**
 * @webfw/static: serve files from a directory, a drop-in for serve-static 2.x built on send.
 *
 * ```ts
 * import http from 'node:http';
 * import serveStatic from '@webfw/static';
 * const files = serveStatic('public', { maxAge: '1d' });
 * http.createServer((req, res) => files(req, res, () => { res.statusCode = 404; res.end(); })).listen(3000);
 * ```
 */
import type { ServerResponse } from 'node:http';
import type { ServeStaticOptions } from './options';
import { serveStatic as serve, type StaticMiddleware } from './serve-static';

/**
 * Creates the middleware serving the files under `root` (serve-static 2.x options). Declared
 * in this module (the same function as serve-static.ts's) so that the published declarations
 * can merge the package's types into the default export (`serveStatic.ServeStaticOptions`).
 */
const serveStatic: typeof serve = serve;

/** The middleware, as @types/serve-static names it (`serveStatic.RequestHandler<R>`). */
export type RequestHandler<R extends ServerResponse = ServerResponse> = StaticMiddleware<R>;
/** `serveStatic` for one response type, as @types/serve-static names it (`serveStatic.RequestHandlerConstructor<R>`). */
export interface RequestHandlerConstructor<R extends ServerResponse = ServerResponse> {
  (root: string, options?: ServeStaticOptions<R>): RequestHandler<R>;
}

export { serveStatic };
export type { NextFunction, StaticError, StaticMiddleware } from './serve-static';
export type { DotfilesPolicy, ServeStaticOptions, SetHeaders } from './options';
export default serveStatic;
