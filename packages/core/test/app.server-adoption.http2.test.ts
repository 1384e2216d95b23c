/**
 * HTTP/2 servers the user made (`http2.createServer(app)`, `http2.createSecureServer(options,
 * app)`): after the app's first HTTP/2 request, the server constructs requests and responses
 * with the app's HTTP/2 classes, as `app.listen({ http2: true })` does (no prototype switch per
 * request), and every event node's compat layer emits on the server (`request`, `connect`,
 * `checkContinue`, `checkExpectation`) still reaches the user's server with node's defaults.
 * Servers with classes of their own are left alone.
 */
import {
  connect,
  createSecureServer,
  createServer,
  Http2ServerRequest,
  Http2ServerResponse,
  type ClientHttp2Session,
  type IncomingHttpHeaders,
} from 'node:http2';
import webfw from '@webfw/core';
import type { Application, Request, Response } from '@webfw/core';
import {
  closeHttp2,
  closeHttp2Session,
  connectHttp2,
  http2Exchange,
  listenHttp2,
  request,
  selfSignedCertificate,
  type AnyHttp2Server,
  type Http2RequestOptions,
} from '@webfw/test-support';

/** Whether each request was born with node's own prototype (true) or another (false), by the server's first `request` listener. */
function watchBirth(server: AnyHttp2Server): boolean[] {
  const born: boolean[] = [];
  server.prependListener('request', (req: Http2ServerRequest) => born.push(Object.getPrototypeOf(req) === Http2ServerRequest.prototype));
  return born;
}

/** An app answering with what its request and response are, remembering their prototypes. */
function probeApp(prototypes: object[] = []): Application {
  const app = webfw();
  app.get('/', (req: Request, res: Response) => {
    prototypes.push(Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object);
    res.json({
      instances: (req as unknown) instanceof Http2ServerRequest && (res as unknown) instanceof Http2ServerResponse,
      version: req.httpVersion,
      hostname: req.hostname,
      path: req.path,
    });
  });
  return app;
}

const ANSWER = JSON.stringify({ instances: true, version: '2.0', hostname: '127.0.0.1', path: '/' });

/** One request on `client`: status, headers, body text (`http2Exchange`). */
async function ask(client: ClientHttp2Session, options: Http2RequestOptions): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const { status, headers, body } = await http2Exchange(client, options);
  return { status, headers, body: body.toString('utf8') };
}

describe('an HTTP/2 server the user made with http2.createServer(app)', () => {
  it("constructs requests and responses with the app's HTTP/2 classes after the first request", async () => {
    const prototypes: object[] = [];
    const server = await listenHttp2(createServer(probeApp(prototypes) as unknown as Parameters<typeof createServer>[0]));
    const born = watchBirth(server);
    const client = await connectHttp2(server);
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await ask(client, { path: '/' })).body);
      expect(answers).toEqual([ANSWER, ANSWER, ANSWER]);
      expect(born).toEqual([true, false, false]);
      // every request ran with the same twins, whether switched to them or born with them
      expect(new Set(prototypes.filter((_, i) => i % 2 === 0)).size).toBe(1);
      expect(new Set(prototypes.filter((_, i) => i % 2 === 1)).size).toBe(1);
    } finally {
      await closeHttp2Session(client);
      await closeHttp2(server);
    }
  });

  it('keeps the stream listeners the user added, in their order', async () => {
    const server = createServer(probeApp() as unknown as Parameters<typeof createServer>[0]);
    const calls: string[] = [];
    server.on('stream', () => calls.push('user'));
    server.prependListener('stream', () => calls.push('first'));
    await listenHttp2(server);
    const client = await connectHttp2(server);
    try {
      for (let i = 0; i < 2; i++) expect((await ask(client, { path: '/' })).body).toBe(ANSWER);
      expect(calls).toEqual(['first', 'user', 'first', 'user']);
    } finally {
      await closeHttp2Session(client);
      await closeHttp2(server);
    }
  });

  it("sends CONNECT to the server's connect listeners, and answers 405 without one, after adoption", async () => {
    const server = createServer(probeApp() as unknown as Parameters<typeof createServer>[0]);
    await listenHttp2(server);
    const client = await connectHttp2(server);
    try {
      expect((await ask(client, { path: '/' })).body).toBe(ANSWER);
      const without = await ask(client, { method: 'CONNECT', headers: { ':authority': 'example.com:443' } });
      expect(without.status).toBe(405);
      server.on('connect', (req: Http2ServerRequest, res: Http2ServerResponse) => {
        res.writeHead(200, { 'x-connect': req.headers[':authority'] as string });
        res.end('tunnel');
      });
      const withListener = await ask(client, { method: 'CONNECT', headers: { ':authority': 'example.com:443' } });
      expect([withListener.status, withListener.headers['x-connect'], withListener.body]).toEqual([200, 'example.com:443', 'tunnel']);
    } finally {
      await closeHttp2Session(client);
      await closeHttp2(server);
    }
  });

  it("answers Expect headers as node does, through the server's checkContinue and checkExpectation listeners", async () => {
    const app = webfw();
    app.post('/', (req: Request, res: Response) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => res.send(`app got ${body}`));
    });
    const server = createServer(app as unknown as Parameters<typeof createServer>[0]);
    await listenHttp2(server);
    const client = await connectHttp2(server);
    try {
      // adoption happens on the first request
      expect((await ask(client, { method: 'POST', path: '/', body: 'one' })).body).toBe('app got one');
      // no listeners: 100-continue goes to the app, any other expectation is 417
      expect((await ask(client, { method: 'POST', path: '/', headers: { expect: '100-continue' }, body: 'two' })).body).toBe('app got two');
      expect((await ask(client, { method: 'POST', path: '/', headers: { expect: 'magic' }, body: 'x' })).status).toBe(417);
      server.on('checkContinue', (_req: Http2ServerRequest, res: Http2ServerResponse) => res.end('checkContinue listener'));
      server.on('checkExpectation', (_req: Http2ServerRequest, res: Http2ServerResponse) => res.end('checkExpectation listener'));
      expect((await ask(client, { method: 'POST', path: '/', headers: { expect: '100-continue' }, body: 'three' })).body).toBe('checkContinue listener');
      expect((await ask(client, { method: 'POST', path: '/', headers: { expect: 'magic' }, body: 'x' })).body).toBe('checkExpectation listener');
    } finally {
      await closeHttp2Session(client);
      await closeHttp2(server);
    }
  });

  it('leaves a server with request classes of its own alone', async () => {
    class OwnRequest extends Http2ServerRequest {}
    const server = await listenHttp2(createServer({ Http2ServerRequest: OwnRequest }, probeApp() as unknown as Parameters<typeof createServer>[1]));
    const births: boolean[] = [];
    server.prependListener('request', (req: Http2ServerRequest) => births.push(Object.getPrototypeOf(req) === OwnRequest.prototype));
    const client = await connectHttp2(server);
    try {
      for (let i = 0; i < 2; i++) expect((await ask(client, { path: '/' })).body).toBe(ANSWER);
      expect(births).toEqual([true, true]);
    } finally {
      await closeHttp2Session(client);
      await closeHttp2(server);
    }
  });
});

describe('an HTTP/2 server the user made with http2.createSecureServer({ allowHTTP1: true }, app)', () => {
  it('answers HTTP/2 with requests born with the app classes, and HTTP/1.1 on the same port', async () => {
    const certificate = selfSignedCertificate();
    const server = createSecureServer({ allowHTTP1: true, ...certificate }, probeApp() as unknown as Parameters<typeof createSecureServer>[1]);
    const born = watchBirth(server);
    await listenHttp2(server);
    // (not connectHttp2's TLS session: its `servername` would make `:authority` localhost)
    const client = connect(`https://127.0.0.1:${(server.address() as { port: number }).port}`, { rejectUnauthorized: false });
    await new Promise((resolve) => client.once('connect', resolve));
    try {
      for (let i = 0; i < 3; i++) expect((await ask(client, { path: '/' })).body).toBe(ANSWER);
      expect(born).toEqual([true, false, false]);
      const http1 = await request((server.address() as { port: number }).port, { path: '/', tls: true });
      expect([http1.status, JSON.parse(http1.body.toString())]).toEqual([200, { instances: false, version: '1.1', hostname: '127.0.0.1', path: '/' }]);
    } finally {
      await closeHttp2Session(client);
      await closeHttp2(server);
    }
  });
});
