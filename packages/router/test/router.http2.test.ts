/**
 * The router on node's `http2` servers, used alone: routes, params, mounting (req.url and
 * baseUrl), HEAD through GET routes, the OPTIONS answer and errors; router 1.x's path syntax
 * (`@webfw/router/v4`) the same way.
 */
import type { RequestListener } from 'node:http';
import Router from '@webfw/router';
import RouterV4 from '@webfw/router/v4';
import { http2Request, withHttp2Server } from '@webfw/test-support';

function app(): RequestListener {
  const router = Router();
  const users = Router({ mergeParams: true });
  users.get('/:id', (req, res) =>
    res.end(JSON.stringify({ id: req.params.id, org: (req.params as Record<string, string>).org, url: req.url, baseUrl: req.baseUrl })),
  );
  router.use('/orgs/:org/users', users);
  router.get('/fail', () => {
    throw new Error('boom');
  });
  router.get('/hello', (_req, res) => {
    res.setHeader('Content-Length', '5');
    res.end('hello');
  });
  router.post('/hello', (_req, res) => res.end('posted'));
  return (req, res) =>
    router(req as never, res as never, (err?: unknown) => {
      res.statusCode = err ? 500 : 404;
      res.end(err ? `error: ${(err as Error).message}` : 'no route');
    });
}

describe('router on an HTTP/2 server', () => {
  it('should route with params, mounting and the answers of its final callback', async () => {
    await withHttp2Server(app(), async (server) => {
      const ask = async (path: string, method = 'GET') => {
        const res = await http2Request(server, { path, method });
        return [res.status, res.body.toString(), res.headers.allow];
      };
      expect(await ask('/orgs/acme/users/42?x=1')).toEqual([
        200,
        JSON.stringify({ id: '42', org: 'acme', url: '/42?x=1', baseUrl: '/orgs/acme/users' }),
        undefined,
      ]);
      expect(await ask('/hello', 'HEAD')).toEqual([200, '', undefined]);
      expect(await ask('/hello', 'OPTIONS')).toEqual([200, 'GET, HEAD, POST', 'GET, HEAD, POST']);
      expect(await ask('/hello', 'POST')).toEqual([200, 'posted', undefined]);
      expect(await ask('/fail')).toEqual([500, 'error: boom', undefined]);
      expect(await ask('/nowhere')).toEqual([404, 'no route', undefined]);
    });
  });
});

describe('router 1.x (@webfw/router/v4) on an HTTP/2 server', () => {
  it("should route with path-to-regexp 0.1's syntax, numbered captures and mounting", async () => {
    const router = RouterV4();
    router.get('/files/:file(*)', (req, res) => res.end(JSON.stringify(req.params)));
    router.get('/num/:id(\\d+)', (req, res) => res.end(`id ${req.params.id}`));
    const sub = RouterV4();
    sub.get('/where', (req, res) => res.end(`${req.baseUrl} ${req.url}`));
    router.use('/sub', sub);
    const listener: RequestListener = (req, res) =>
      router(req as never, res as never, (err?: unknown) => {
        res.statusCode = err ? 500 : 404;
        res.end(err ? `error: ${(err as Error).message}` : 'no route');
      });
    await withHttp2Server(listener, async (server) => {
      const ask = async (path: string) => {
        const res = await http2Request(server, { path });
        return [res.status, res.body.toString()];
      };
      expect(await ask('/files/a/b.txt')).toEqual([200, '{"0":"a/b.txt","file":"a/b.txt"}']);
      expect(await ask('/num/7')).toEqual([200, 'id 7']);
      expect(await ask('/num/x')).toEqual([404, 'no route']);
      expect(await ask('/sub/where?x=1')).toEqual([200, '/sub /where?x=1']);
    });
  });
});
