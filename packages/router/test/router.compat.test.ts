import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Router from '@webfw/router';

/**
 * Differential test against router 2.x (the router inside express 5, installed as a
 * devDependency of tooling/bench): random stacks of middleware, routes, nested routers,
 * param callbacks and error handlers, under random options, each given the same random
 * requests in both routers. Every handler records what it saw (url, baseUrl, originalUrl,
 * params, route) and the outcome is compared entry by entry.
 */
const referencePath = join(__dirname, '..', '..', '..', 'tooling', 'bench', 'node_modules', 'router');

type AnyRouter = ((req: unknown, res: unknown, next: (err?: unknown) => void) => void) & Record<string, (...a: unknown[]) => unknown>;
type Factory = (opts?: unknown) => AnyRouter;

interface StackSpec {
  opts: { caseSensitive: boolean; strict: boolean; mergeParams: boolean };
  items: Item[];
}
type Item =
  | { kind: 'use'; path?: unknown; label: string; action: string; sub?: StackSpec }
  | { kind: 'err'; label: string }
  | { kind: 'param'; name: string; label: string; action: string }
  | { kind: 'route'; path: unknown; verbs: Array<[string, string, string]> };

const PATTERNS = [
  '/',
  '/user',
  '/user/',
  '/USER',
  '/user/:id',
  '/user/:id/posts',
  '/user{/:id}',
  '/user/*rest',
  '/files{/*path}',
  '/:a',
  '/:a/:b',
  '/api',
  '/api/v1',
  '/a/b',
  '/a.:ext',
  '/:name.:ext',
  '/x.y',
  '/caf%C3%A9',
  '/café',
  '/api/:v/user',
  '',
  '/user//',
  '//user',
  '/{:lang/}about',
  '/*all',
  '/a-:b',
  '/user/:id{/:op}',
  '/:"quoted"',
  '/b/\\:c',
  '/api/v1/users/:id',
  '/api/v1/users',
  '/api/:v/users/:id',
  '/api/v1/*rest',
  '/a/b/c/d/e/f/g/h/i/j',
  '/a/b/c/d/e/f/g/h/i/:j',
  '/api/v1',
  '/api/v1/users/:id/x',
];
const REGEXES = [/^\/user\/(\d+)$/, /\/a/, /^\/(?<name>[a-z]+)\/(\d+)/i, /^\/api\/?(.*)$/];
const URLS = [
  '/',
  '//',
  '/user',
  '/user/',
  '/USER',
  '/user//',
  '/user/42',
  '/user/42/',
  '/User/42/posts',
  '/user/42/posts/',
  '/user/a%20b',
  '/user/%E0%A4%A',
  '/user/a/b/c',
  '/user/a%2Fb/c',
  '/files',
  '/files/a/b.txt',
  '/api',
  '/api/',
  '/API/v1',
  '/api/v1/user',
  '/apix',
  '/a/b',
  '/a/b/c',
  '/a.js',
  '/x.y',
  '/xzy',
  '/caf%C3%A9',
  '/caf%c3%a9',
  '/café',
  '/CAFÉ',
  '/about',
  '/en/about',
  '/a-1',
  '/user/1/edit',
  '/%',
  '/b/:c',
  '/b/%3Ac',
  '/./user',
  '/user/./x',
  '*',
  'http://h/user/7?q',
  'http://h/api/x',
  'http://h',
  '/user?x=1',
  '/a b',
  '',
  '/api/v1/users/5',
  '/API/V1/users/',
  '/api/v1/users',
  '/api/v2/users/9',
  '/a/b/c/d/e/f/g/h/i/j',
  '/a/b/c/d/e/f/g/h/i/J/',
  '/a/b/c/d/e/f/g/h/i/j/k',
  '/api/v1/users/5/x',
];
const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'DELETE'];
const VERBS = ['get', 'post', 'head', 'put', 'all', 'options', 'delete'];
const ACTIONS = ['next', 'next', 'end', 'route', 'router', 'throw', 'modify', 'reject', 'override'];

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

function generate(rnd: () => number, depth: number): StackSpec {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const pathArg = (): unknown => {
    const r = rnd();
    if (r < 0.75) return pick(PATTERNS);
    if (r < 0.9) return pick(REGEXES);
    return [pick(PATTERNS), rnd() < 0.5 ? pick(REGEXES) : pick(PATTERNS)];
  };
  const items: Item[] = [];
  const n = 2 + Math.floor(rnd() * 7);
  for (let i = 0; i < n; i++) {
    const r = rnd();
    const label = `L${depth}_${i}`;
    if (r < 0.3) {
      items.push({
        kind: 'use',
        path: rnd() < 0.3 ? undefined : pathArg(),
        label,
        action: pick(ACTIONS),
        sub: depth < 2 && rnd() < 0.3 ? generate(rnd, depth + 1) : undefined,
      });
    } else if (r < 0.38) {
      items.push({ kind: 'err', label });
    } else if (r < 0.45) {
      items.push({ kind: 'param', name: pick(['id', 'a', 'b', 'rest', 'name', '0']), label, action: pick(['next', 'next', 'route', 'err']) });
    } else {
      const verbs: Array<[string, string, string]> = [];
      const k = 1 + Math.floor(rnd() * 3);
      for (let j = 0; j < k; j++) verbs.push([pick(VERBS), pick(ACTIONS), `${label}v${j}`]);
      items.push({ kind: 'route', path: pathArg(), verbs });
    }
  }
  return { opts: { caseSensitive: rnd() < 0.3, strict: rnd() < 0.3, mergeParams: rnd() < 0.4 }, items };
}

type R = { method: string; url: string; baseUrl?: string; originalUrl?: string; params?: Record<string, unknown>; route?: { path: unknown }; next?: unknown };

function build(factory: Factory, spec: StackSpec, trace: unknown[]): AnyRouter {
  const handler = (label: string, action: string) =>
    function (req: R, res: { end: (b: string) => void }, next: (e?: unknown) => void): unknown {
      trace.push([label, req.method, req.url, req.baseUrl, req.originalUrl, JSON.stringify(req.params), req.route && String(req.route.path), typeof req.next]);
      switch (action) {
        case 'end':
          res.end(label);
          return undefined;
        case 'route':
        case 'router':
          next(action);
          return undefined;
        case 'throw':
          throw new Error(`E${label}`);
        case 'reject':
          return Promise.reject(new Error(`R${label}`));
        case 'modify':
          if (req.params) req.params.id = 'mod';
          next();
          return undefined;
        case 'override':
          req.method = req.method === 'GET' ? 'POST' : req.method === 'OPTIONS' ? 'HEAD' : 'GET';
          next();
          return undefined;
        default:
          next();
          return undefined;
      }
    };
  const errorHandler = (label: string) =>
    function (err: { message?: string; status?: number }, req: R, _res: unknown, next: (e?: unknown) => void): void {
      trace.push([label, 'ERR', String(err?.message), err?.status, req.url, req.baseUrl]);
      next(err);
    };
  const fill = (router: AnyRouter, s: StackSpec): void => {
    for (const item of s.items) {
      try {
        if (item.kind === 'use') {
          let fn: unknown = handler(item.label, item.action);
          if (item.sub) {
            fn = factory(item.sub.opts);
            fill(fn as AnyRouter, item.sub);
          }
          if (item.path === undefined) router.use!(fn);
          else router.use!(item.path, fn);
        } else if (item.kind === 'err') {
          router.use!(errorHandler(item.label));
        } else if (item.kind === 'param') {
          router.param!(item.name, (req: R, _res: unknown, next: (e?: unknown) => void, val: string, name: string) => {
            trace.push(['param', item.label, name, val, JSON.stringify(req.params)]);
            if (item.action === 'route') return next('route');
            if (item.action === 'err') return next(new Error(`P${item.label}`));
            req.params![name] = `${val}!`;
            return next();
          });
        } else {
          const route = router.route!(item.path) as Record<string, (fn: unknown) => void>;
          for (const [verb, action, label] of item.verbs) route[verb]!(handler(label, action));
        }
      } catch (e) {
        trace.push(['registration error', (e as Error).message]);
      }
    }
  };
  const root = factory(spec.opts);
  fill(root, spec);
  return root;
}

function run(router: AnyRouter, method: string, url: string, trace: unknown[]): Promise<void> {
  return new Promise((resolve) => {
    const req: R = { method, url };
    const headers: Record<string, unknown> = {};
    const res = {
      statusCode: 200,
      setHeader: (k: string, v: unknown) => void (headers[k] = v),
      end: (body: string) => {
        trace.push(['end', body, JSON.stringify(headers)]);
        resolve();
      },
    };
    try {
      router(req, res, (err?: unknown) => {
        const e = err as { message?: string; status?: number } | undefined;
        trace.push(['done', e && String(e.message), e && e.status, req.url, req.baseUrl, JSON.stringify(req.params), typeof req.next]);
        resolve();
      });
    } catch (e) {
      trace.push(['threw', (e as Error).message]);
      resolve();
    }
  });
}

describe('compatibility with router 2.x', () => {
  beforeAll(() => {
    if (!existsSync(referencePath)) throw new Error(`router 2.x not installed at ${referencePath}: run the workspace install`);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('should walk random stacks exactly as router 2.x does (seed %i)', async (seed) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const reference = require(referencePath) as Factory;
    const ours = Router as unknown as Factory;
    const rnd = random(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
    const mismatches: string[] = [];
    let compared = 0;
    for (let i = 0; i < 60; i++) {
      const spec = generate(rnd, 0);
      const expected: unknown[] = [];
      const actual: unknown[] = [];
      const ref = build(reference, spec, expected);
      const our = build(ours, spec, actual);
      for (let q = 0; q < 12; q++) {
        const method = pick(METHODS);
        const url = pick(URLS);
        expected.length = 0;
        actual.length = 0;
        await run(ref, method, url, expected);
        await run(our, method, url, actual);
        compared++;
        const a = JSON.stringify(expected);
        const b = JSON.stringify(actual);
        if (a !== b) mismatches.push(`${method} ${url}\n  router 2.x: ${a}\n  ours:       ${b}`);
      }
    }
    expect(compared).toBe(720);
    expect(mismatches.slice(0, 3)).toEqual([]);
  });
});
