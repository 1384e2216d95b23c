import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { build, closeAll, listen, stop } from './support/pair';
import { captureOutput, HTTP_PROXY_EXTEND } from './support/output';

// from Node 22 on, node warns once per process about the API the package calls
captureOutput([HTTP_PROXY_EXTEND]);
afterEach(closeAll);

let upstream: Server;
let target: string;
let upstreamHost: string;

/** The upstream: echoes what it received, streams, answers 404 and redirects, on 127.0.0.1. */
function upstreamHandler(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = req.url ?? '';
    if (url.startsWith('/stream')) {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Upstream': 'stream' });
      let n = 0;
      const tick = (): void => {
        res.write(`part ${n}\n`);
        if (++n === 3) res.end('done\n');
        else setTimeout(tick, 5);
      };
      tick();
      return;
    }
    if (url.startsWith('/missing')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('upstream has no such page');
      return;
    }
    if (url.startsWith('/moved')) {
      res.writeHead(301, { Location: `${target}/new-home` });
      res.end();
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Set-Cookie', ['upstream=1; Path=/; HttpOnly']);
    res.setHeader('X-Upstream', 'yes');
    res.end(
      JSON.stringify({
        method: req.method,
        url,
        host: req.headers.host,
        contentType: req.headers['content-type'] ?? null,
        contentLength: req.headers['content-length'] ?? null,
        transferEncoding: req.headers['transfer-encoding'] ?? null,
        forwarded: {
          for: req.headers['x-forwarded-for'] ?? null,
          host: req.headers['x-forwarded-host'] ?? null,
          proto: req.headers['x-forwarded-proto'] ?? null,
        },
        body: Buffer.concat(chunks).toString(),
      }),
    );
  });
}

beforeAll(async () => {
  upstream = createServer(upstreamHandler);
  const port = await listen(upstream);
  target = `http://127.0.0.1:${port}`;
  upstreamHost = `127.0.0.1:${port}`;
});
afterAll(() => stop(upstream));

interface Echo {
  method: string;
  url: string;
  host: string;
  contentType: string | null;
  contentLength: string | null;
  transferEncoding: string | null;
  forwarded: { for: string | null; host: string | null; proto: string | null };
  body: string;
}

describe('http-proxy-middleware on express 5 and webfw', () => {
  test("app.use('/api', proxy) (README): the mount path is stripped, status, headers and body come back", async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use('/api', createProxyMiddleware({ target, changeOrigin: true }));
      app.get('/local', (_req, res) => {
        res.send('not proxied');
      });
      return app;
    });
    const { express: r } = await pair.send({ path: '/api/users?id=7', headers: { Accept: 'application/json' } });
    expect(r.status).toBe(200);
    expect(r.headers['x-upstream']).toBe('yes');
    expect(r.headers['set-cookie']).toEqual(['upstream=1; Path=/; HttpOnly']);
    expect(r.json<Echo>()).toMatchObject({ method: 'GET', url: '/users?id=7', host: upstreamHost, body: '' });
    const local = await pair.send({ path: '/local' });
    expect(local.express.text).toBe('not proxied');
  });

  test('a streamed upstream answer, an upstream 404 and a redirect pass through as they are', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use('/api', createProxyMiddleware({ target, changeOrigin: true }));
      return app;
    });
    const stream = await pair.send({ path: '/api/stream' });
    expect(stream.express.headers['transfer-encoding']).toBe('chunked');
    expect(stream.express.headers['x-upstream']).toBe('stream');
    expect(stream.express.text).toBe('part 0\npart 1\npart 2\ndone\n');
    const missing = await pair.send({ path: '/api/missing' });
    expect(missing.express.status).toBe(404);
    expect(missing.express.text).toBe('upstream has no such page');
    const moved = await pair.send({ path: '/api/moved' });
    expect(moved.express.status).toBe(301);
    expect(moved.express.headers.location).toBe(`${target}/new-home`);
  });

  test('POST bodies are streamed to the upstream (Content-Length and chunked)', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use('/api', createProxyMiddleware({ target, changeOrigin: true }));
      return app;
    });
    const sized = await pair.send({ method: 'POST', path: '/api/items', headers: { 'Content-Type': 'text/plain' }, body: 'raw body bytes' });
    expect(sized.express.json<Echo>()).toMatchObject({ method: 'POST', url: '/items', contentType: 'text/plain', contentLength: '14', body: 'raw body bytes' });
    const chunked = await pair.send({
      method: 'PUT',
      path: '/api/items/1',
      headers: { 'Content-Type': 'application/octet-stream', 'Transfer-Encoding': 'chunked' },
      body: 'hello world', // node's client writes it chunk-encoded
    });
    expect(chunked.express.json<Echo>()).toMatchObject({ method: 'PUT', transferEncoding: 'chunked', body: 'hello world' });
  });

  test('after a body parser, fixRequestBody re-sends the parsed body', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(fw.json());
      app.use(fw.urlencoded({ extended: false }));
      app.use('/api', createProxyMiddleware({ target, changeOrigin: true, on: { proxyReq: fixRequestBody } }));
      return app;
    });
    const json = await pair.send({ method: 'POST', path: '/api/json', headers: { 'Content-Type': 'application/json' }, body: '{ "a" : 1 , "b":[true] }' });
    expect(json.express.json<Echo>()).toMatchObject({ contentType: 'application/json', contentLength: '18', body: '{"a":1,"b":[true]}' });
    const form = await pair.send({
      method: 'POST',
      path: '/api/form',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=tobi&x=1',
    });
    expect(form.express.json<Echo>()).toMatchObject({ body: 'name=tobi&x=1' });
  });

  test('pathFilter and pathRewrite, xfwd headers, and a proxyRes hook', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(
        createProxyMiddleware({
          target,
          changeOrigin: false,
          xfwd: true,
          pathFilter: '/api/v1',
          pathRewrite: { '^/api/v1': '/v2' },
          on: {
            proxyRes: (proxyRes) => {
              proxyRes.headers['x-proxied-by'] = 'http-proxy-middleware';
            },
          },
        }),
      );
      app.use((req, res) => {
        res.status(418).send(`not proxied: ${req.url}`);
      });
      return app;
    });
    const { express: r } = await pair.send({ path: '/api/v1/things?x=1', headers: { Host: 'app.example.com' } });
    expect(r.headers['x-proxied-by']).toBe('http-proxy-middleware');
    expect(r.json<Echo>()).toMatchObject({
      url: '/v2/things?x=1',
      host: 'app.example.com',
      forwarded: { for: '127.0.0.1', host: 'app.example.com', proto: 'http' },
    });
    const other = await pair.send({ path: '/api/v2/things' });
    expect(other.express.status).toBe(418);
    expect(other.express.text).toBe('not proxied: /api/v2/things');
  });

  test('an upstream that refuses the connection: 504 with the error text', async () => {
    const port = await refusedPort();
    const pair = await build((fw) => {
      const app = fw();
      app.use('/api', createProxyMiddleware({ target: `http://127.0.0.1:${port}`, changeOrigin: true }));
      return app;
    });
    const { express: r } = await pair.send({ path: '/api/x' });
    expect(r.status).toBe(504);
    // the text names the host the client asked for and the path sent upstream
    expect(r.text).toBe('Error occurred while trying to proxy: localhost:3000/x');
  });
});

/**
 * A port of 127.0.0.1 that refuses connections: one below 1024 with nothing listening (checked).
 * A port freed by closing a server could be handed again to one of the servers the test starts
 * next (it happened once), and the proxy would reach that server instead of a refusal.
 */
async function refusedPort(): Promise<number> {
  for (const port of [1, 9, 7, 13]) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
    });
    if (refused) return port;
  }
  throw new Error('no port of 127.0.0.1 below 1024 refuses connections here (1, 9, 7, 13 all answer)');
}
