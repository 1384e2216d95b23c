/**
 * The declarations of `@webfw/core/v3` (express 3's interfaces over the 4.x app), written by hand to be @types/express's,
 * name for name: the build writes them as dist/index.d.cts (this file) and dist/index.d.ts
 * (the same declarations as an ES module: `export default webfw` and every namespace member
 * as a named export; see ./write-declarations.mjs). The core types live under the module
 * name `express-serve-static-core` (./v4/express-serve-static-core/, express-serve-static-core
 * 4.x's), as with @types/express 4: a project uses the types of one major version.
 *
 *   import express = require('@webfw/core/v3');   // or: import express from '@webfw/core/v3'
 *   const app = express();
 *   app.get('/users/:id', (req: express.Request, res: express.Response) => res.json(req.params.id));
 */
/// <reference types="node" />
/// <reference path="./v4/express-serve-static-core/index.d.ts" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as bodyParser from '@webfw/body-parser/v4';
import * as serveStaticModule from '@webfw/static/v4';
import * as core from 'express-serve-static-core';
import * as loggerModule from '@webfw/logger';

/** Creates an express 3 style application: the 4.x app with express 3's interfaces (see `webfw.Application3`). */
declare function webfw(): webfw.Application3;

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
  /**
   * express 3's request logger: `logger()` (the combined format), `logger(format)` or
   * `logger({ format, ...options })`, with morgan's `token`, `format` and `compile`.
   */
  var logger: ((
    options?: string | loggerModule.FormatFn | (loggerModule.Options<IncomingMessage, ServerResponse> & { format?: string | loggerModule.FormatFn }),
  ) => Handler) &
    Pick<typeof loggerModule, 'token' | 'format' | 'compile'>;
  /**
   * A 3.x app: the 4.x `Express` with express 3's interfaces: callable `app.locals`,
   * `app.router` as the middleware that dispatches the routes, `app.routes` by verb,
   * `app.configure`, and `app.param` with several callbacks or a customiser.
   */
  interface Application3 extends Omit<core.Express, 'locals' | 'router' | 'routes' | 'param'> {
    (req: core.Request | IncomingMessage, res: core.Response | ServerResponse): any;
    /** Template variables of every render, callable: `app.locals({ title })` merges `title` in. */
    locals: CallableLocals;
    /** The middleware that dispatches the app's routes; mounting it places the routes there. */
    readonly router: core.RequestHandler;
    /** The app's routes by lower-case verb; removing a record removes the route. */
    routes: Record<string, RouteRecord[] | undefined>;
    /** @deprecated Runs `callback` (with the app as `this`) when one of `envs` is the `env` setting, or always without one. */
    configure(...args: [...envs: string[], callback: (this: Application3) => void]): this;
    /** Parameter callbacks for a name (or each of an array of names). */
    param(name: string | readonly string[], ...callbacks: core.RequestParamHandler[]): this;
    /** A customiser of later `app.param(name, callback)` calls. */
    param(customizer: (name: string, callback: any) => core.RequestParamHandler | undefined | null | false | void): this;
  }
  /** `app.locals` of a 3.x app: call it with an object to merge that object in. */
  interface CallableLocals {
    (values: object): object;
    [name: string]: any;
  }
  /** One route as `app.routes` lists it. */
  interface RouteRecord {
    /** The path as given to `app.VERB`. */
    path: any;
    /** The lower-case verb. */
    method: string;
    /** The route's callbacks, flattened. */
    callbacks: any[];
    /** The parameters of the last successful `match`. */
    params?: string[] & Record<string, string | undefined>;
    /** Whether `path` matches this route (filling `params`). */
    match(path: string): boolean;
  }
  /** The router's Route class (express 4's): `new Route(path)` with the method functions of a route. */
  var Route: new (path: string) => core.IRoute;
}

export = webfw;
