/**
 * webfw's types under `express-serve-static-core` (see params.d.ts): the application. Names,
 * type parameters and defaults are @types/express-serve-static-core 4.x's.
 */
/// <reference types="node" />
/// <reference path="./router.d.ts" />
/// <reference path="./request.d.ts" />
/// <reference path="./response.d.ts" />
declare module 'express-serve-static-core' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';

  /** `app.use`: handlers, routers and apps, on `/` or on a path. */
  export type ApplicationRequestHandler<T> = IRouterHandler<T> & IRouterMatcher<T> & ((...handlers: RequestHandlerParams[]) => T);

  /**
   * An application: a `(req, res)` handler for `http.createServer` that is also an event
   * emitter and a router. `LocalsObj` types `app.locals` (with the global `Express.Locals`).
   */
  export interface Application<LocalsObj extends Record<string, any> = Record<string, any>> extends EventEmitter, IRouter, Express.Application {
    (req: Request | IncomingMessage, res: Response | ServerResponse): any;
    /** Sets up the app (settings, `mount` inheritance); called by the factory. */
    init(): void;
    /** Applies the default settings; called by `init`. */
    defaultConfiguration(): void;
    /** Registers a template engine for an extension. */
    engine(ext: string, fn: (path: string, options: object, callback: (e: any, rendered?: string) => void) => void): this;
    /** Sets a setting (with one argument: reads it). */
    set(setting: string, val: any): this;
    /** Reads a setting (one argument), or routes GET (a path and handlers). */
    get: ((name: string) => any) & IRouterMatcher<this>;
    /** Runs `handler(req, res, next, value, name)` once per request before routes using `:name`. */
    param(name: string | string[], handler: RequestParamHandler): this;
    /** @deprecated Customises `app.param()`: `callback(name, matcher)` returns the parameter handler. */
    param(callback: (name: string, matcher: RegExp) => RequestParamHandler): this;
    /** The app's absolute mount path (parents' included). */
    path(): string;
    /** Whether a setting is truthy. */
    enabled(setting: string): boolean;
    /** Whether a setting is falsy. */
    disabled(setting: string): boolean;
    /** Sets a setting to true. */
    enable(setting: string): this;
    /** Sets a setting to false. */
    disable(setting: string): this;
    /** Renders a view to a string (`app.locals` < `options`). */
    render(name: string, options?: object, callback?: (err: Error, html: string) => void): void;
    render(name: string, callback: (err: Error, html: string) => void): void;
    /**
     * Creates a server for the app and listens; the callback also receives a listen error. An
     * options object with `tls` and/or `http2: true` makes an HTTPS or HTTP/2 server.
     */
    listen(port: number, hostname: string, backlog: number, callback?: () => void): Server;
    listen(port: number, hostname: string, callback?: () => void): Server;
    listen(port: number, callback?: () => void): Server;
    listen(callback?: () => void): Server;
    listen(path: string, callback?: () => void): Server;
    listen(handle: any, listeningListener?: () => void): Server;
    /** @deprecated Throws in express 4 (`app.router` is gone); typed as @types/express 4 types it. */
    router: string;
    /** Settings by name; a sub-app's inherit from its parent's. */
    settings: any;
    resource: any;
    map: any;
    /** Variables for every template the app renders; `locals.settings` is `app.settings`. */
    locals: LocalsObj & Locals;
    routes: any;
    _router: any;
    /** Mounts middleware, routers or apps, on `/` or on a path. */
    use: ApplicationRequestHandler<this>;
    /** `mount`: emitted on a sub-app when it is mounted, with the parent app. */
    on: (event: 'mount', callback: (parent: Application) => void) => this;
    /** Pattern(s) the app is mounted on (`/` until mounted). */
    mountpath: string | string[];
  }

  /** What the factory returns: an application with its own request and response prototypes. */
  export interface Express extends Application {
    /** Prototype of this app's requests; extend it to add members. */
    request: Request;
    /** Prototype of this app's responses; extend it to add members. */
    response: Response;
  }
}
