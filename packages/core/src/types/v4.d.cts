/**
 * The declarations of `@webfw/core/v4` (express 4.22), written by hand to be @types/express's,
 * name for name: the build writes them as dist/index.d.cts (this file) and dist/index.d.ts
 * (the same declarations as an ES module: `export default webfw` and every namespace member
 * as a named export; see ./write-declarations.mjs). The core types live under the module
 * name `express-serve-static-core` (./v4/express-serve-static-core/, express-serve-static-core
 * 4.x's), as with @types/express 4: a project uses the types of one major version.
 *
 *   import express = require('@webfw/core/v4');   // or: import express from '@webfw/core/v4'
 *   const app = express();
 *   app.get('/users/:id', (req: express.Request, res: express.Response) => res.json(req.params.id));
 */
/// <reference types="node" />
/// <reference path="./v4/express-serve-static-core/index.d.ts" />
import * as bodyParser from '@webfw/body-parser/v4';
import * as serveStaticModule from '@webfw/static/v4';
import * as core from 'express-serve-static-core';

/** Creates an application: a `(req, res[, next])` function for `http.createServer`, mountable in another app. */
declare function webfw(): core.Express;

declare namespace webfw {
  /** Parses JSON bodies (body-parser 1.x options). */
  var json: typeof bodyParser.json;
  /** Parses bodies into a Buffer. */
  var raw: typeof bodyParser.raw;
  /** Parses text bodies. */
  var text: typeof bodyParser.text;
  /** The application prototype every app inherits from. */
  var application: Application;
  /** The request prototype every app's requests inherit from. */
  var request: Request;
  /** The response prototype every app's responses inherit from. */
  var response: Response;
  /** Serves static files (serve-static 1.x options); `webfw.static.mime` is its MIME table. */
  var static: serveStaticModule.RequestHandlerConstructor<Response>;
  /** Parses URL-encoded bodies (`extended` true, with a warning, when not given). */
  var urlencoded: typeof bodyParser.urlencoded;

  /** The query-string middleware express 4 exposes: parses `req.query` with qs options or a parser function. */
  function query(options: QueryParseOptions | ((str: string | Record<string, string>, options?: any) => any)): Handler;

  /** Options of qs's `parse`, as `webfw.query` takes them. */
  interface QueryParseOptions {
    comma?: boolean | undefined;
    delimiter?: string | RegExp | undefined;
    depth?: number | false | undefined;
    decoder?: ((str: string, defaultDecoder: (str: string) => string, charset: string, type: 'key' | 'value') => any) | undefined;
    arrayLimit?: number | undefined;
    parseArrays?: boolean | undefined;
    allowDots?: boolean | undefined;
    plainObjects?: boolean | undefined;
    allowPrototypes?: boolean | undefined;
    parameterLimit?: number | undefined;
    strictNullHandling?: boolean | undefined;
    ignoreQueryPrefix?: boolean | undefined;
    charset?: 'utf-8' | 'iso-8859-1' | undefined;
    charsetSentinel?: boolean | undefined;
    interpretNumericEntities?: boolean | undefined;
    allowEmptyArrays?: boolean | undefined;
    duplicates?: 'combine' | 'first' | 'last' | undefined;
    strictDepth?: boolean | undefined;
    throwOnLimitExceeded?: boolean | undefined;
  }

  /** Creates a router (`caseSensitive`, `mergeParams`, `strict`), with or without `new`. */
  export function Router(options?: RouterOptions): core.Router;

  /** Options of `Router()`. */
  interface RouterOptions {
    /** Enable case sensitivity (`/Foo` and `/foo` differ). */
    caseSensitive?: boolean | undefined;
    /** Keep the parent router's `req.params`; the child's win on a conflict. Default false. */
    mergeParams?: boolean | undefined;
    /** Enable strict routing (`/foo` and `/foo/` differ). */
    strict?: boolean | undefined;
  }

  interface Application extends core.Application {}
  interface CookieOptions extends core.CookieOptions {}
  interface Errback extends core.Errback {}
  interface ErrorRequestHandler<
    P = core.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = core.Query,
    Locals extends Record<string, any> = Record<string, any>,
  > extends core.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, Locals> {}
  interface Express extends core.Express {}
  interface Handler extends core.Handler {}
  interface IRoute extends core.IRoute {}
  interface IRouter extends core.IRouter {}
  interface IRouterHandler<T> extends core.IRouterHandler<T> {}
  interface IRouterMatcher<T> extends core.IRouterMatcher<T> {}
  interface MediaType extends core.MediaType {}
  interface NextFunction extends core.NextFunction {}
  interface Locals extends core.Locals {}
  interface Request<
    P = core.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = core.Query,
    Locals extends Record<string, any> = Record<string, any>,
  > extends core.Request<P, ResBody, ReqBody, ReqQuery, Locals> {}
  interface RequestHandler<
    P = core.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = core.Query,
    Locals extends Record<string, any> = Record<string, any>,
  > extends core.RequestHandler<P, ResBody, ReqBody, ReqQuery, Locals> {}
  interface RequestParamHandler extends core.RequestParamHandler {}
  interface Response<ResBody = any, Locals extends Record<string, any> = Record<string, any>> extends core.Response<ResBody, Locals> {}
  interface Router extends core.Router {}
  interface Send extends core.Send {}
  /** The router's Route class (express 4's): `new Route(path)` with the method functions of a route. */
  var Route: new (path: string) => core.IRoute;
}

export = webfw;
