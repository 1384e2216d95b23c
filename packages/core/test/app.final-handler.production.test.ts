/**
 * The default error page in production shows only the status text, as express 5's final
 * handler does: never an error's message, whether or not `expose` says it may be shown (a
 * JSON parse position, a validation detail, a param that failed to decode). A status without
 * a text shows `undefined` with the reason phrase `unknown`, as express's does.
 */
import createError from 'http-errors';
import webfw from '@webfw/core';
import { frameworks, type Any, type Framework } from './support/differential';
import { close, errorPage as page, exchange, expectSameWire, serve, withServed, type WireRequest } from './support/raw-wire';

function build(fw: Framework): Any {
  const app = fw();
  app.set('env', 'production');
  app.post('/json', fw.json(), (req: Any, res: Any) => res.json(req.body));
  app.post('/urlencoded', fw.urlencoded({ parameterLimit: 1 }), (req: Any, res: Any) => res.json(req.body));
  app.get('/exposed', (_q: Any, _s: Any, next: Any) => next(createError(422, 'name is required')));
  app.get('/hidden', (_q: Any, _s: Any, next: Any) => next(createError(400, 'internal detail', { expose: false })));
  app.get('/server', (_q: Any, _s: Any, next: Any) => next(createError(503, 'db down', { expose: true })));
  app.get('/thrown', () => {
    throw new Error('secret detail');
  });
  app.get('/plain-expose', (_q: Any, _s: Any, next: Any) => next(Object.assign(new Error('plain detail'), { status: 404, expose: true })));
  app.get('/unknown-status', (_q: Any, _s: Any, next: Any) => next(Object.assign(new Error('odd'), { status: 499, expose: true })));
  app.get('/response-status', (_q: Any, res: Any, next: Any) => {
    res.statusCode = 429;
    next(new Error('slow down, detail'));
  });
  app.get('/string', (_q: Any, _s: Any, next: Any) => next('a string error'));
  app.get('/p/:id', (req: Any, res: Any) => res.send(req.params.id));
  return app;
}

const json = { 'Content-Type': 'application/json' };

describe('the default error page in production', () => {
  const reqs: Array<WireRequest & { body?: string }> = [
    { path: '/exposed' },
    { path: '/hidden' },
    { path: '/server' },
    { path: '/thrown' },
    { path: '/plain-expose' },
    { path: '/unknown-status' },
    { path: '/response-status' },
    { path: '/string' },
    { path: '/p/%' },
    { method: 'HEAD', path: '/exposed' },
  ];

  it('should be the same bytes as express 5 (status text only) for every kind of error', async () => {
    // both servers log each error outside env "test"; support/differential.ts silences console.error
    await expectSameWire(build, reqs);
  });

  it.each<[string, string, string, string]>([
    ['should show the status text, not the message of an exposed client error', '/exposed', 'HTTP/1.1 422 Unprocessable Entity', 'Unprocessable Entity'],
    ['should show the status text, not the message of an error with expose set', '/plain-expose', 'HTTP/1.1 404 Not Found', 'Not Found'],
    ['should show the status text, not the message of a param that failed to decode', '/p/%', 'HTTP/1.1 400 Bad Request', 'Bad Request'],
    ['should show the status text, not the message of an exposed server error', '/server', 'HTTP/1.1 503 Service Unavailable', 'Service Unavailable'],
    ['should show the status text of the response status, not the message', '/response-status', 'HTTP/1.1 429 Too Many Requests', 'Too Many Requests'],
    ['should show undefined with the reason phrase unknown for a status without a text', '/unknown-status', 'HTTP/1.1 499 unknown', 'undefined'],
  ])('%s (%s)', async (_name, path, statusLine, text) => {
    const res = await withServed(build(webfw), (server) => exchange(server, { path }));
    expect([res.statusLine, res.body]).toEqual([statusLine, page(text)]);
    expect(res.lines).toContain(`Content-Length: ${page(text).length}`);
  });

  it('should not show where a JSON body failed to parse, nor which parser limit was hit', async () => {
    // request bodies: sent over fetch (the raw harness sends none)
    await withServed(build(webfw), async (server) => {
      const { port } = server.address() as { port: number };
      const bad = await fetch(`http://127.0.0.1:${port}/json`, { method: 'POST', headers: json, body: '{"a":1,}' });
      expect([bad.status, await bad.text()]).toEqual([400, page('Bad Request')]);
      const limit = await fetch(`http://127.0.0.1:${port}/urlencoded`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'a=1&b=2',
      });
      expect([limit.status, await limit.text()]).toEqual([413, page('Payload Too Large')]);
    });
  });

  it('should match express 5 on body parser errors', async () => {
    const expressServer = await serve(build(frameworks.express));
    const webfwServer = await serve(build(webfw));
    try {
      for (const [path, body, type] of [
        ['/json', '{"a":1,}', 'application/json'],
        ['/json', '{', 'application/json'],
        ['/urlencoded', 'a=1&b=2', 'application/x-www-form-urlencoded'],
      ] as const) {
        const answers = await Promise.all(
          [expressServer, webfwServer].map(async (server) => {
            const { port } = server.address() as { port: number };
            const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'Content-Type': type }, body });
            return [res.status, res.headers.get('content-type'), res.headers.get('content-length'), await res.text()];
          }),
        );
        expect(answers[1]).toEqual(answers[0]);
      }
    } finally {
      await close(expressServer);
      await close(webfwServer);
    }
  });
});
