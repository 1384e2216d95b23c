/**
 * `@webfw/core/v3`'s declarations as differences over `@webfw/core/v4`'s (see
 * v4.differences.mjs and write-declarations.mjs): express 3 has no @types of its own, so the
 * 3.x entry is typed as the 4.x one with express 3's app and logger.
 */

/** @typedef {import('./v4.differences.mjs').Difference} Difference */

/** `@webfw/core/v3` over `@webfw/core/v4` (express 3 has no @types: the 4.x types with express 3's app). @type {Difference[]} */
export const V3_ENTRY = [
  {
    why: 'the file comment names the entry',
    from: " * The declarations of `@webfw/core/v4` (express 4.22), written by hand to be @types/express's,",
    to: " * The declarations of `@webfw/core/v3` (express 3's interfaces over the 4.x app), written by hand to be @types/express's,",
  },
  {
    why: 'the file comment names the entry',
    from: " *   import express = require('@webfw/core/v4');   // or: import express from '@webfw/core/v4'",
    to: " *   import express = require('@webfw/core/v3');   // or: import express from '@webfw/core/v3'",
  },
  {
    why: "node's request and response types and the logger's, for express 3's members",
    from: '/// <reference path="./v4/express-serve-static-core/index.d.ts" />',
    to: ['/// <reference path="./v4/express-serve-static-core/index.d.ts" />', "import type { IncomingMessage, ServerResponse } from 'node:http';"],
  },
  {
    why: "node's request and response types and the logger's, for express 3's members",
    from: "import * as core from 'express-serve-static-core';",
    to: ["import * as core from 'express-serve-static-core';", "import * as loggerModule from '@webfw/logger';"],
  },
  {
    why: 'the factory makes express 3 style apps',
    from: [
      '/** Creates an application: a `(req, res[, next])` function for `http.createServer`, mountable in another app. */',
      'declare function webfw(): core.Express;',
    ],
    to: [
      "/** Creates an express 3 style application: the 4.x app with express 3's interfaces (see `webfw.Application3`). */",
      'declare function webfw(): webfw.Application3;',
    ],
  },
  {
    why: "express 3's members: the logger, the 3.x app, its callable locals and route records",
    from: '  interface Send extends core.Send {}',
    to: [
      '  interface Send extends core.Send {}',
      '  /**',
      "   * express 3's request logger: `logger()` (the combined format), `logger(format)` or",
      "   * `logger({ format, ...options })`, with morgan's `token`, `format` and `compile`.",
      '   */',
      '  var logger: ((',
      '    options?: string | loggerModule.FormatFn | (loggerModule.Options<IncomingMessage, ServerResponse> & { format?: string | loggerModule.FormatFn }),',
      '  ) => Handler) &',
      "    Pick<typeof loggerModule, 'token' | 'format' | 'compile'>;",
      '  /**',
      "   * A 3.x app: the 4.x `Express` with express 3's interfaces: callable `app.locals`,",
      '   * `app.router` as the middleware that dispatches the routes, `app.routes` by verb,',
      '   * `app.configure`, and `app.param` with several callbacks or a customiser.',
      '   */',
      "  interface Application3 extends Omit<core.Express, 'locals' | 'router' | 'routes' | 'param'> {",
      '    (req: core.Request | IncomingMessage, res: core.Response | ServerResponse): any;',
      '    /** Template variables of every render, callable: `app.locals({ title })` merges `title` in. */',
      '    locals: CallableLocals;',
      "    /** The middleware that dispatches the app's routes; mounting it places the routes there. */",
      '    readonly router: core.RequestHandler;',
      "    /** The app's routes by lower-case verb; removing a record removes the route. */",
      '    routes: Record<string, RouteRecord[] | undefined>;',
      '    /** @deprecated Runs `callback` (with the app as `this`) when one of `envs` is the `env` setting, or always without one. */',
      '    configure(...args: [...envs: string[], callback: (this: Application3) => void]): this;',
      '    /** Parameter callbacks for a name (or each of an array of names). */',
      '    param(name: string | readonly string[], ...callbacks: core.RequestParamHandler[]): this;',
      '    /** A customiser of later `app.param(name, callback)` calls. */',
      '    param(customizer: (name: string, callback: any) => core.RequestParamHandler | undefined | null | false | void): this;',
      '  }',
      '  /** `app.locals` of a 3.x app: call it with an object to merge that object in. */',
      '  interface CallableLocals {',
      '    (values: object): object;',
      '    [name: string]: any;',
      '  }',
      '  /** One route as `app.routes` lists it. */',
      '  interface RouteRecord {',
      '    /** The path as given to `app.VERB`. */',
      '    path: any;',
      '    /** The lower-case verb. */',
      '    method: string;',
      "    /** The route's callbacks, flattened. */",
      '    callbacks: any[];',
      '    /** The parameters of the last successful `match`. */',
      '    params?: string[] & Record<string, string | undefined>;',
      '    /** Whether `path` matches this route (filling `params`). */',
      '    match(path: string): boolean;',
      '  }',
    ],
  },
];
