/**
 * The request over HTTP/2: the request suites again with every app served by
 * `http2.createServer(app)` (supertest's HTTP/2 client), the derived request properties
 * compared between HTTP/1.1 and HTTP/2 on the same app (cleartext, and TLS on one port
 * answering both), and what only HTTP/2 has (`:authority`, bodies without Content-Length,
 * node's compat request class).
 */
import { createServer, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import { Http2ServerRequest } from 'node:http2';
import webfw from '@webfw/core';
import type { Application, NextFunction, Request, Response } from '@webfw/core';
import { close, closeHttp2, http2Request, listen, listenHttp2, request, runSuitesOver, withHttp2Server, type ClientResponse } from '@webfw/test-support';
import { REQUEST_SUITES } from './support/transport-suites';
import { derivedProperties } from './support/differential';

jest.mock('supertest', () => {
  const { supertestOverHttp2 } = jest.requireActual('@webfw/test-support/http2');
  return supertestOverHttp2(jest.requireActual('supertest'));
});

const SUITES = REQUEST_SUITES;

/** Tests whose HTTP/1.1 expectation cannot hold over HTTP/2, each asserted below as HTTP/2 answers it. */
const DIFFERENCES = {
  'req.host: should use the first X-Forwarded-Proto value under trust proxy':
    'a header value with leading or trailing spaces is malformed in HTTP/2 (RFC 9113 8.2.1): the client does not send it',
  'settings.query-parser: should answer 431 for a query past the header size limit without crashing':
    "HTTP/2's header list limit is node's 64 KB, not HTTP/1.1's 16 KB: a 20 KB query is answered",
};

describe('over HTTP/2 (h2c)', () => {
  // the suites register their tests where they are required, inside this describe
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  runSuitesOver(SUITES, (suite) => require(`./${suite}.test`), DIFFERENCES, 'HTTP/2');
});

/** Reports every derived request property as JSON. */
function reqInfo(req: Request, res: Response): void {
  res.json({
    ...derivedProperties(req),
    originalUrl: req.originalUrl,
    query: req.query,
    accepts: req.accepts(['json', 'html']),
    range: req.range(1000) ?? null,
    is: req.is('json'),
  });
}

/** The request headers of each compared request; `Host` goes out as `:authority` over HTTP/2. */
const HEADER_SETS: Record<string, string>[] = [
  {},
  { 'X-Forwarded-For': '10.0.0.1' },
  { 'X-Forwarded-For': '203.0.113.9, 10.0.0.2, 127.0.0.1' },
  { 'X-Forwarded-Host': 'api.example.com:8443', 'X-Forwarded-Proto': 'https' },
  { 'X-Forwarded-Host': 'a.example.com, b.example.com', 'X-Forwarded-Proto': 'https, http' },
  { Host: 'tobi.ferrets.example.com' },
  { Host: '[::1]:3000' },
  { Host: 'a..b.example.com' },
  { 'X-Requested-With': 'XMLHttpRequest', Accept: 'text/html' },
  { Range: 'bytes=0-99,200-' },
  { 'If-None-Match': 'W/"2-nOO9QiTIwXgNtWtBJezz8kv3SLc"' },
];

const TRUST: Record<string, unknown> = { default: undefined, true: true, loopback: 'loopback', '2 hops': 2 };

function reqInfoApp(trust: unknown): Application {
  const app = webfw();
  if (trust !== undefined) app.set('trust proxy', trust);
  app.get('/info/:id', reqInfo);
  app.post('/info/:id', webfw.json(), reqInfo);
  return app;
}

/** `headers` for HTTP/2: Host as `:authority`, names lower case. */
function asHttp2(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase() === 'host' ? ':authority' : name.toLowerCase()] = value;
  return out;
}

/** What may differ between the protocols' answers: the date. */
function comparable(res: ClientResponse | { status: number; headers: IncomingHttpHeaders; body: Buffer }): unknown {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...headers } = res.headers;
  return { status: res.status, headers, body: res.body.toString('utf8') };
}

describe('request properties, HTTP/1.1 against HTTP/2', () => {
  const path = '/info/7?a=1&b=2';
  const host = { Host: 'example.com:8080' };

  describe.each(Object.entries(TRUST))('with trust proxy %s', (_name, trust) => {
    it('should derive the same properties over h2c as over HTTP/1.1', async () => {
      const app = reqInfoApp(trust);
      const h1 = await listen(createServer(app as RequestListener));
      const h2 = await listenHttp2(app as RequestListener);
      try {
        for (const set of HEADER_SETS) {
          const headers = { ...host, ...set };
          const one = await request(h1, { path, headers });
          const two = await http2Request(h2, { path, headers: asHttp2(headers) });
          expect({ headers, ...(comparable(two) as object) }).toEqual({ headers, ...(comparable(one) as object) });
        }
      } finally {
        await close(h1);
        await closeHttp2(h2);
      }
    });

    it('should derive the same properties over HTTP/2 and HTTP/1.1 on one TLS port (https, secure)', async () => {
      await withHttp2Server(
        reqInfoApp(trust) as RequestListener,
        async (server) => {
          const port = (server.address() as { port: number }).port;
          for (const set of HEADER_SETS) {
            const headers = { ...host, ...set };
            const one = await request(port, { path, headers, tls: true });
            const two = await http2Request(server, { path, headers: asHttp2(headers), tls: true });
            expect({ headers, ...(comparable(two) as object) }).toEqual({ headers, ...(comparable(one) as object) });
          }
          const info = JSON.parse((await http2Request(server, { path, tls: true })).body.toString()) as { protocol: string; secure: boolean };
          expect([info.protocol, info.secure]).toEqual(['https', true]);
        },
        { tls: true },
      );
    });
  });
});

describe('HTTP/2 requests', () => {
  function echo(fn: (req: Request) => unknown, configure?: (app: Application) => void): Application {
    const app = webfw();
    configure?.(app);
    app.use((req, res) => {
      res.json(fn(req) ?? null);
    });
    return app;
  }

  async function ask(app: Application, options: Parameters<typeof http2Request>[1] = {}): Promise<{ status: number; body: unknown }> {
    return withHttp2Server(app as RequestListener, async (server) => {
      const res = await http2Request(server, options);
      return { status: res.status, body: JSON.parse(res.body.toString('utf8')) as unknown };
    });
  }

  it('should take req.host and req.hostname from :authority', async () => {
    const app = echo((req) => [req.host, req.hostname, req.subdomains, req.get('host') ?? null]);
    expect(await ask(app, { headers: { ':authority': 'tobi.ferrets.example.com:8443' } })).toEqual({
      status: 200,
      body: ['tobi.ferrets.example.com:8443', 'tobi.ferrets.example.com', ['ferrets', 'tobi'], null],
    });
  });

  it('should use the first X-Forwarded-Proto value under trust proxy', async () => {
    const app = echo(
      (req) => [req.protocol, req.secure],
      (a) => a.enable('trust proxy'),
    );
    expect(await ask(app, { headers: { 'x-forwarded-proto': 'https, http' } })).toEqual({ status: 200, body: ['https', true] });
    expect(await ask(app)).toEqual({ status: 200, body: ['http', false] });
  });

  it('should answer a 20 KB query, and refuse a header block past 64 KB without harming the server', async () => {
    const app = echo((req) => (req.query as { a?: string }).a?.length);
    await withHttp2Server(app as RequestListener, async (server) => {
      const ok = await http2Request(server, { path: `/?a=${'x'.repeat(20000)}` });
      expect([ok.status, ok.body.toString()]).toEqual([200, '20000']);
      await expect(http2Request(server, { path: `/?a=${'x'.repeat(70000)}` })).rejects.toMatchObject({ code: 'ERR_HTTP2_STREAM_ERROR' });
      const after = await http2Request(server, { path: '/?a=xyz' });
      expect([after.status, after.body.toString()]).toEqual([200, '3']);
    });
  });

  describe('bodies without Content-Length (HTTP/2 frames them)', () => {
    const bodyApp = (): Application => {
      const app = webfw();
      app.use(webfw.json(), webfw.urlencoded(), webfw.text(), webfw.raw());
      app.post('/', (req, res) =>
        res.json({
          is: req.is(['json', 'urlencoded', 'text', 'application/octet-stream']),
          body: Buffer.isBuffer(req.body) ? req.body.toString('hex') : (req.body ?? null),
        }),
      );
      return app;
    };

    it.each([
      ['application/json', '{"a":[1,2]}', { is: 'json', body: { a: [1, 2] } }],
      ['application/x-www-form-urlencoded', 'a=1&b=2', { is: 'urlencoded', body: { a: '1', b: '2' } }],
      ['text/plain', 'hello', { is: 'text', body: 'hello' }],
      ['application/octet-stream', 'AB', { is: 'application/octet-stream', body: '4142' }],
    ])('should parse %s', async (type, body, expected) => {
      expect(await ask(bodyApp(), { method: 'POST', headers: { 'content-type': type }, body, noContentLength: true })).toEqual({ status: 200, body: expected });
    });

    it('should see no body (req.is null) when the HEADERS frame ends the stream', async () => {
      expect(await ask(bodyApp(), { method: 'POST', headers: { 'content-type': 'application/json' } })).toEqual({
        status: 200,
        body: { is: null, body: null },
      });
    });

    it('should answer 413 for a body past the limit', async () => {
      const app = webfw();
      app.use(webfw.json({ limit: 10 }));
      app.post('/', (req, res) => res.json(req.body));
      app.use((err: Error & { status: number; type: string }, _req: Request, res: Response, _next: NextFunction) => {
        res.status(err.status).json({ type: err.type });
      });
      expect(await ask(app, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":"0123456789"}', noContentLength: true })).toEqual({
        status: 413,
        body: { type: 'entity.too.large' },
      });
    });
  });

  describe('prototypes', () => {
    it("should keep node's Http2ServerRequest under the app's request members", async () => {
      const app = echo((req) => [
        req instanceof Http2ServerRequest,
        typeof req.get,
        req.app === app,
        req.httpVersion,
        Object.getPrototypeOf(req).constructor.name,
      ]);
      expect(await ask(app)).toEqual({ status: 200, body: [true, 'function', true, '2.0', 'Http2ServerRequest'] });
    });

    it('should see members added to app.request and webfw.request, also after the first HTTP/2 request', async () => {
      const app = echo((req) => [(req as unknown as { who?: () => string }).who?.() ?? null, (req as unknown as { later?: string }).later ?? null]);
      await withHttp2Server(app as RequestListener, async (server) => {
        const before = await http2Request(server);
        expect(JSON.parse(before.body.toString())).toEqual([null, null]);
        (app.request as unknown as { who: () => string }).who = function who(this: Request) {
          return `${this.method} ${this.path}`;
        };
        Object.defineProperty(webfw.request, 'later', { configurable: true, get: () => 'from webfw.request' });
        // (the levels' keys are counted at most once a millisecond)
        await new Promise((resolve) => setTimeout(resolve, 2));
        try {
          const after = await http2Request(server, { path: '/x' });
          expect(JSON.parse(after.body.toString())).toEqual(['GET /x', 'from webfw.request']);
        } finally {
          delete (webfw.request as unknown as { later?: string }).later;
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
        const removed = await http2Request(server, { path: '/y' });
        expect(JSON.parse(removed.body.toString())).toEqual(['GET /y', null]);
      });
    });

    it("should give a mounted app's requests its own prototype while inside it, and the parent's after", async () => {
      const parent = webfw();
      const sub = webfw();
      (parent.request as unknown as { where: string }).where = 'parent';
      (sub.request as unknown as { where: string }).where = 'sub';
      const seen: unknown[] = [];
      sub.use((req, _res, next) => {
        seen.push([(req as unknown as { where: string }).where, req.app === sub]);
        next();
      });
      parent.use('/sub', sub);
      parent.use((req, res) => {
        seen.push([(req as unknown as { where: string }).where, req.app === parent]);
        res.json(seen);
      });
      expect(await ask(parent, { path: '/sub/x' })).toEqual({
        status: 200,
        body: [
          ['sub', true],
          ['parent', true],
        ],
      });
    });
  });
});
