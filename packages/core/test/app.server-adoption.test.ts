/**
 * Servers the user made (`http.createServer(app)`, `https.createServer(options, app)`): after
 * the app's first request, the server constructs requests and responses with the app's own
 * classes, as `app.listen` does (no prototype switch per request); servers with classes of their
 * own, servers shared with a second app and apps used as middleware are left as they were,
 * and every request answers the same either way.
 */
import { createServer, IncomingMessage, ServerResponse, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import webfw from '@webfw/core';
import webfwV4 from '@webfw/core/v4';
import webfwV3 from '@webfw/core/v3';
import type { Application } from '@webfw/core';
import { close, listen, request, selfSignedCertificate } from '@webfw/test-support';

/** What a server's `request` listeners see before the app runs, one entry per request. */
function watchBirth(server: Server, app: { request: object; response: object }): Array<[boolean, boolean]> {
  const born: Array<[boolean, boolean]> = [];
  server.prependListener('request', (req, res) => born.push([Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response]));
  return born;
}

/** An app answering with what its request and response are. */
function probeApp(factory: () => Application): Application {
  const app = factory();
  app.get('/', (req, res) => {
    res.json({
      app: Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response,
      instances: req instanceof IncomingMessage && res instanceof ServerResponse,
      constructors: req.constructor === IncomingMessage && res.constructor === ServerResponse,
      hostname: req.hostname,
    });
  });
  return app;
}

const ANSWER = JSON.stringify({ app: true, instances: true, constructors: true, hostname: '127.0.0.1' });

describe('a server the user made with http.createServer(app)', () => {
  it.each([
    ['5.x', () => webfw()],
    ['v4', () => webfwV4() as unknown as Application],
    ['v3', () => webfwV3() as unknown as Application],
  ])('(%s) constructs requests and responses with the app classes after the first request', async (_name, factory) => {
    const app = probeApp(factory);
    const server = createServer(app as RequestListener);
    const born = watchBirth(server, app);
    await listen(server);
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await request(server, { path: '/' })).body.toString());
      expect(answers).toEqual([ANSWER, ANSWER, ANSWER]);
      expect(born).toEqual([
        [false, false],
        [true, true],
        [true, true],
      ]);
    } finally {
      await close(server);
    }
  });

  it('adopts an https server too', async () => {
    const app = probeApp(webfw);
    const server = createHttpsServer(selfSignedCertificate(), app as RequestListener);
    const born = watchBirth(server as unknown as Server, app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const get = async (): Promise<string> => (await request(port, { tls: true })).body.toString();
    try {
      expect([await get(), await get()]).toEqual([ANSWER, ANSWER]);
      expect(born).toEqual([
        [false, false],
        [true, true],
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('leaves a server with request classes of its own as it is', async () => {
    class OwnRequest extends IncomingMessage {}
    const app = probeApp(webfw);
    const server = createServer({ IncomingMessage: OwnRequest }, app as RequestListener);
    const classes: boolean[] = [];
    server.prependListener('request', (req) => classes.push(Object.getPrototypeOf(req) === OwnRequest.prototype));
    await listen(server);
    try {
      expect([(await request(server)).body.toString(), (await request(server)).body.toString()]).toEqual([ANSWER, ANSWER]);
      expect(classes).toEqual([true, true]);
    } finally {
      await close(server);
    }
  });

  it('serves two apps on one server, each with its own prototypes (the first adopts the server)', async () => {
    const one = webfw();
    const two = webfw();
    one.get('/', (req, res) => res.send(`one ${req.app === one} ${Object.getPrototypeOf(req) === one.request}`));
    two.get('/', (req, res) => res.send(`two ${req.app === two} ${Object.getPrototypeOf(req) === two.request}`));
    let turn = 0;
    const server = createServer((req, res) => (turn++ % 2 === 0 ? one : two)(req, res));
    await listen(server);
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await request(server)).body.toString());
      expect(answers).toEqual(['one true true', 'two true true', 'one true true', 'two true true']);
    } finally {
      await close(server);
    }
  });

  it('leaves the server alone when the app runs as middleware (called with next)', async () => {
    const app = probeApp(webfw);
    const server = createServer((req, res) => app(req, res, () => res.end('next')));
    const born = watchBirth(server, app);
    await listen(server);
    try {
      expect([(await request(server)).body.toString(), (await request(server)).body.toString()]).toEqual([ANSWER, ANSWER]);
      expect(born).toEqual([
        [false, false],
        [false, false],
      ]);
    } finally {
      await close(server);
    }
  });

  it('keeps members added to app.request after the server was adopted', async () => {
    const app = webfw();
    app.get('/', (req, res) => res.send((req as unknown as { who(): string }).who()));
    const server = createServer(app as RequestListener);
    await listen(server);
    try {
      (app.request as unknown as { who(): string }).who = () => 'first';
      expect((await request(server)).body.toString()).toBe('first');
      (app.request as unknown as { who(): string }).who = () => 'second';
      expect((await request(server)).body.toString()).toBe('second');
    } finally {
      await close(server);
    }
  });
});
