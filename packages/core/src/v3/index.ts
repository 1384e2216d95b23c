/**
 * @webfw/core/v3: the express 3 interfaces over the 4.x app (`@webfw/core/v4`), for apps
 * written for express 3:
 *
 *   const webfw = require('@webfw/core/v3'); // was: require('express')
 *   const app = webfw();
 *   app.use(webfw.logger('dev'));
 *   app.use(app.router);
 *   app.get('/users/:id', (req, res) => res.send(req.params.id));
 *
 * What differs from the 4.x entry, in the file of the object the user meets: the app
 * (application.ts: `app.configure`; routes dispatched where `app.router` is mounted, and
 * `app.routes`, live; `app.param` with customisers, not deprecated; callable `app.locals`;
 * mount paths matched literally and followed by `/` or `.`; the 3.x setting defaults), the
 * response (response.ts: callable `res.locals`) and `webfw.logger()`
 * (logger.ts). Everything else is the 4.x entry's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ParamHandler } from '../application/types';
import v4, { type ApplicationV4, type RouteMatcherV4, type RoutingKeys, type RoutingV4 } from '../v4/index';
import { request } from '../v4/request';
import { application } from './application';
import { createApp } from '../v4/members';
import type { CallableLocals, ParamCustomizerV3, RouteRecord } from './application';
import { logger } from './logger';
import { response } from './response';

/** A 3.x app: the 4.x app with express 3's interfaces. */
export interface ApplicationV3 extends Omit<ApplicationV4, 'locals' | 'router' | 'param' | 'del' | RoutingKeys>, RoutingV4<ApplicationV3> {
  /** Template variables of every render, callable: `app.locals({ title })` merges `title` in. */
  locals: CallableLocals;
  /** The middleware that dispatches the app's routes; reading it marks the router used. */
  readonly router: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  /** The app's routes by lower-case verb; removing a record removes the route. */
  routes: Record<string, RouteRecord[] | undefined>;
  /** @deprecated `app.delete`. */
  del: RouteMatcherV4<ApplicationV3>;
  /** Whether `app.router` was read (routes then stay where it is mounted). */
  _usedRouter?: boolean;
  /**
   * @deprecated runs `callback` (with the app as `this`) when one of `envs` is `app.get('env')`,
   * or always when no environment is named.
   */
  configure(...args: [...envs: string[], callback: (this: ApplicationV3) => void]): this;
  /** Parameter callbacks for a name (or each of an array of names). */
  param(name: string | readonly string[], ...callbacks: ParamHandler[]): this;
  /** A customiser of later `app.param(name, callback)` calls. */
  param(customizer: ParamCustomizerV3): this;
}

/**
 * Creates an express 3 style application: a `(req, res[, next])` function. `app.request` and
 * `app.response` inherit `webfw.request` / `webfw.response` (this entry's).
 */
function webfw(): ApplicationV3 {
  return createApp<ApplicationV3>(application, request, response);
}

/** The application prototype every 3.x app inherits from. */
webfw.application = application;
/** The request prototype of 3.x apps (the 4.x one). */
webfw.request = request;
/** The response prototype of 3.x apps: the 4.x one with callable `res.locals`. */
webfw.response = response;
/** express 3's request logger: `webfw.logger([format | options])`. */
webfw.logger = logger;
/** The 4.x entry's members: the router, the body parsers, static files, the query middleware. */
webfw.Router = v4.Router;
webfw.Route = v4.Route;
webfw.json = v4.json;
webfw.query = v4.query;
webfw.raw = v4.raw;
webfw.static = v4.static;
webfw.text = v4.text;
webfw.urlencoded = v4.urlencoded;

export default webfw;
export { application, request, response, logger };
/** The 4.x entry's members as named exports too, as `require('@webfw/core/v3')` carries them. */
export { Router, Route, json, query, raw, static, text, urlencoded } from '../v4/index';
export type { ApplicationV3 as Application, ParamCustomizerV3, RouteRecord, CallableLocals };
export type { LoggerV3Options } from './logger';
