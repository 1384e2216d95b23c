import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@webfw/router';

/**
 * A `next` called more than once does what router 2.x does: every handler of a walk receives
 * the same `next`, and each call continues the walk from where it is now. Each case builds the
 * same stack on @webfw/router and on router 2.x, sends the same request over HTTP, and compares
 * the answer and the order of everything that ran (including every call of the final callback).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ReferenceRouter = require('router') as (opts?: unknown) => AnyRouter;

type Next = (err?: unknown) => void;
type Handler = (...args: never[]) => unknown;
interface AnyRouter {
  (req: IncomingMessage, res: ServerResponse, next: Next): void;
  use(...args: unknown[]): AnyRouter;
  get(...args: unknown[]): AnyRouter;
  param(name: string, fn: Handler): AnyRouter;
  route(path: string): { get(...fns: Handler[]): unknown };
}
type Factory = (opts?: unknown) => AnyRouter;

const factories: Array<[string, Factory]> = [
  ['@webfw/router', Router as unknown as Factory],
  ['router 2.x', ReferenceRouter],
];

interface Outcome {
  status: number;
  body: string;
  events: string[];
}

/**
 * Runs `build(router, log)` on a server whose final callback logs each call (and answers when
 * nothing has), sends GET `url`, and resolves when the answer came and `settle` ms passed.
 */
async function exchange(factory: Factory, build: (router: AnyRouter, log: (e: string) => void) => void, url: string, settle = 60): Promise<Outcome> {
  const events: string[] = [];
  const log = (e: string): void => {
    events.push(e);
  };
  const router = factory();
  build(router, log);
  const server = http.createServer((req, res) => {
    router(req, res, (err?: unknown) => {
      log(`done ${err instanceof Error ? err.message : String(err)}`);
      if (res.headersSent) return;
      res.statusCode = err ? ((err as { status?: number }).status ?? 500) : 404;
      res.end(err ? `error ${(err as Error).message}` : 'not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}${url}`);
    const body = await answer.text();
    await new Promise((resolve) => setTimeout(resolve, settle));
    return { status: answer.status, body, events };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The outcome on both routers; asserts they agree and returns webfw's. */
async function both(build: (router: AnyRouter, log: (e: string) => void) => void, url = '/', settle?: number): Promise<Outcome> {
  const [ours, reference] = await Promise.all(factories.map(([, f]) => exchange(f, build, url, settle)));
  expect(ours).toEqual(reference);
  return ours!;
}

describe('a next called more than once continues the walk from where it is (router 2.x)', () => {
  it('should run the error handlers after the current position for next() then a later next(err) (connect-timeout)', async () => {
    const outcome = await both((router, log) => {
      router.use((_req: unknown, _res: unknown, next: Next) => {
        log('timeout armed');
        next();
        setTimeout(() => next(Object.assign(new Error('Response timeout'), { status: 503 })), 20);
      });
      router.get('/', (_req: unknown, _res: unknown, _next: Next) => log('slow handler never answers'));
      router.use((err: Error, _req: unknown, res: ServerResponse, _next: Next) => {
        log(`error handler ${err.message}`);
        res.statusCode = 503;
        res.end('timed out');
      });
    });
    expect(outcome).toEqual({
      status: 503,
      body: 'timed out',
      events: ['timeout armed', 'slow handler never answers', 'error handler Response timeout'],
    });
  });

  it('should pass the rejection of an async handler that called next() first', async () => {
    const outcome = await both((router, log) => {
      router.use(async (_req: unknown, _res: unknown, next: Next) => {
        next();
        await new Promise((resolve) => setTimeout(resolve, 10));
        throw new Error('rejected after next');
      });
      router.get('/', (_req: unknown, _res: unknown, _next: Next) => log('handler waits'));
      router.use((err: Error, _req: unknown, res: ServerResponse, _next: Next) => {
        log(`error handler ${err.message}`);
        res.statusCode = 500;
        res.end(err.message);
      });
    });
    expect(outcome).toEqual({ status: 500, body: 'rejected after next', events: ['handler waits', 'error handler rejected after next'] });
  });

  it('should call the final callback again when next is called again after the walk ended', async () => {
    const outcome = await both((router, log) => {
      router.use((_req: unknown, _res: unknown, next: Next) => {
        next();
        setTimeout(() => {
          log('calling next again');
          next(new Error('late'));
        }, 10);
      });
    });
    expect(outcome).toEqual({ status: 404, body: 'not found', events: ['done undefined', 'calling next again', 'done late'] });
  });

  it('should run the rest of the stack again from the current position for two synchronous calls', async () => {
    const outcome = await both((router, log) => {
      router.use((_req: unknown, _res: unknown, next: Next) => {
        next();
        log('second call');
        next();
      });
      router.use((_req: unknown, _res: unknown, next: Next) => {
        log('second middleware');
        next();
      });
      router.use((_req: unknown, _res: unknown, next: Next) => {
        log('third middleware');
        next();
      });
    });
    expect(outcome.events).toEqual(['second middleware', 'third middleware', 'second call', 'done undefined', 'done undefined']);
    expect(outcome.status).toBe(404);
  });

  it("should continue a route's own callbacks from where that route is for a route callback's second next", async () => {
    const outcome = await both((router, log) => {
      router.get(
        '/r',
        (_req: unknown, _res: unknown, next: Next) => {
          next();
          setTimeout(() => {
            log('second next');
            next('route');
          }, 10);
        },
        (_req: unknown, _res: unknown, _next: Next) => log('second callback'),
      );
      router.get('/r', (_req: unknown, res: ServerResponse) => {
        log('next route');
        res.end('next route');
      });
    }, '/r');
    expect(outcome).toEqual({ status: 200, body: 'next route', events: ['second callback', 'second next', 'next route'] });
  });

  it("should continue the parameter's callbacks for a param callback's second next", async () => {
    const outcome = await both((router, log) => {
      router.param('id', (_req: unknown, _res: unknown, next: Next, id: string) => {
        log(`param ${id}`);
        next();
        next();
      });
      router.get('/p/:id', (_req: unknown, res: ServerResponse) => {
        log('handler');
        if (!res.headersSent) res.end('handler');
      });
    }, '/p/7');
    expect(outcome).toEqual({ status: 200, body: 'handler', events: ['param 7', 'handler', 'handler'] });
  });

  it('should call the next error handler for a throw after next', async () => {
    const outcome = await both((router, log) => {
      router.use((_req: unknown, _res: unknown, next: Next) => {
        next();
        throw new Error('thrown after next');
      });
      router.get('/', (_req: unknown, _res: unknown, _next: Next) => log('handler'));
      router.use((err: Error, _req: unknown, res: ServerResponse, _next: Next) => {
        log(`error handler ${err.message}`);
        res.end(err.message);
      });
    });
    expect(outcome).toEqual({ status: 200, body: 'thrown after next', events: ['handler', 'error handler thrown after next'] });
  });
});

describe('the URL of a mounted middleware that rewrites it (router 2.3)', () => {
  it.each([
    ['/mount', '/rewritten'],
    ['/mount', 'rewritten'],
    ['/mount', '/'],
    ['/mount', '/?q=1'],
    ['/mount/', '/x'],
    ['/mount?a=b', '/x'],
  ])('should restore GET %s after the middleware set req.url to %j', async (url, rewritten) => {
    const outcome = await both((router, log) => {
      router.use('/mount', (req: IncomingMessage, _res: unknown, next: Next) => {
        log(`inside ${req.url}`);
        req.url = rewritten;
        next();
      });
      router.use((req: IncomingMessage, res: ServerResponse) => {
        log(`after ${req.url}`);
        res.end(req.url);
      });
    }, url);
    expect(outcome.status).toBe(200);
  });
});

describe('a malformed escape in a parameter', () => {
  it('should pass a URIError with status and statusCode 400, as router 2.x does', async () => {
    const outcome = await both((router, log) => {
      router.get('/u/:name', (_req: unknown, res: ServerResponse) => res.end('unreached'));
      router.use((err: Error & { status?: number; statusCode?: number; expose?: boolean }, _req: unknown, res: ServerResponse, _next: Next) => {
        log(`${err.name} ${err.message} ${err.status} ${err.statusCode} ${String(err.expose)}`);
        res.statusCode = err.status!;
        res.end();
      });
    }, '/u/%E0%A4%A');
    expect(outcome).toEqual({ status: 400, body: '', events: ["URIError Failed to decode param '%E0%A4%A' 400 400 undefined"] });
  });
});
