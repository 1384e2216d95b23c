/**
 * The 4.x and 3.x entries over HTTP/2: an app of each, exercising what only those versions
 * have (4.x path syntax, `req.param`, `req.host`, `res.send(status)`, `res.json(obj, status)`,
 * `res.redirect(url, status)`, `res.sendfile`, body-parser 1.x's `{}` body, serve-static 1.x,
 * mounted apps, `app.param(fn)`; 3.x `app.routes`, callable `app.locals`), asked the same
 * requests over HTTP/1.1, h2c and TLS (HTTP/2 and HTTP/1.1 on one port from
 * `app.listen({ tls, http2: true })`); every answer is the exact one expected, the same on
 * each protocol; and the same table through each entry's `app.fetch` handler.
 */
import { createServer, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import webfwV3 from '@webfw/core/v3';
import webfwV4 from '@webfw/core/v4';
import { close, closeHttp2, fetchListener, http2Request, listen, listenHttp2, request, selfSignedCertificate, type FetchHandler } from '@webfw/test-support';
import { namedParts, type Expect } from './support/v4';

/** The test apps see the request and response loosely: members differ between the versions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const PUBLIC = join(__dirname, 'fixtures', 'public');

/** One request of the table: method, path, headers (Host goes out as `:authority` over HTTP/2), body. */
interface Ask {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send the body without Content-Length (HTTP/2: the end of the stream ends it; HTTP/1.1: chunked). */
  noContentLength?: boolean;
}

/** What the answer must be: status, body, and the headers listed (undefined: absent). */
type Want = Expect;

/** The routes both versions share: the 4.x surface. */
function define4(app: Loose, fw: Loose): void {
  app.param((name: string, fn: unknown) =>
    typeof fn === 'string'
      ? (req: Loose, _res: Loose, next: Loose, value: string) => {
          req.params[name] = value === fn ? `checked:${value}` : value;
          next();
        }
      : undefined,
  );
  app.param('code', 'ok');
  app.use('/static', fw.static(PUBLIC));
  app.get('/files/:file(*)', (req: Loose, res: Loose) => res.send(req.params));
  app.get('/num/:id(\\d+)', (req: Loose, res: Loose) => res.send(`id ${req.params.id}`));
  app.get('/code/:code', (req: Loose, res: Loose) => res.send(req.params.code));
  app.get('/who', (req: Loose, res: Loose) =>
    res.json({ host: req.host, hostname: req.hostname, protocol: req.protocol, secure: req.secure, q: req.param('q'), charset: req.acceptsCharset('utf-8') }),
  );
  app.post('/echo', fw.json(), fw.urlencoded({ extended: false }), (req: Loose, res: Loose) => res.json(req.body, 201));
  app.get('/status', (_req: Loose, res: Loose) => res.send(204));
  app.get('/old', (_req: Loose, res: Loose) => res.redirect('/new', 301));
  app.get('/file', (_req: Loose, res: Loose) => res.sendfile(join(PUBLIC, 'hello.txt')));
  app.get('/bye', (_req: Loose, res: Loose) => res.clearCookie('sid', { path: '/' }).send('bye'));
  const sub = fw();
  sub.get('/where', (req: Loose, res: Loose) => res.send(`${sub.mountpath} ${req.baseUrl} ${req.originalUrl}`));
  app.use('/sub', sub);
}

const HTTP1_ONLY = ['connection', 'keep-alive', 'transfer-encoding', 'date'];

/** The answer without what belongs to a protocol or a moment (Date, connection headers). */
function comparable(res: { status: number; headers: IncomingHttpHeaders; body: Buffer }): { status: number; headers: IncomingHttpHeaders; body: string } {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.headers)) if (!HTTP1_ONLY.includes(name)) headers[name] = value;
  return { status: res.status, headers, body: res.body.toString('utf8') };
}

function asHttp2(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase() === 'host' ? ':authority' : name.toLowerCase()] = value;
  return out;
}

/**
 * Asks each request over HTTP/1.1, h2c, TLS HTTP/2 and TLS HTTP/1.1 (one `app.listen({ tls,
 * http2: true })` port) and asserts the expected answer on each, the four answers the same.
 */
async function expectOnEveryProtocol(app: Loose, table: Array<[Ask, Want]>): Promise<void> {
  const h1 = await listen(createServer(app as RequestListener));
  const h2c = await listenHttp2(app as RequestListener);
  const tls = app.listen({ port: 0, host: '127.0.0.1', tls: selfSignedCertificate(), http2: true }) as Http2SecureServer;
  await new Promise((resolve) => tls.once('listening', resolve));
  const tlsPort = (tls.address() as AddressInfo).port;
  try {
    for (const [ask, want] of table) {
      const headers = { Host: 'shop.example.com:8443', ...ask.headers };
      const sent = { ...ask, headers };
      const one = comparable(await request(h1, { method: ask.method, path: ask.path, headers, body: ask.body }));
      const h2Options = { method: ask.method, path: ask.path, headers: asHttp2(headers), body: ask.body, noContentLength: ask.noContentLength };
      const two = comparable(await http2Request(h2c, h2Options));
      const twoTls = comparable(await http2Request(tls, { ...h2Options, tls: true }));
      const oneTls = comparable(await request(tlsPort, { method: ask.method, path: ask.path, headers, body: ask.body, tls: true }));
      const [seen, wanted] = namedParts({ ask: sent }, one, want);
      expect(seen).toEqual(wanted);
      expect({ ask: sent, h2c: two }).toEqual({ ask: sent, h2c: one });
      // over TLS only req.protocol / req.secure change, and they are asked in /who alone
      if (ask.path.startsWith('/who')) continue;
      expect({ ask: sent, tls: twoTls }).toEqual({ ask: sent, tls: one });
      expect({ ask: sent, tls1: oneTls }).toEqual({ ask: sent, tls1: one });
    }
  } finally {
    await close(h1);
    await closeHttp2(h2c);
    tls.close();
    await closeHttp2(tls);
  }
}

// the deprecation warnings of the 4.x API (asserted by the v4.* suites) are not this file's subject
beforeAll(() => {
  const write = process.stderr.write.bind(process.stderr) as (chunk: string | Uint8Array) => boolean;
  jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (String(chunk).includes(' deprecated ') ? true : write(chunk)));
});
afterAll(() => jest.restoreAllMocks());

const TABLE: Array<[Ask, Want]> = [
  [{ path: '/files/a/b.txt' }, { status: 200, body: '{"0":"a/b.txt","file":"a/b.txt"}' }],
  [{ path: '/num/42' }, { status: 200, body: 'id 42' }],
  [{ path: '/num/x' }, { status: 404, body: undefined, headers: { 'content-type': 'text/html; charset=utf-8' } }],
  [{ path: '/code/ok' }, { status: 200, body: 'checked:ok' }],
  [{ path: '/code/no' }, { status: 200, body: 'no' }],
  [
    { path: '/who?q=1', headers: { 'Accept-Charset': 'utf-8' } },
    { status: 200, body: '{"host":"shop.example.com","hostname":"shop.example.com","protocol":"http","secure":false,"q":"1","charset":"utf-8"}' },
  ],
  [
    { method: 'POST', path: '/echo', headers: { 'Content-Type': 'application/json' }, body: '{"a":[1,2]}' },
    { status: 201, body: '{"a":[1,2]}' },
  ],
  [
    { method: 'POST', path: '/echo', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=2', noContentLength: true },
    { status: 201, body: '{"a":"1","b":"2"}' },
  ],
  [
    { method: 'POST', path: '/echo' },
    { status: 201, body: '{}' },
  ],
  [{ path: '/status' }, { status: 204, body: '' }],
  [{ path: '/old' }, { status: 301, body: 'Moved Permanently. Redirecting to /new', headers: { location: '/new' } }],
  [
    { method: 'HEAD', path: '/old' },
    { status: 301, body: '', headers: { location: '/new' } },
  ],
  [{ path: '/file' }, { status: 200, body: 'hello static\n', headers: { 'content-type': 'text/plain; charset=UTF-8', 'accept-ranges': 'bytes' } }],
  [
    { path: '/file', headers: { Range: 'bytes=0-4' } },
    { status: 206, body: 'hello', headers: { 'content-range': 'bytes 0-4/13' } },
  ],
  [{ path: '/static/hello.txt' }, { status: 200, body: 'hello static\n' }],
  [{ path: '/static' }, { status: 301, body: undefined, headers: { location: '/static/' } }],
  [{ path: '/bye' }, { status: 200, body: 'bye', headers: { 'set-cookie': ['sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'] } }],
  [{ path: '/sub/where?x=1' }, { status: 200, body: '/sub /sub /sub/where?x=1' }],
];

describe('@webfw/core/v4 over HTTP/2', () => {
  it('answers every 4.x feature the same over HTTP/1.1, h2c and TLS (HTTP/2 and HTTP/1.1 on one port)', async () => {
    const app = webfwV4();
    define4(app, webfwV4);
    await expectOnEveryProtocol(app, TABLE);
  });

  it('answers over TLS with https and secure', async () => {
    const app = webfwV4();
    define4(app, webfwV4);
    const server = app.listen({ port: 0, host: '127.0.0.1', tls: selfSignedCertificate(), http2: true }) as Http2SecureServer;
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await http2Request(server, { path: '/who', headers: { ':authority': 'shop.example.com' }, tls: true });
      expect(JSON.parse(res.body.toString())).toEqual({
        host: 'shop.example.com',
        hostname: 'shop.example.com',
        protocol: 'https',
        secure: true,
        charset: 'utf-8',
      });
    } finally {
      server.close();
      await closeHttp2(server);
    }
  });
});

describe('@webfw/core/v3 over HTTP/2', () => {
  it('answers the 4.x features and the 3.x ones (app.routes, callable app.locals) the same over every protocol', async () => {
    const app = webfwV3();
    app.set('json spaces', 0);
    app.locals({ shop: 'ferrets' });
    define4(app, webfwV3);
    app.get('/routes', (_req: Loose, res: Loose) => res.send((app.routes.get ?? []).map((r) => String(r.path)).join(' ')));
    app.get('/locals', (_req: Loose, res: Loose) => res.send(`${app.locals.shop} ${typeof app.locals.settings}`));
    await expectOnEveryProtocol(app, [
      ...TABLE,
      [{ path: '/routes' }, { status: 200, body: '/files/:file(*) /num/:id(\\d+) /code/:code /who /status /old /file /bye /routes /locals' }],
      [{ path: '/locals' }, { status: 200, body: 'ferrets object' }],
    ]);
  });
});

describe('@webfw/core/v4 and /v3 through app.fetch', () => {
  it.each([
    ['v4', webfwV4],
    ['v3', webfwV3],
  ])('%s: answers the same table through its fetch handler as over HTTP/1.1', async (_name, fw) => {
    const app = (fw as Loose)();
    define4(app, fw);
    const h1 = await listen(createServer(app as RequestListener));
    const fetched = await listen(fetchListener((app as { fetch: FetchHandler }).fetch));
    try {
      for (const [ask] of TABLE) {
        const headers = { Host: 'shop.example.com:8443', ...ask.headers };
        const options = { method: ask.method, path: ask.path, headers, body: ask.body };
        const one = comparable(await request(h1, options));
        const viaFetch = comparable(await request(fetched, options));
        expect({ ask, fetch: viaFetch }).toEqual({ ask, fetch: one });
      }
    } finally {
      await close(h1);
      await close(fetched);
    }
  });
});
