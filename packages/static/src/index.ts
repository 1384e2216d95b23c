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
import { serveStatic } from './serve-static';

export { serveStatic } from './serve-static';
export type { NextFunction, StaticError, StaticMiddleware } from './serve-static';
export type { DotfilesPolicy, ServeStaticOptions } from './options';
export default serveStatic;
