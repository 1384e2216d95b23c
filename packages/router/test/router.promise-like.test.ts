import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@webfw/router';

/**
 * A handler or param callback that returns a thenable which is not a native Promise: its
 * rejection still reaches `next(err)`, and router 2.x's deprecation is printed (captured here
 * through depd's `deprecation` event), the same on @webfw/router and on router 2.x.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ReferenceRouter = require('router') as typeof Router;

type Next = (err?: unknown) => void;

/** A Promise-like that rejects with `reason` on the next turn. */
function rejectingThenable(reason: unknown) {
  return {
    then(_onFulfilled: unknown, onRejected: (r: unknown) => void) {
      setImmediate(() => onRejected(reason));
    },
  };
}

async function exchange(factory: typeof Router, url: string): Promise<{ status: number; body: string; warnings: string[] }> {
  const warnings: string[] = [];
  const onDeprecation = (err: Error & { namespace?: string }): void => {
    warnings.push(`${err.namespace} ${err.message}`);
  };
  process.on('deprecation' as 'warning', onDeprecation);
  const router = factory();
  router.param('id', () => rejectingThenable(new Error('param rejected')));
  router.get('/h', () => rejectingThenable(new Error('handler rejected')));
  router.get('/falsy', () => rejectingThenable(undefined));
  router.get('/p/:id', (_req, res) => res.end('unreached'));
  router.use((err: unknown, _req: IncomingMessage, res: ServerResponse, _next: Next) => {
    res.statusCode = 500;
    res.end((err as Error).message);
  });
  const server = http.createServer((req, res) => router(req, res, () => res.end('none')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`);
    return { status: answer.status, body: await answer.text(), warnings };
  } finally {
    process.removeListener('deprecation' as 'warning', onDeprecation);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('handlers and param callbacks returning a Promise-like', () => {
  // depd prints a deprecation once per call site in a process: the second handler case (same
  // call site as the first) prints nothing, on both routers. The cases run in this order.
  const handlers = 'router handlers that are Promise-like are deprecated, use a native Promise instead';
  const parameters = 'router parameters that are Promise-like are deprecated, use a native Promise instead';
  it.each([
    ['/h', 500, 'handler rejected', [handlers]],
    ['/falsy', 500, 'Rejected promise', []],
    ['/p/1', 500, 'param rejected', [parameters]],
  ])('GET %s should answer %i %j and print %j, as router 2.x', async (url, status, body, warnings) => {
    const ours = await exchange(Router, url);
    const reference = await exchange(ReferenceRouter, url);
    expect(ours).toEqual({ status, body, warnings });
    expect(reference).toEqual(ours);
  });

  it('should warn at the first Promise-like and never for a native Promise', async () => {
    const seen: string[] = [];
    const onDeprecation = (err: Error): void => {
      seen.push(err.message);
    };
    process.on('deprecation' as 'warning', onDeprecation);
    try {
      const router = Router();
      router.get('/native', async () => {
        throw new Error('native rejected');
      });
      const server = http.createServer((req, res) =>
        router(req, res, (err?: unknown) => {
          res.statusCode = err ? 500 : 404;
          res.end(err instanceof Error ? err.message : '');
        }),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/native`);
      expect([answer.status, await answer.text()]).toEqual([500, 'native rejected']);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    } finally {
      process.removeListener('deprecation' as 'warning', onDeprecation);
    }
    expect(seen).toEqual([]);
  });
});
