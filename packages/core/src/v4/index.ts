/**
 * @webfw/core/v4: `webfw()` as express 4.22 made apps, so an express 4 app runs unchanged:
 *
 *   const webfw = require('@webfw/core/v4'); // was: require('express')
 *   const app = webfw();
 *   app.use(webfw.urlencoded({ extended: false }));
 *   app.get('/users/:id?', (req, res) => res.send(req.params.id || 'all'));
 *
 * It is the 5.x app, request and response with express 4's differences swapped in, each in the
 * file of the object the user meets, as express 4's lib/: the app, its router and built-in
 * layers and `app.del` (application.ts), the request (request.ts: `req.param`, the singular
 * `req.accepts*`, `req.host`, `req.fresh`, `req.range`), the response (response.ts: status,
 * send, json, mime 1.x types, redirects, cookies, files, vary, links, Content-Disposition),
 * express 4's router, `webfw.Router` and `app._router` (router.ts, with `router.param(fn)`),
 * the query parser and `webfw.query` (query-parser.ts). Its members are the 4.x entries of the
 * family: body-parser 1.x's parsers, serve-static 1.x, and the router is router 1.x with
 * express 4's differences.
 * Handlers that throw or return a rejected promise still reach `next(err)`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, raw, text, urlencoded } from '@webfw/body-parser/v4';
import { serveStatic } from '@webfw/static/v4';
import { application } from './application';
import { createApp } from './members';
import type { AppV4 } from './application';
import { query, type QueryMiddlewareFactory } from './query-parser';
import { request, type RequestV4 } from './request';
import { response, type ResponseV4 } from './response';
import { Router, Route } from './router';
import { defineRemovedMiddleware } from './removed-middleware';
import type { RouteMatcherV4, RoutingKeys, RoutingV4 } from './handler-types';

/**
 * A 4.x app: 5.x's, with `app._router`, `app.lazyrouter()`, `app.del` and `app.param(fn)`;
 * `app.router` throws. Its handlers get the 4.x request and response (./handler-types.ts).
 */
export interface ApplicationV4 extends Omit<AppV4, 'request' | 'response' | RoutingKeys>, RoutingV4<ApplicationV4> {
  (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void;
  /** Prototype of this app's requests. */
  request: RequestV4;
  /** Prototype of this app's responses. */
  response: ResponseV4;
  /** @deprecated `app.delete`. */
  del: RouteMatcherV4<ApplicationV4>;
}

/**
 * Creates an express 4 application: a `(req, res[, next])` function. `app.request` and
 * `app.response` inherit `webfw.request` / `webfw.response` (this entry's).
 */
function webfw(): ApplicationV4 {
  return createApp<ApplicationV4>(application, request, response);
}

/** The application prototype every 4.x app inherits from. */
webfw.application = application;
/** The request prototype of 4.x apps. */
webfw.request = request;
/** The response prototype of 4.x apps. */
webfw.response = response;
/** Creates an express 4 router (`caseSensitive`, `strict`, `mergeParams`), with or without `new`. */
webfw.Router = Router;
/** The Route class of express 4's router. */
webfw.Route = Route;
/** JSON body parser (body-parser 1.x). */
webfw.json = json;
/** The query-string middleware express 4 exposes. */
webfw.query = query as QueryMiddlewareFactory;
/** Raw (Buffer) body parser (body-parser 1.x). */
webfw.raw = raw;
/** Static files middleware (serve-static 1.x; `webfw.static.mime` is mime 1.x). */
webfw.static = serveStatic;
/** Text body parser (body-parser 1.x). */
webfw.text = text;
/** URL-encoded body parser (body-parser 1.x: `extended` true, with a warning, when not given). */
webfw.urlencoded = urlencoded;

/** express 3's bundled middleware names throw, naming the package to install (removed-middleware.ts). */
defineRemovedMiddleware(webfw);

export default webfw;
export { application, request, response, query, json, raw, text, urlencoded, Router, Route };
/** Static files (serve-static 1.x) as `static`, the name express 4 gives an ES module importer; `webfw.static` itself. */
export { serveStatic as static };
export type { RequestV4, ResponseV4, AppV4 };
export type { ParamCustomizer, Route4, Router4, Router4Constructor } from './router';
export type { AppRouteV4, ErrorRequestHandlerV4, HandlerArgumentV4, RequestHandlerV4, RouteMatcherV4, RoutingKeys, RoutingV4 } from './handler-types';
export type { QueryMiddleware, QueryMiddlewareFactory, QueryParserV4 } from './query-parser';
