/**
 * @webfw/router/v4: the router of express 4 (router 1.x compatible).
 *
 *   const Router = require('@webfw/router/v4');
 *   const router = Router();
 *   router.get('/users/:id(\\d+)', (req, res) => res.end(req.params.id));
 *
 * It is the 5.x router with what router 1.x does differently swapped in, one file each:
 * the path syntax of path-to-regexp 0.1, router 1.x's `req.params` and its parameter
 * decoding error (./path-syntax.ts), and the `req.url` restoration after a mounted middleware
 * (./router.ts). Handlers that throw or return a rejected promise
 * still reach `next(err)`, as in 5.x.
 */
import { Router } from './router';

export default Router;
/** Also a named export: the CommonJS builds of the other packages import it by name (no `.default` interop). */
export { Router };
export { RouteV4 as Route } from './introspection';
export type { LayerV4 } from './introspection';
export type { LayerRegExp } from './path-syntax';
export type { RouteConstructor, RouteMatcher, RouteMethods } from '../route';
export type { HttpMethod } from '../utils/methods';
export type { NextFunction, RouterOptions, RoutedRequest } from '../types';
export type { PathArgument } from '../path/route-parameters';
export type { PathKey } from './path-syntax';
export type { RouterRunV4 } from './router';
export type {
  ErrorRequestHandler,
  HandlerArgument,
  ParamHandler,
  ParamsDictionary,
  RequestHandler,
  RequestHandlerArgument,
  Router as RouterInstance,
  RouterConstructor,
  RouterMatcher,
  RouterMethods,
} from './types';
