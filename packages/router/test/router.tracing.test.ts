import { AsyncLocalStorage } from 'node:async_hooks';
import dc from 'node:diagnostics_channel';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@webfw/router';
import RouterV4 from '@webfw/router/v4';
import { finalHandler } from './support/helpers';

/**
 * The `express.router.request` TracingChannel, compared with router 2.3.0 (the router express
 * 5.3 installs, a devDependency here): the same apps built on each router get the same requests
 * over HTTP, and a subscriber writes down every event (with the context's fields as they are
 * then) between the lines the handlers write when they run. The two transcripts must be equal,
 * line for line, and so must the answers.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Reference = require('router') as typeof Router;

/** A router of either package, used loosely (the apps below are plain JavaScript handlers). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = (...args: any[]) => any;
interface AnyRouter {
  use: Loose;
  get: Loose;
  param: Loose;
  route: Loose;
}
type Factory = (options?: { mergeParams?: boolean }) => AnyRouter;
type Next = (err?: unknown) => void;
type Req = IncomingMessage & { params: Record<string, string> };

const channel = dc.tracingChannel('express.router.request');
const store = new AsyncLocalStorage<string>();
let transcript: string[] = [];

/** A short, stable rendering of a value for the transcript. */
function show(value: unknown): string {
  if (value instanceof Error) return `Error(${value.message}${(value as { status?: number }).status ? ` ${(value as { status?: number }).status}` : ''})`;
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return `fn ${value.name}`;
  if (value instanceof Promise) return 'Promise';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The transcript line of one event: the event, then every field of the context as it is now. */
function line(event: string, ctx: Record<string, unknown>): string {
  const fields = Object.keys(ctx).map((key) => {
    const value = ctx[key];
    if (key === 'req' || key === 'res') return key;
    if (key === 'layer') return `layer=${(value as { name: string }).name}`;
    return `${key}=${show(value)}`;
  });
  return `${event} ${fields.join(' ')}`;
}

const subscriber = {
  start: (ctx: unknown) => transcript.push(line('start', ctx as Record<string, unknown>)),
  end: (ctx: unknown) => transcript.push(line('end', ctx as Record<string, unknown>)),
  asyncStart: (ctx: unknown) => transcript.push(line('asyncStart', ctx as Record<string, unknown>)),
  asyncEnd: (ctx: unknown) => transcript.push(line(`asyncEnd store=${store.getStore() ?? '-'}`, ctx as Record<string, unknown>)),
  error: (ctx: unknown) => transcript.push(line('error', ctx as Record<string, unknown>)),
};

/** What a handler writes in the transcript when it runs (with the store `start` bound, if any). */
function ran(what: string): void {
  transcript.push(`  ran ${what} store=${store.getStore() ?? '-'}`);
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A thenable that is not a native Promise and settles as soon as `then` is called. */
function syncThenable(value: unknown, reject = false): { then(ok: (v: unknown) => void, fail: (e: unknown) => void): void } {
  return {
    then(ok, fail) {
      if (reject) fail(value);
      else ok(value);
    },
  };
}

/** The apps, each built on a router factory: `build(Router)` returns the router to serve. */
const apps: Record<string, (make: Factory) => AnyRouter> = {
  'sync middleware, route callbacks, a returned value': (make) => {
    const r = make();
    r.use(function stamp(req: Req, res: ServerResponse, next: Next) {
      ran('stamp');
      next();
    });
    r.use(function returns(req: Req, res: ServerResponse, next: Next) {
      ran('returns');
      next();
      return 42;
    });
    r.get('/users/:id', function first(req: Req, res: ServerResponse, next: Next) {
      ran(`first ${req.params.id}`);
      next();
    });
    r.get('/users/:id', (req: Req, res: ServerResponse) => {
      ran('anonymous');
      res.end(`user ${req.params.id}`);
    });
    r.route('/multi').get(
      function a(req: Req, res: ServerResponse, next: Next) {
        ran('a');
        next();
      },
      function b(req: Req, res: ServerResponse) {
        ran('b');
        res.end('multi');
      },
    );
    r.get(['/x', '/y/:z'], function arrayPath(req: Req, res: ServerResponse) {
      ran('arrayPath');
      res.end(req.url);
    });
    return r;
  },
  'async callbacks: resolve, reject, falsy rejection, next(err) then a promise': (make) => {
    const r = make();
    r.get('/resolve', async function resolves(req: Req, res: ServerResponse) {
      ran('resolves');
      await tick();
      res.end('resolved');
      return 'value';
    });
    r.get('/reject', async function rejects() {
      ran('rejects');
      await tick();
      throw new Error('rejected');
    });
    r.get('/falsy', function falsy() {
      ran('falsy');
      return Promise.reject(null);
    });
    r.get('/next-then-promise', function nextThenPromise(req: Req, res: ServerResponse, next: Next) {
      ran('nextThenPromise');
      next(new Error('early'));
      return Promise.resolve('late');
    });
    r.get('/thenable', function thenable(req: Req, res: ServerResponse) {
      ran('thenable');
      res.end('thenable');
      return syncThenable('sync value');
    });
    r.use(function onError(err: Error, req: Req, res: ServerResponse, next: Next) {
      ran(`onError ${err && err.message}`);
      void next;
      res.statusCode = 500;
      res.end(`handled ${err && err.message}`);
    });
    return r;
  },
  'errors: next(err), throw, throw after next, routing signals': (make) => {
    const r = make();
    r.get('/next-err', function nextErr(req: Req, res: ServerResponse, next: Next) {
      ran('nextErr');
      next(new Error('passed'));
    });
    r.get('/throw', function throws() {
      ran('throws');
      throw new Error('thrown');
    });
    r.get('/throw-after-next', function throwAfterNext(req: Req, res: ServerResponse, next: Next) {
      ran('throwAfterNext');
      const err = new Error('twice');
      next(err);
      throw err;
    });
    r.get('/throw-route', function throwRoute() {
      ran('throwRoute');
      throw 'route';
    });
    r.get('/throw-route', function afterRoute(req: Req, res: ServerResponse) {
      ran('afterRoute (skipped)');
      res.end('no');
    });
    r.get('/next-route', function nextRoute(req: Req, res: ServerResponse, next: Next) {
      ran('nextRoute');
      next('route');
    });
    r.get('/next-route', function skipped(req: Req, res: ServerResponse) {
      ran('skipped');
      res.end('no');
    });
    r.use('/next-router', function nextRouter(req: Req, res: ServerResponse, next: Next) {
      ran('nextRouter');
      next('router');
    });
    r.use(function passOn(err: Error, req: Req, res: ServerResponse, next: Next) {
      ran(`passOn ${err.message}`);
      next(err);
    });
    r.use(function replace(err: Error, req: Req, res: ServerResponse, next: Next) {
      ran(`replace ${err.message}`);
      if (req.url === '/next-err') next(new Error('replaced'));
      else next(err);
    });
    r.use(function recover(err: Error, req: Req, res: ServerResponse, next: Next) {
      ran(`recover ${err.message}`);
      if (req.url === '/throw') next();
      else next(err);
    });
    r.use(function lastError(err: Error, req: Req, res: ServerResponse, next: Next) {
      ran(`lastError ${err.message}`);
      void next;
      res.statusCode = 500;
      res.end(err.message);
    });
    r.use(function fallback(req: Req, res: ServerResponse) {
      ran('fallback');
      res.end('fallback');
    });
    return r;
  },
  'nested routers: an error bubbles up, reported once; error handlers that reject': (make) => {
    const outer = make();
    const inner = make({ mergeParams: true });
    inner.use(function innerMw(req: Req, res: ServerResponse, next: Next) {
      ran(`innerMw ${JSON.stringify(req.params)}`);
      next();
    });
    inner.get('/fail', function innerFail(req: Req, res: ServerResponse, next: Next) {
      ran('innerFail');
      next(new Error('inner'));
    });
    inner.get('/ok', function innerOk(req: Req, res: ServerResponse) {
      ran('innerOk');
      res.end('ok');
    });
    outer.use('/api/:version', inner);
    outer.use(async function rejectingHandler(err: Error, req: Req, res: ServerResponse, next: Next) {
      ran(`rejectingHandler ${err.message}`);
      void next;
      await tick();
      throw err;
    });
    outer.use(function finalError(err: Error, req: Req, res: ServerResponse, next: Next) {
      ran(`finalError ${err.message}`);
      void next;
      res.statusCode = 500;
      res.end(err.message);
    });
    return outer;
  },
  'router.param callbacks: sync, async, cached, failing, thenables': (make) => {
    const r = make();
    r.param('id', function loadId(req: Req, res: ServerResponse, next: Next, value: string, name: string) {
      ran(`loadId ${value} ${name}`);
      if (value === 'bad') next(new Error('bad id'));
      else next();
    });
    r.param('id', async function checkId(req: Req, res: ServerResponse, next: Next, value: string) {
      ran(`checkId ${value}`);
      await tick();
      if (value === 'reject') throw new Error('rejected id');
      next();
      return 'checked';
    });
    r.param('slug', function throwsSlug(req: Req, res: ServerResponse, next: Next, value: string) {
      ran(`throwsSlug ${value}`);
      if (value === 'throw') throw new Error('thrown slug');
      next();
      return syncThenable('early');
    });
    r.get('/items/:id', function firstItem(req: Req, res: ServerResponse, next: Next) {
      ran(`firstItem ${req.params.id}`);
      next();
    });
    r.get('/items/:id', function secondItem(req: Req, res: ServerResponse) {
      ran(`secondItem ${req.params.id}`);
      res.end(`item ${req.params.id}`);
    });
    r.get('/posts/:slug', function post(req: Req, res: ServerResponse) {
      ran(`post ${req.params.slug}`);
      res.end(`post ${req.params.slug}`);
    });
    r.use(function paramError(err: Error, req: Req, res: ServerResponse, next: Next) {
      ran(`paramError ${err.message}`);
      void next;
      res.statusCode = 500;
      res.end(err.message);
    });
    return r;
  },
  'route matching errors are not attributed: a malformed escape': (make) => {
    const r = make();
    r.use(function before(req: Req, res: ServerResponse, next: Next) {
      ran('before');
      next();
    });
    r.get('/files/:name', function file(req: Req, res: ServerResponse) {
      ran('file');
      res.end('file');
    });
    r.use(function afterMatch(err: Error, req: Req, res: ServerResponse, next: Next) {
      ran(`afterMatch ${err.message}`);
      next(err);
    });
    r.use(function lastHandler(err: Error, req: Req, res: ServerResponse, next: Next) {
      ran(`lastHandler ${err.message}`);
      void next;
      res.statusCode = (err as { status?: number }).status ?? 500;
      res.end(err.message);
    });
    return r;
  },
};

const requests: Record<string, string[]> = {
  'sync middleware, route callbacks, a returned value': ['GET /users/7', 'GET /multi', 'GET /x', 'GET /y/1', 'HEAD /users/8', 'GET /none'],
  'async callbacks: resolve, reject, falsy rejection, next(err) then a promise': [
    'GET /resolve',
    'GET /reject',
    'GET /falsy',
    'GET /next-then-promise',
    'GET /thenable',
  ],
  'errors: next(err), throw, throw after next, routing signals': [
    'GET /next-err',
    'GET /throw',
    'GET /throw-after-next',
    'GET /throw-route',
    'GET /next-route',
    'GET /next-router/x',
  ],
  'nested routers: an error bubbles up, reported once; error handlers that reject': ['GET /api/v2/ok', 'GET /api/v2/fail'],
  'router.param callbacks: sync, async, cached, failing, thenables': [
    'GET /items/1',
    'GET /items/bad',
    'GET /items/reject',
    'GET /posts/hello',
    'GET /posts/throw',
  ],
  'route matching errors are not attributed: a malformed escape': ['GET /files/%E0%A4%A', 'GET /files/ok'],
};

/** Serves `router` (with the tests' final handler), sends `requests` one after the other, and returns the transcript. */
async function run(router: AnyRouter, list: string[]): Promise<string[]> {
  const server = http.createServer((req, res) => {
    const done = finalHandler(req, res);
    store.run('request', () => (router as unknown as (q: unknown, s: unknown, n: Next) => void)(req, res, done));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const out: string[] = [];
  // both routers deprecate Promise-like handlers and parameters (depd: once per call site);
  // with a listener depd hands its warning to it instead of stderr: the warnings join the
  // transcript, so they are compared too
  const deprecations: string[] = [];
  const onDeprecation = (err: Error & { namespace?: string }): void => {
    deprecations.push(`deprecated: ${err.namespace} ${err.message}`);
  };
  process.on('deprecation' as 'warning', onDeprecation);
  try {
    for (const entry of list) {
      const [method, path] = entry.split(' ') as [string, string];
      transcript = [];
      const answer = await fetch(`http://127.0.0.1:${port}${path}`, { method });
      const body = method === 'HEAD' ? '' : await answer.text();
      // let the last asyncEnd arrive (a rejection's handler runs after the answer)
      for (let i = 0; i < 5; i++) await tick();
      out.push(`${entry} -> ${answer.status} ${body}`, ...transcript);
    }
  } finally {
    process.removeListener('deprecation' as 'warning', onDeprecation);
    await new Promise((resolve) => server.close(resolve));
  }
  return [...out, ...deprecations];
}

describe('express.router.request: the same events as router 2.3.0', () => {
  beforeAll(() => {
    channel.subscribe(subscriber);
    channel.start.bindStore(store, (ctx) => `start:${((ctx as { handler: { name: string } }).handler.name || 'anonymous').slice(0, 12)}`);
    channel.asyncStart.bindStore(store, () => 'asyncStart');
  });
  afterAll(() => {
    channel.unsubscribe(subscriber);
    channel.start.unbindStore(store);
    channel.asyncStart.unbindStore(store);
  });

  it.each(Object.keys(apps))('%s', async (name) => {
    const build = apps[name]!;
    const reference = await run(build(Reference as unknown as Factory), requests[name]!);
    const webfw = await run(build(Router as unknown as Factory), requests[name]!);
    // the reference publishes (the test can fail), then webfw matches it line for line
    expect(reference.filter((l) => l.startsWith('start ')).length).toBeGreaterThan(0);
    if (process.env.SHOW_TRANSCRIPT) console.log(reference.join('\n'));
    expect(webfw).toEqual(reference);
  });

  it('publishes from the 4.x router too (the same events for an app both syntaxes read alike)', async () => {
    const name = 'errors: next(err), throw, throw after next, routing signals';
    const reference = await run(apps[name]!(Reference as unknown as Factory), requests[name]!);
    const v4 = await run(apps[name]!(RouterV4 as unknown as Factory), requests[name]!);
    expect(v4).toEqual(reference);
  });
});

describe('express.router.request: subscribing to one event', () => {
  it('publishes nothing while nothing subscribes, and starts with the first subscriber of any one event', async () => {
    const seen: string[] = [];
    const onStart = (ctx: unknown): void => {
      seen.push(`start ${(ctx as { handler: { name: string } }).handler.name}`);
    };
    expect(channel.start.hasSubscribers).toBe(false);
    const r = Router();
    r.get('/a', function answer(req: IncomingMessage, res: ServerResponse) {
      res.end('a');
    });
    expect(await run(r, ['GET /a'])).toEqual(['GET /a -> 200 a']);
    dc.subscribe('tracing:express.router.request:start', onStart);
    try {
      expect(await run(r, ['GET /a'])).toEqual(['GET /a -> 200 a']);
      expect(seen).toEqual(['start answer']);
    } finally {
      dc.unsubscribe('tracing:express.router.request:start', onStart);
    }
  });
});
