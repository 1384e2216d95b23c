import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import request from 'supertest';
import Router, { type ErrorRequestHandler } from '@webfw/router';
import { close, listen, rawRequest } from '@webfw/test-support';
import { createServer, expectAnswers, expectRouted, type RoutingCase } from './support/helpers';

type Req = IncomingMessage & { params: Record<string, unknown>; baseUrl: string; originalUrl: string };

/** A handler for routes the request must never reach. */
function unreached(_req: IncomingMessage, res: ServerResponse): void {
  res.end('unreached');
}

/** Status line and body of a raw HTTP/1.1 answer. */
function parseRaw(raw: string): { status: string; body: string; headers: string } {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  return { status: head.split('\r\n')[0] ?? '', headers: head, body: rest.join('\r\n\r\n') };
}

/** Sends `requestLine` (e.g. `GET //user`) byte for byte with `Host` and `Connection: close`, and parses the answer. */
async function ask(server: Server, requestLine: string, host = 'x'): Promise<ReturnType<typeof parseRaw>> {
  return parseRaw(await rawRequest(server, `${requestLine} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
}

describe('malformed percent-encoding', () => {
  it('should 400 with a URIError passed to next(err) when a route parameter has a bad escape', async () => {
    const router = Router();
    let error: (Error & { status?: number; statusCode?: number; expose?: boolean }) | undefined;
    router.get('/u/:id', unreached);
    const capture: ErrorRequestHandler = (err, _req, res, _next) => {
      error = err as typeof error;
      res.statusCode = error!.status!;
      res.end(error!.message);
    };
    router.use(capture);
    await request(createServer(router)).get('/u/%E0%A4%A').expect(400, "Failed to decode param '%E0%A4%A'");
    expect(error).toBeInstanceOf(URIError);
    expect([error!.status, error!.statusCode, error!.expose]).toEqual([400, 400, undefined]);
  });

  it.each<RoutingCase>([
    ['400 for a bad escape in a splat segment', (r) => r.get('/files/*path', unreached), [['/files/ok/%ZZ/x', 400, "400 Failed to decode param '%ZZ'"]]],
    ['400 for a bad escape in a mount path parameter', (r) => r.use('/org/:name', unreached), [['/org/%C0/repos', 400, "400 Failed to decode param '%C0'"]]],
    ['400 for a bad escape in a regular-expression capture', (r) => r.get(/^\/re\/(.+)$/, unreached), [['/re/%', 400, "400 Failed to decode param '%'"]]],
    [
      'report the error even for a route of another method (as router 2.x does)',
      (r) => r.post('/p/:id', unreached),
      [['/p/%E0', 400, "400 Failed to decode param '%E0'"]],
    ],
    [
      'not decode literal paths: a bad escape there just does not match',
      (r) => r.use('/api', (_req, res) => res.end('api')).get('/static/file', (_req, res) => res.end('file')),
      [
        ['/%ZZ/api', 404, 'Cannot GET /%ZZ/api'],
        ['/static/%ZZ', 404, 'Cannot GET /static/%ZZ'],
        ['/api/%ZZ', 200, 'api'],
      ],
    ],
    [
      'leave the query string alone',
      (r) => r.get('/q/:id', (req: Req, res) => res.end(`${String(req.params.id)} ${req.url}`)),
      [['/q/1?bad=%ZZ', 200, '1 /q/1?bad=%ZZ']],
    ],
  ])('should %s', expectRouted);

  it('should still run a matching error handler mounted after the failing route', async () => {
    const router = Router();
    router.get('/x/:id', (_req, res) => res.end('unreached'));
    router.get('/x/:id', (_req, res) => res.end('unreached either'));
    const handler: ErrorRequestHandler = (err, req, res, _next) => res.end(`handled ${(err as Error).message} at ${req.url}`);
    router.use(handler);
    await request(createServer(router)).get('/x/%FF').expect(200, "handled Failed to decode param '%FF' at /x/%FF");
  });
});

describe('unusual request targets', () => {
  let server: Server;
  afterEach(async () => {
    if (server?.listening) await close(server);
  });

  it('should not normalise // in paths', async () => {
    const router = Router();
    router.get('/user', (_req, res) => res.end('user'));
    router.use('/api', (req: Req, res) => res.end(`api ${req.url}`));
    server = createServer(router);
    await listen(server);
    expect((await ask(server, 'GET //user')).body).toBe('Cannot GET //user');
    expect((await ask(server, 'GET /api//x')).body).toBe('api //x');
    expect((await ask(server, 'GET /user//')).body).toBe('Cannot GET /user//');
  });

  it('should not resolve /./ or /../ segments', async () => {
    const router = Router();
    router.get('/user', (_req, res) => res.end('user'));
    router.get('/:a/:b', (req: Req, res) => res.end(JSON.stringify(req.params)));
    server = createServer(router);
    await listen(server);
    const dot = await ask(server, 'GET /./user');
    expect(dot.body).toBe('{"a":".","b":"user"}');
    const dotdot = await ask(server, 'GET /x/../user');
    expect(dotdot.body).toBe('Cannot GET /x/../user');
  });

  it('should route an absolute-form target by its path and keep scheme and host in req.url', async () => {
    const router = Router();
    router.get('/user/:id', (req: Req, res) => res.end(`${String(req.params.id)} ${req.url} ${req.originalUrl}`));
    router.use('/api', (req: Req, res) => res.end(`api ${req.url} ${req.baseUrl}`));
    server = createServer(router);
    await listen(server);
    const user = await ask(server, 'GET http://example.com/user/7?x=1', 'example.com');
    expect(user.status).toBe('HTTP/1.1 200 OK');
    expect(user.body).toBe('7 http://example.com/user/7?x=1 http://example.com/user/7?x=1');
    const api = await ask(server, 'GET http://example.com/api/v1', 'example.com');
    expect(api.body).toBe('api http://example.com/v1 /api');
  });

  it('should route the asterisk-form target * to no route and keep it for middleware', async () => {
    const router = Router();
    router.all('/*all', (_req, res) => res.end('splat route'));
    router.use((req, res, next) => (req.method === 'GET' ? next() : res.end(`middleware saw ${req.url}`)));
    server = createServer(router);
    await listen(server);
    const options = await ask(server, 'OPTIONS *');
    expect(options.status).toBe('HTTP/1.1 200 OK');
    expect(options.body).toBe('middleware saw *');
    const get = await ask(server, 'GET *');
    expect(get.body).toBe('Cannot GET *');
  });

  it('should route a very long URL and answer 431 past the header size limit', async () => {
    const router = Router();
    router.get('/long/*rest', (req: Req, res) => res.end(`segments ${(req.params.rest as string[]).length}`));
    router.get('/:a-:b', (_req, res) => res.end('pair'));
    server = createServer(router);
    const segments = Array.from({ length: 2000 }, (_, i) => `s${i}`).join('/');
    // a backtracking pattern would hang here (the test's timeout), path-to-regexp 8 answers at once
    await request(server).get(`/long/${segments}`).expect(200, 'segments 2000');
    await request(server)
      .get(`/${'-'.repeat(12000)}`)
      .expect(200, 'pair');
    await listen(server);
    const tooLong = parseRaw(await rawRequest(server, `GET /long/${'x'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(tooLong.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
  });

  it('should never see a method node:http rejects (node answers 400)', async () => {
    let calls = 0;
    const router = Router();
    router.use((_req, res) => {
      calls++;
      res.end('router ran');
    });
    server = createServer(router);
    await listen(server);
    for (const method of ['FOO', 'get', 'G ET']) {
      const raw = parseRaw(await rawRequest(server, `${method} / HTTP/1.1\r\nHost: x\r\n\r\n`));
      expect(raw.status).toBe('HTTP/1.1 400 Bad Request');
    }
    expect(calls).toBe(0);
    await request(server).get('/').expect(200, 'router ran');
  });

  it('should treat a request without a usable method or URL as no match', async () => {
    const router = Router();
    router.get('/', unreached);
    router.use((_req, _res, next) => next());
    const outcomes = await Promise.all(
      [
        { method: undefined, url: '/' },
        { method: 'GET', url: undefined },
        { method: 'GET', url: 'http://[bad' },
      ].map(
        (req) =>
          new Promise<string>((resolve) =>
            router(req as unknown as IncomingMessage, { end: () => resolve('ended') } as unknown as ServerResponse, (err) => resolve(`done ${String(err)}`)),
          ),
      ),
    );
    expect(outcomes).toEqual(['done undefined', 'done undefined', 'done undefined']);
  });
});

describe('misbehaving handlers', () => {
  it('should pass an error to next(err) when a param callback throws, the first outcome answering (router 2.x crashes when the throw comes after next(err) ended the walk)', async () => {
    const router = Router();
    router.param('id', (_req, _res, next) => {
      next(new Error('first outcome wins'));
      throw new Error('param threw');
    });
    router.param('name', () => {
      throw new TypeError('param threw');
    });
    router.get('/a/:id', unreached);
    router.get('/b/:name', unreached);
    await expectAnswers(router, [
      ['/a/1', 500, '500 first outcome wins'],
      ['/b/1', 500, '500 param threw'],
    ]);
  });

  it('should not leak params or url changes into the next request', async () => {
    const router = Router();
    router.use('/m', (req: Req, _res, next) => {
      req.url = '/rewritten';
      req.params.polluted = 'yes';
      next();
    });
    router.get('/*path', (req: Req, res) => res.end(`${req.url} ${JSON.stringify(req.params)}`));
    await expectAnswers(router, [
      ['/m/a', 200, '/m/rewritten {"path":["m","rewritten"]}'],
      ['/z', 200, '/z {"path":["z"]}'],
    ]);
  });
});
