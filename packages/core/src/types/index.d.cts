/**
 * The declarations of `@webfw/core` (express 5.x), written by hand to be @types/express's,
 * name for name: the build writes them as dist/index.d.cts (this file) and dist/index.d.ts
 * (the same declarations as an ES module: `export default webfw` and every namespace member
 * as a named export; see ./write-declarations.mjs). The core types live under the module
 * name `express-serve-static-core` (./express-serve-static-core/), as with @types/express.
 *
 *   import express = require('@webfw/core');   // or: import express from '@webfw/core'
 *   const app = express();
 *   app.get('/users/:id', (req: express.Request, res: express.Response) => res.json(req.params.id));
 */
/// <reference types="node" />
/// <reference path="./express-serve-static-core/index.d.ts" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as bodyParser from '@webfw/body-parser';
import * as serveStaticModule from '@webfw/static';
import * as core from 'express-serve-static-core';

/** Creates an application: a `(req, res[, next])` function for `http.createServer`, mountable in another app. */
declare function webfw(): core.Express;

/** The factory's own type, for `webfw.webfw`. */
type WebfwFunction = typeof webfw;

declare namespace webfw {
  /** Parses JSON bodies (body-parser 2.x options). */
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
  /** Serves static files (serve-static 2.x options); `webfw.static.mime` is its MIME table. */
  var static: serveStaticModule.RequestHandlerConstructor<Response>;
  /** Parses URL-encoded bodies (`extended` false by default). */
  var urlencoded: typeof bodyParser.urlencoded;

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

  // webfw's own members (not in @types/express).

  /** `webfw` itself (`import { webfw } from '@webfw/core'`). */
  var webfw: WebfwFunction;
  /** serve-static's middleware factory, as `webfw.static`. */
  var serveStatic: serveStaticModule.RequestHandlerConstructor<Response>;
  /** Lower-case names of the HTTP methods node knows, each an `app.METHOD`. */
  var methods: string[];
  /** The router's Route class: `new Route(path)` with the method functions of a route. */
  var Route: new (path: string) => core.IRoute;
  /** Ends a request that no middleware answered (404, or the error's status), as the app's final handler does. */
  function finalHandler(req: IncomingMessage, res: ServerResponse, options?: FinalHandlerOptions): (err?: any) => void;
  /** Options of `finalHandler`. */
  interface FinalHandlerOptions {
    /** Environment mode; the error stack is sent only when it is not `production`. */
    env?: string | undefined;
    /** Called with every error that reaches the final handler. */
    onerror?: ((err: any, req: IncomingMessage, res: ServerResponse) => void) | undefined;
  }
  /** Options of a `View`: the default engine extension, the root(s) searched, the engines by extension. */
  interface ViewOptions {
    defaultEngine?: string | undefined;
    root: string | string[];
    engines: Record<string, (path: string, options: object, callback: (err: any, html?: string) => void) => void>;
  }
  /** The `view` setting's default: looks a template up under the `views` root(s) and renders it with its engine. */
  class View {
    constructor(name: string, options: ViewOptions);
    /** The view's name as given. */
    name: string;
    /** Its extension (with dot). */
    ext: string;
    /** The root(s) searched. */
    root: string | string[];
    /** The resolved file path; undefined when the view was not found. */
    path: string | undefined;
    /** The default engine extension. */
    defaultEngine: string | undefined;
    /** The engine rendering this view. */
    engine: (path: string, options: object, callback: (err: any, html?: string) => void) => void;
    /** Finds `name` under the roots; undefined when not found. */
    lookup(name: string): string | undefined;
    /** Renders the view with `options` into `callback(err, html)`. */
    render(options: object, callback: (err: any, html?: string) => void): void;
  }
}

export = webfw;
