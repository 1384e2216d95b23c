/**
 * @webfw/router: the router of express 5 (router 2.x compatible), compiled at registration.
 *
 *   const Router = require('@webfw/router');
 *   const router = Router();
 *   router.get('/users/:id', (req, res) => res.end(req.params.id));
 *   http.createServer((req, res) => router(req, res, (err) => { res.statusCode = err ? 500 : 404; res.end(); }));
 */
import { Router } from './router';

export default Router;
export { Router };
export { Route } from './route';
export { Layer } from './layer';
export { methods } from './utils/methods';
export { useArguments } from './utils/handlers';
export { parseUrl, type UrlParts } from './path/url';
export type { ListedRoute, Router as RouterInstance, RouterConstructor, RouterMatcher, RouterMethods } from './router';
export type { RouteConstructor, RouteMatcher, RouteMethods } from './route';
export type { HttpMethod } from './utils/methods';
export type { MatchOptions, MatchedParams, PathMatcher } from './path/matcher';
export type { ParamsDictionary, PathArgument, PathParams, RegExpParams, RouteParameters } from './path/route-parameters';
export type {
  ErrorRequestHandler,
  HandlerArgument,
  MatchedRoute,
  NextFunction,
  ParamHandler,
  RequestHandler,
  RequestHandlerArgument,
  RoutedRequest,
  RouterOptions,
  RouterRequestFields,
} from './types';
