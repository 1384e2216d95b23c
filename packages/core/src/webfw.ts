import { json, raw, text, urlencoded } from '@webfw/body-parser';
import { Router, Route, type RouteConstructor, type RouterOptions } from '@webfw/router';
import { serveStatic } from '@webfw/static';
import { IncomingMessage, ServerResponse } from 'node:http';
import { application } from './application/application';
import type { Application, Router as AppRouter } from './application/types';
import { request } from './request/request';
import { response } from './response/response';
import { appPrototype } from './prototypes/app-prototype';

/** `webfw.Router([options])`: a router whose handlers get webfw's request and response. */
export interface WebfwRouterFactory {
  (options?: RouterOptions): AppRouter;
  new (options?: RouterOptions): AppRouter;
}

/**
 * Creates an application: a `(req, res[, next])` function usable with `http.createServer`,
 * `https.createServer` or as middleware of another app or router. `app.request` and
 * `app.response` are this app's own prototypes (inheriting `webfw.request`/`webfw.response`).
 */
function webfw(): Application {
  const app = function webfwApp(req, res, next) {
    app.handle(req, res, next);
  } as Application;
  Object.setPrototypeOf(app, application);
  app.request = appPrototype(IncomingMessage, request, app);
  app.response = appPrototype(ServerResponse, response, app);
  app.init();
  return app;
}

/** The application prototype every app inherits from. */
webfw.application = application;
/** The request prototype every app's requests inherit from. */
webfw.request = request;
/** The response prototype every app's responses inherit from. */
webfw.response = response;
/** Creates a router (`caseSensitive`, `strict`, `mergeParams`), with or without `new`. */
webfw.Router = Router as unknown as WebfwRouterFactory;
/** The Route class of the router. */
webfw.Route = Route as RouteConstructor;
/** JSON body parser (body-parser 2.x options). */
webfw.json = json;
/** Raw (Buffer) body parser. */
webfw.raw = raw;
/** Text body parser. */
webfw.text = text;
/** URL-encoded body parser (`extended` false by default). */
webfw.urlencoded = urlencoded;
/** Static files middleware (serve-static 2.x options). */
webfw.static = serveStatic;

export default webfw;
