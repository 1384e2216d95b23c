import type { Router as RouterType } from './application/types';
import webfw from './webfw';

export default webfw;
export { webfw };
export type { WebfwRouterFactory } from './webfw';

/** Creates a router typed with webfw's request and response (as `webfw.Router`). */
export const Router = webfw.Router;
/** A router made by `Router()`: the app's handler and generic types (as @types/express's `Router`). */
export type Router = RouterType;
/** The router's Route class (as `webfw.Route`). */
export const Route = webfw.Route;
export { application, methods } from './application/application';
export type {
  Application,
  AppRoute,
  AppRouter,
  DefaultLocals,
  GlobalLocals,
  MountListener,
  OtherSetting,
  PathParamsOf,
  RouteMatchers,
  RouterOptions,
  UncheckedValue,
  ErrorRequestHandler,
  HandlerArgument,
  HttpMethod,
  JsonReplacer,
  KnownSettings,
  ListenCallback,
  NextFunction,
  NodeErrorHandler,
  NodeHandler,
  ParamHandler,
  PathArgument,
  RenderCallback,
  RequestHandler,
  RouteHandlers,
  PlainHandlerArgument,
  RouteMatcher,
  RouteMethods,
  UseMethod,
} from './application/types';
export type {
  Errback,
  Express,
  Handler,
  IRoute,
  IRouter,
  IRouterHandler,
  IRouterMatcher,
  Locals,
  RequestParamHandler,
  Send,
} from './application/express-names';
export { request } from './request/request';
export type { ParamsDictionary } from './request/request';
export type { Range, RangeOptions, Ranges, Request } from './request/types';
export { response } from './response/response';
export type { FormatHandler, FormatHandlers, HeaderValue, Response } from './response/response';
export type { CookieOptions } from './response/cookie';
export type { DownloadOptions, SendFileOptions, TransferCallback, TransferError } from './response/file';
export type { ETagFunction, ETagSetting, ParsedQuery, QueryParser, QueryParserSetting, TrustFunction, TrustProxySetting } from './application/settings';
export { View } from './view';
export type { EngineFunction, ViewConstructor, ViewLike, ViewOptions } from './view';
export { finalHandler } from './application/final-handler';
export type { FinalHandler, FinalHandlerOptions } from './application/final-handler';
export type { AppServer, Http2ListenOptions, HttpsListenOptions, ServerListenOptions } from './application/listen';
export { json, raw, text, urlencoded } from '@webfw/body-parser';
/**
 * Static files (serve-static 2.x), also as `static`: the name `import * as express from 'express'`
 * and `import { static as serveStatic } from 'express'` give in an ES module (node's CommonJS
 * named exports of express), the same function as `webfw.static`.
 */
export { serveStatic, serveStatic as static } from '@webfw/static';
