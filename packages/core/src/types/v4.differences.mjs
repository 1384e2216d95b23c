/**
 * The 4.x types as differences over the 5.x ones, each in one place: tooling in
 * write-declarations.mjs applies them to ./express-serve-static-core/*.d.ts (5.x) to write
 * dist/v4/express-serve-static-core/ (@types/express-serve-static-core 4.x's shapes), to
 * ./index.d.cts to write dist/v4.d.cts (and v3.differences.mjs to that for dist/v3.d.cts). Each
 * `from` must occur exactly once where it is applied (the build fails otherwise).
 */

/** @typedef {{ why: string, from: string | string[], to: string | string[] }} Difference */

/** express-serve-static-core 4.x over 5.x, by file. @type {Record<string, Difference[]>} */
export const V4_CORE = {
  params: [
    {
      why: "`req.params` is express 4's dictionary of strings (no splat arrays, no numeric captures)",
      from: "  /** `req.params` when the path is not a literal: strings, a splat's `string[]`, captures by index. */",
      to: '  /** `req.params`: strings by name. */',
    },
    {
      why: "`req.params` is express 4's dictionary of strings (no splat arrays, no numeric captures)",
      from: ['    [key: string]: string | string[];', '    [key: number]: string;'],
      to: '    [key: string]: string;',
    },
    {
      why: '4.x has no `ParamsFlatDictionary`: `Params` is the dictionary',
      from: [
        '  /** `req.params` of a regular expression path: every value a string. */',
        '  export interface ParamsFlatDictionary {',
        '    [key: string | number]: string;',
        '  }',
        '',
        '  /** Either shape of `req.params`. */',
        '  export type Params = ParamsDictionary | ParamsFlatDictionary;',
      ],
      to: ['  /** `req.params`. */', '  export type Params = ParamsDictionary;'],
    },
    {
      why: "`RouteParameters` reads path-to-regexp 0.1's paths: `:id?` optional, a `(` group gives the dictionary; no `{}` groups or `*name` splats",
      from: [
        '   * `req.params` of a literal path, read from it: `/users/:id` gives `{ id: string }`, a',
        '   * `*name` splat `string[]`, a `{...}` group optional members; a regular expression gives',
        '   * `ParamsFlatDictionary`.',
      ],
      to: [
        "   * `req.params` of a literal path, read from it (path-to-regexp 0.1's syntax): `/users/:id`",
        '   * gives `{ id: string }`, `:id?` an optional member; a path with a regular expression group',
        '   * gives `ParamsDictionary`.',
      ],
    },
    {
      why: "`RouteParameters` reads path-to-regexp 0.1's paths: `:id?` optional, a `(` group gives the dictionary; no `{}` groups or `*name` splats",
      from: [
        '  export type RouteParameters<Route extends string | RegExp> = Route extends string',
        '    ? Route extends `${infer Required}{${infer Optional}}${infer Next}`',
        '      ? ParseRouteParameters<Required> & Partial<ParseRouteParameters<Optional>> & RouteParameters<Next>',
        '      : ParseRouteParameters<Route>',
        '    : ParamsFlatDictionary;',
        '',
        '  /** The parameters of a path without `{...}` groups. */',
        '  type ParseRouteParameters<Route extends string> = string extends Route',
      ],
      to: '  export type RouteParameters<Route extends string> = string extends Route',
    },
    {
      why: "`RouteParameters` reads path-to-regexp 0.1's paths: `:id?` optional, a `(` group gives the dictionary; no `{}` groups or `*name` splats",
      from: [
        '    : Route extends `${string}:${infer Rest}`',
        '      ? (GetRouteParameter<Rest> extends never ? ParamsDictionary : { [P in GetRouteParameter<Rest>]: string }) &',
        '          (Rest extends `${GetRouteParameter<Rest>}${infer Next}` ? RouteParameters<Next> : unknown)',
        '      : Route extends `${string}*${infer Rest}`',
        '        ? (GetRouteParameter<Rest> extends never ? ParamsDictionary : { [P in GetRouteParameter<Rest>]: string[] }) &',
      ],
      to: [
        '    : Route extends `${string}(${string}`',
        '      ? ParamsDictionary',
        '      : Route extends `${string}:${infer Rest}`',
        '        ? (GetRouteParameter<Rest> extends never',
        '            ? ParamsDictionary',
        '            : GetRouteParameter<Rest> extends `${infer ParamName}?`',
        '              ? { [P in ParamName]?: string }',
        '              : { [P in GetRouteParameter<Rest>]: string }) &',
      ],
    },
  ],
  router: [
    {
      why: 'handlers return `void` in @types/express 4',
      from: '    (req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: Response<ResBody, LocalsObj>, next: NextFunction): unknown;',
      to: '    (req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: Response<ResBody, LocalsObj>, next: NextFunction): void;',
    },
    {
      why: 'handlers return `void` in @types/express 4',
      from: '  > = (err: any, req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: Response<ResBody, LocalsObj>, next: NextFunction) => unknown;',
      to: '  > = (err: any, req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: Response<ResBody, LocalsObj>, next: NextFunction) => void;',
    },
    {
      why: 'the generic matchers take string paths only',
      from: '      Route extends string | RegExp,',
      to: '      Route extends string,',
    },
    {
      why: 'the generic matchers take string paths only',
      from: '      Path extends string | RegExp,',
      to: '      Path extends string,',
    },
    {
      why: 'the generic matchers take string paths only',
      from: '  export interface IRouterHandler<T, Route extends string | RegExp = string> {',
      to: '  export interface IRouterHandler<T, Route extends string = string> {',
    },
    {
      why: '`router.param(callback)` customises later `param()` calls (deprecated in express 4)',
      from: '    param(name: string, handler: RequestParamHandler): this;',
      to: [
        '    param(name: string, handler: RequestParamHandler): this;',
        '    /** @deprecated Customises `param()`: `callback(name, matcher)` returns the parameter handler. */',
        '    param(callback: (name: string, matcher: RegExp) => RequestParamHandler): this;',
      ],
    },
    {
      why: 'the generic matchers take string paths only',
      from: '    route<T extends string | RegExp>(prefix: T): IRoute<T>;',
      to: '    route<T extends string>(prefix: T): IRoute<T>;',
    },
    {
      why: 'the generic matchers take string paths only',
      from: '  export interface IRoute<Route extends string | RegExp = string> {',
      to: '  export interface IRoute<Route extends string = string> {',
    },
  ],
  request: [
    {
      why: '`req.param(name, default)` (deprecated in express 4)',
      from: '    accepts(...type: string[]): string | false;',
      to: [
        '    accepts(...type: string[]): string | false;',
        '    /** @deprecated The value of parameter `name` from `req.params`, `req.body` or `req.query`, else `defaultValue`. */',
        '    param(name: string, defaultValue?: any): string;',
      ],
    },
  ],
  response: [
    {
      why: "`Errback`'s error is not optional in 4.x's types",
      from: '  export type Errback = (err?: Error) => void;',
      to: '  export type Errback = (err: Error) => void;',
    },
    {
      why: '`res.sendfile` (deprecated in express 4)',
      from: '    sendFile(path: string, options: SendFileOptions, fn?: Errback): void;',
      to: [
        '    sendFile(path: string, options: SendFileOptions, fn?: Errback): void;',
        '    /** @deprecated `res.sendFile` (a relative path allowed). */',
        '    sendfile(path: string): void;',
        '    sendfile(path: string, options: SendFileOptions): void;',
        '    sendfile(path: string, fn: Errback): void;',
        '    sendfile(path: string, options: SendFileOptions, fn: Errback): void;',
      ],
    },
    {
      why: '`res.redirect(url, status)` (deprecated in express 4)',
      from: '    redirect(status: number, url: string): void;',
      to: [
        '    redirect(status: number, url: string): void;',
        '    /** @deprecated `res.redirect(status, url)`. */',
        '    redirect(url: string, status: number): void;',
      ],
    },
  ],
  application: [
    {
      why: '`app.param(callback)` customises later `app.param()` calls (deprecated in express 4)',
      from: '    param(name: string | string[], handler: RequestParamHandler): this;',
      to: [
        '    param(name: string | string[], handler: RequestParamHandler): this;',
        '    /** @deprecated Customises `app.param()`: `callback(name, matcher)` returns the parameter handler. */',
        '    param(callback: (name: string, matcher: RegExp) => RequestParamHandler): this;',
      ],
    },
    {
      why: "`listen` callbacks take no error in 4.x's types; `app.router` is typed `string` as @types/express 4 types it (express 4 throws when it is read)",
      from: [
        '    listen(port: number, hostname: string, backlog: number, callback?: (error?: Error) => void): Server;',
        '    listen(port: number, hostname: string, callback?: (error?: Error) => void): Server;',
        '    listen(port: number, callback?: (error?: Error) => void): Server;',
        '    listen(callback?: (error?: Error) => void): Server;',
        '    listen(path: string, callback?: (error?: Error) => void): Server;',
        '    listen(handle: any, listeningListener?: (error?: Error) => void): Server;',
        "    /** The app's router, created on first access. */",
        '    router: Router;',
      ],
      to: [
        '    listen(port: number, hostname: string, backlog: number, callback?: () => void): Server;',
        '    listen(port: number, hostname: string, callback?: () => void): Server;',
        '    listen(port: number, callback?: () => void): Server;',
        '    listen(callback?: () => void): Server;',
        '    listen(path: string, callback?: () => void): Server;',
        '    listen(handle: any, listeningListener?: () => void): Server;',
        '    /** @deprecated Throws in express 4 (`app.router` is gone); typed as @types/express 4 types it. */',
        '    router: string;',
      ],
    },
  ],
};

/** `@webfw/core/v4` (@types/express 4.17) over `@webfw/core` (./index.d.cts). @type {Difference[]} */
export const V4_ENTRY = [
  {
    why: 'the file comment names the entry',
    from: " * The declarations of `@webfw/core` (express 5.x), written by hand to be @types/express's,",
    to: " * The declarations of `@webfw/core/v4` (express 4.22), written by hand to be @types/express's,",
  },
  {
    why: 'the file comment names the entry',
    from: ' * name `express-serve-static-core` (./express-serve-static-core/), as with @types/express.',
    to: [
      ' * name `express-serve-static-core` (./v4/express-serve-static-core/, express-serve-static-core',
      " * 4.x's), as with @types/express 4: a project uses the types of one major version.",
    ],
  },
  {
    why: 'the file comment names the entry',
    from: " *   import express = require('@webfw/core');   // or: import express from '@webfw/core'",
    to: " *   import express = require('@webfw/core/v4');   // or: import express from '@webfw/core/v4'",
  },
  {
    why: "the 4.x core types, body-parser 1.x and serve-static 1.x (no node request types: webfw's 5.x extras need them)",
    from: [
      '/// <reference path="./express-serve-static-core/index.d.ts" />',
      "import type { IncomingMessage, ServerResponse } from 'node:http';",
      "import * as bodyParser from '@webfw/body-parser';",
      "import * as serveStaticModule from '@webfw/static';",
    ],
    to: [
      '/// <reference path="./v4/express-serve-static-core/index.d.ts" />',
      "import * as bodyParser from '@webfw/body-parser/v4';",
      "import * as serveStaticModule from '@webfw/static/v4';",
    ],
  },
  {
    why: "webfw's 5.x extras are not on the 4.x entry",
    from: ['', "/** The factory's own type, for `webfw.webfw`. */", 'type WebfwFunction = typeof webfw;', ''],
    to: '',
  },
  {
    why: "the 1.x parsers' and serve-static's options",
    from: '  /** Parses JSON bodies (body-parser 2.x options). */',
    to: '  /** Parses JSON bodies (body-parser 1.x options). */',
  },
  {
    why: "the 1.x parsers' and serve-static's options",
    from: '  /** Serves static files (serve-static 2.x options); `webfw.static.mime` is its MIME table. */',
    to: '  /** Serves static files (serve-static 1.x options); `webfw.static.mime` is its MIME table. */',
  },
  {
    why: "the 1.x parsers' and serve-static's options",
    from: '  /** Parses URL-encoded bodies (`extended` false by default). */',
    to: '  /** Parses URL-encoded bodies (`extended` true, with a warning, when not given). */',
  },
  {
    why: "express 4's `express.query` middleware",
    from: '  var urlencoded: typeof bodyParser.urlencoded;',
    to: [
      '  var urlencoded: typeof bodyParser.urlencoded;',
      '',
      '  /** The query-string middleware express 4 exposes: parses `req.query` with qs options or a parser function. */',
      '  function query(options: QueryParseOptions | ((str: string | Record<string, string>, options?: any) => any)): Handler;',
      '',
      "  /** Options of qs's `parse`, as `webfw.query` takes them. */",
      '  interface QueryParseOptions {',
      '    comma?: boolean | undefined;',
      '    delimiter?: string | RegExp | undefined;',
      '    depth?: number | false | undefined;',
      "    decoder?: ((str: string, defaultDecoder: (str: string) => string, charset: string, type: 'key' | 'value') => any) | undefined;",
      '    arrayLimit?: number | undefined;',
      '    parseArrays?: boolean | undefined;',
      '    allowDots?: boolean | undefined;',
      '    plainObjects?: boolean | undefined;',
      '    allowPrototypes?: boolean | undefined;',
      '    parameterLimit?: number | undefined;',
      '    strictNullHandling?: boolean | undefined;',
      '    ignoreQueryPrefix?: boolean | undefined;',
      "    charset?: 'utf-8' | 'iso-8859-1' | undefined;",
      '    charsetSentinel?: boolean | undefined;',
      '    interpretNumericEntities?: boolean | undefined;',
      '    allowEmptyArrays?: boolean | undefined;',
      "    duplicates?: 'combine' | 'first' | 'last' | undefined;",
      '    strictDepth?: boolean | undefined;',
      '    throwOnLimitExceeded?: boolean | undefined;',
      '  }',
    ],
  },
  {
    why: "webfw's 5.x extras are not on the 4.x entry (express 4's Route stays)",
    from: [
      '',
      "  // webfw's own members (not in @types/express).",
      '',
      "  /** `webfw` itself (`import { webfw } from '@webfw/core'`). */",
      '  var webfw: WebfwFunction;',
      "  /** serve-static's middleware factory, as `webfw.static`. */",
      '  var serveStatic: serveStaticModule.RequestHandlerConstructor<Response>;',
      '  /** Lower-case names of the HTTP methods node knows, each an `app.METHOD`. */',
      '  var methods: string[];',
      "  /** The router's Route class: `new Route(path)` with the method functions of a route. */",
    ],
    to: "  /** The router's Route class (express 4's): `new Route(path)` with the method functions of a route. */",
  },
  {
    why: "webfw's 5.x extras are not on the 4.x entry (express 4's Route stays)",
    from: [
      '  var Route: new (path: string) => core.IRoute;',
      "  /** Ends a request that no middleware answered (404, or the error's status), as the app's final handler does. */",
      '  function finalHandler(req: IncomingMessage, res: ServerResponse, options?: FinalHandlerOptions): (err?: any) => void;',
      '  /** Options of `finalHandler`. */',
      '  interface FinalHandlerOptions {',
      '    /** Environment mode; the error stack is sent only when it is not `production`. */',
      '    env?: string | undefined;',
      '    /** Called with every error that reaches the final handler. */',
      '    onerror?: ((err: any, req: IncomingMessage, res: ServerResponse) => void) | undefined;',
      '  }',
      '  /** Options of a `View`: the default engine extension, the root(s) searched, the engines by extension. */',
      '  interface ViewOptions {',
      '    defaultEngine?: string | undefined;',
      '    root: string | string[];',
      '    engines: Record<string, (path: string, options: object, callback: (err: any, html?: string) => void) => void>;',
      '  }',
      "  /** The `view` setting's default: looks a template up under the `views` root(s) and renders it with its engine. */",
      '  class View {',
      '    constructor(name: string, options: ViewOptions);',
      "    /** The view's name as given. */",
      '    name: string;',
      '    /** Its extension (with dot). */',
      '    ext: string;',
      '    /** The root(s) searched. */',
      '    root: string | string[];',
      '    /** The resolved file path; undefined when the view was not found. */',
      '    path: string | undefined;',
      '    /** The default engine extension. */',
      '    defaultEngine: string | undefined;',
      '    /** The engine rendering this view. */',
      '    engine: (path: string, options: object, callback: (err: any, html?: string) => void) => void;',
      '    /** Finds `name` under the roots; undefined when not found. */',
      '    lookup(name: string): string | undefined;',
      '    /** Renders the view with `options` into `callback(err, html)`. */',
      '    render(options: object, callback: (err: any, html?: string) => void): void;',
      '  }',
    ],
    to: '  var Route: new (path: string) => core.IRoute;',
  },
];
