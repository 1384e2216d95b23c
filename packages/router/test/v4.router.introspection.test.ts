import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { compareV4, RouterV1, RouterV4, type AnyRouter, type AnyRouterFactory } from './support/helpers';

/**
 * 4.x layer introspection (what express 4 tools read through `app._router.stack`): each
 * layer's `regexp` with `fast_star`/`fast_slash`, `keys`, `name`, `route` (`path`, `stack`,
 * `methods`, `_handles_method`), and `params`/`path` after a match, the same on
 * `@webfw/router/v4` as on router 1.x.
 */

interface IntroLayer {
  name: string;
  regexp: RegExp & { fast_star?: boolean; fast_slash?: boolean };
  keys: unknown[];
  params?: unknown;
  path?: unknown;
  method?: string;
  route?: { path: unknown; stack: IntroLayer[]; methods: Record<string, boolean>; _handles_method(m: string): boolean };
}

/**
 * express 4.22's own router (what express 4 apps see as `app._router`), the reference where it
 * compiles paths differently from router 1.3.8 (path-to-regexp 0.1.13 against 0.1.7). It is
 * a development dependency of @webfw/core, resolved from there.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RouterE4 = require(require.resolve('express-v4/lib/router', { paths: [path.join(__dirname, '../../core')] })) as AnyRouterFactory;

const stackOf = (router: AnyRouter): IntroLayer[] => (router as unknown as { stack: IntroLayer[] }).stack;

/**
 * A layer's names and route fields (and `params`/`path`), as router 1.x has them: express 4's
 * router names a route's layer `bound dispatch` and gives `route.methods` a prototype.
 */
function describeShape(layer: IntroLayer): Record<string, unknown> {
  const route = layer.route;
  return {
    name: layer.name,
    params: layer.params,
    path: layer.path,
    method: layer.method,
    route: route && {
      path: route.path,
      methods: { ...route.methods },
      inheritsObject: 'hasOwnProperty' in route.methods,
      stack: route.stack.map(describeShape),
      handles: ['get', 'HEAD', 'post', 'put', 'OPTIONS'].map((m) => route._handles_method(m)),
    },
  };
}

/**
 * A layer's compiled path (and its route's callback layers'), as express 4.22 compiles it
 * (path-to-regexp 0.1.13; router 1.3.8's 0.1.7 writes other expressions and key offsets).
 */
function describeCompiled(layer: IntroLayer): Record<string, unknown> {
  return {
    regexp: String(layer.regexp),
    fast_star: layer.regexp.fast_star,
    fast_slash: layer.regexp.fast_slash,
    keys: layer.keys,
    routeStack: layer.route?.stack.map(describeCompiled),
  };
}

/** The typical stack below as router 1.x names it and express 4.22 compiles it (unset fields: undefined). */
const EXPECTED_STACK: unknown[] = [
  { name: 'logger', regexp: '/^\\/?(?=\\/|$)/i', fast_star: false, fast_slash: true, keys: [] },
  { name: 'router', regexp: '/^\\/api\\/?(?=\\/|$)/i', fast_star: false, fast_slash: false, keys: [] },
  { name: '<anonymous>', regexp: '/^\\/static\\/?(?=\\/|$)/i', fast_star: false, fast_slash: false, keys: [] },
  {
    name: 'handle',
    route: {
      path: '/user/:id?',
      methods: { get: true },
      inheritsObject: false,
      stack: [{ name: 'show', method: 'get' }],
      handles: [true, true, false, false, false],
    },
    regexp: '/^\\/user(?:\\/([^/]+?))?\\/?$/i',
    fast_star: false,
    fast_slash: false,
    keys: [{ name: 'id', optional: true, offset: 5 }],
    routeStack: [{ regexp: '/^\\/?$/i', fast_star: false, fast_slash: false, keys: [] }],
  },
  {
    name: 'handle',
    route: {
      path: '/x/*',
      methods: { post: true, _all: true },
      inheritsObject: false,
      stack: [{ name: '<anonymous>', method: 'post' }, { name: '<anonymous>' }],
      handles: [true, true, true, true, true],
    },
    regexp: '/^\\/x\\/(.*)\\/?$/i',
    fast_star: false,
    fast_slash: false,
    keys: [{ name: 0, optional: false, offset: 3 }],
    routeStack: [
      { regexp: '/^\\/?$/i', fast_star: false, fast_slash: false, keys: [] },
      { regexp: '/^\\/?$/i', fast_star: false, fast_slash: false, keys: [] },
    ],
  },
  {
    name: 'handle',
    route: {
      path: '*',
      methods: { get: true },
      inheritsObject: false,
      stack: [{ name: '<anonymous>', method: 'get' }],
      handles: [true, true, false, false, false],
    },
    regexp: '/^(.*)\\/?$/i',
    fast_star: true,
    fast_slash: false,
    keys: [{ name: 0, optional: false, offset: 0 }],
    routeStack: [{ regexp: '/^\\/?$/i', fast_star: false, fast_slash: false, keys: [] }],
  },
];

const noop = (_req: unknown, _res: unknown, next: () => void): void => next();

/**
 * Builds the same stack on `@webfw/router/v4`, router 1.x and express 4's router; asserts the
 * shapes equal router 1.x's and the compiled paths equal express 4's; returns the v4 stack
 * described (shape and compiled path merged).
 */
function compareStacks(build: (router: AnyRouter, Router: AnyRouterFactory) => void, options?: Record<string, unknown>): unknown[] {
  const stacks = [RouterV4, RouterV1, RouterE4].map((factory) => {
    const router = factory(options);
    build(router, factory);
    return stackOf(router);
  });
  expect(stacks[0]!.map(describeShape)).toEqual(stacks[1]!.map(describeShape));
  expect(stacks[0]!.map(describeCompiled)).toEqual(stacks[2]!.map(describeCompiled));
  return stacks[0]!.map((l) => ({ ...describeShape(l), ...describeCompiled(l) }));
}

describe('@webfw/router/v4 layer introspection (as router 1.x)', () => {
  it('should expose a typical app stack: middleware, mounts, routes, *', () => {
    const stack = compareStacks((router, Router) => {
      router.use(function logger(req: unknown, res: unknown, next: () => void) {
        next();
      });
      router.use('/api', Router());
      router.use('/static', [(_req: unknown, _res: unknown, next: () => void) => next()]);
      router.get('/user/:id?', function show() {});
      router
        .route('/x/*')
        .post(() => {})
        .all(() => {});
      router.get('*', () => {});
    });
    expect(stack).toEqual(EXPECTED_STACK);
  });

  it('should compile options, patterns, regular expressions and arrays as express 4.22', () => {
    const stack = compareStacks(
      (router) => {
        router.get('/a/:id(\\d+)/:file.:ext', noop);
        (router.put as (...a: unknown[]) => void)(/^\/re\/(\d+)$/g, noop);
        router.get(['/one/:a', '/two/:b'], noop);
        router.use('/m/:x', noop);
      },
      { caseSensitive: true, strict: true },
    ) as Array<{ regexp: string; keys: unknown[] }>;
    expect(stack.map((l) => [l.regexp, l.keys])).toEqual([
      [
        '/^\\/a(?:\\/(\\d+))(?:\\/([^/]+?))(?:\\.([^/\\.]+?))$/',
        [
          { name: 'id', optional: false, offset: 2 },
          { name: 'file', optional: false, offset: 12 },
          { name: 'ext', optional: false, offset: 25 },
        ],
      ],
      ['/^\\/re\\/(\\d+)$/g', [{ name: 0, optional: false, offset: 7 }]],
      [
        '/^\\/one(?:\\/([^/]+?))$|^\\/two(?:\\/([^/]+?))$/',
        [
          { name: 'a', optional: false, offset: 4 },
          { name: 'b', optional: false, offset: 4 },
        ],
      ],
      ['/^\\/m(?:\\/([^/]+?))\\/?(?=\\/|$)/', [{ name: 'x', optional: false, offset: 2 }]],
    ]);
  });

  it('should set layer.params and layer.path per match (undefined after a failed match)', async () => {
    const answers = await compareV4(
      (router) => {
        router.use('/a/:x', noop);
        router.get('/b/:y?', noop);
        router.use((_req: IncomingMessage, res: ServerResponse) => {
          res.end(JSON.stringify(stackOf(router).map((l) => [l.path ?? '<undefined>', l.params ?? '<undefined>'])));
        });
      },
      ['/a/5/z', '/b', '/b/%41'],
    );
    expect(answers.map((a) => JSON.parse(a.body))).toEqual([
      [
        ['/a/5', { x: '5' }],
        ['<undefined>', '<undefined>'],
        ['', {}],
      ],
      [
        ['<undefined>', '<undefined>'],
        ['/b', {}],
        ['', {}],
      ],
      [
        ['<undefined>', '<undefined>'],
        ['/b/%41', { y: 'A' }],
        ['', {}],
      ],
    ]);
  });
});
