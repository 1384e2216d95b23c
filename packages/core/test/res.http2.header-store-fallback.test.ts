/**
 * HTTP/2's one-call send (http2/headers.ts) writes Content-Type, Content-Length and the ETag
 * straight into node's header store, found by its symbol (`Symbol(headers)`). Where a node
 * version does not have it so, the lookup finds nothing and every response goes through node's
 * own header methods: this test makes the lookup fail (as on such a node) and checks that the
 * answers are exactly those of the fast path.
 */
import { createServer } from 'node:http2';
import type { Http2ServerResponse } from 'node:http2';
import type { RequestListener } from 'node:http';
import type webfwType from '@webfw/core';
import { closeHttp2, http2Request, listenHttp2 } from '@webfw/test-support';

type Factory = typeof webfwType;

/** An app answering a few plain sends (strings, JSON, Buffer, a HEAD). */
function build(webfw: Factory, before?: (res: Http2ServerResponse) => void) {
  const app = webfw();
  app.use((_req, res, next) => {
    before?.(res as unknown as Http2ServerResponse);
    next();
  });
  app.get('/text', (_req, res) => res.send('hello'));
  app.get('/json', (_req, res) => res.json({ ok: true, n: 1 }));
  app.get('/buffer', (_req, res) => res.send(Buffer.from('bytes')));
  app.get('/typed', (_req, res) => res.type('txt').status(201).send('created'));
  return app;
}

/** The status, the headers a send sets, and the body of each request. */
async function answers(app: RequestListener): Promise<string[]> {
  const server = createServer(app as never);
  await listenHttp2(server);
  try {
    const out: string[] = [];
    for (const path of ['/text', '/json', '/buffer', '/typed', '/text']) {
      const method = out.length === 4 ? 'HEAD' : 'GET';
      const res = await http2Request(server, { method, path });
      const h = res.headers;
      out.push(`${method} ${path} ${res.status} ${h['content-type']} ${h['content-length']} ${h.etag} ${h['x-powered-by']} ${res.body.toString()}`);
    }
    return out;
  } finally {
    await closeHttp2(server);
  }
}

describe("HTTP/2 sends without node's header store", () => {
  it('should answer exactly as the fast path does', async () => {
    let fast: string[] = [];
    let fallback: string[] = [];
    let fastTaken = false;
    let fallbackTaken = true;
    await jest.isolateModulesAsync(async () => {
      const webfw = (await import('@webfw/core')).default as Factory;
      const headers = await import('../src/http2/headers');
      fast = await answers(
        build(webfw, (res) => {
          fastTaken ||= headers.isPlainHttp2Response(res);
        }) as unknown as RequestListener,
      );
    });
    await jest.isolateModulesAsync(async () => {
      const webfw = (await import('@webfw/core')).default as Factory;
      const headers = await import('../src/http2/headers');
      let hidden = false;
      fallback = await answers(
        build(webfw, (res) => {
          if (!hidden) {
            // the first response this module instance looks at shows no header store, as on a
            // node that keeps its headers otherwise: the lookup settles on "none"
            hidden = true;
            const key = Object.getOwnPropertySymbols(res).find((s) => s.description === 'headers')!;
            const store = (res as unknown as Record<symbol, unknown>)[key];
            (res as unknown as Record<symbol, unknown>)[key] = {};
            headers.isPlainHttp2Response(res);
            (res as unknown as Record<symbol, unknown>)[key] = store;
          }
          fallbackTaken &&= !headers.isPlainHttp2Response(res);
        }) as unknown as RequestListener,
      );
    });
    expect(fastTaken).toBe(true);
    expect(fallbackTaken).toBe(true);
    expect(fast).toEqual([
      'GET /text 200 text/html; charset=utf-8 5 W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00" webfw hello',
      'GET /json 200 application/json; charset=utf-8 17 W/"11-7ncni7bqmqA+tf5mjVh8iIHGo/c" webfw {"ok":true,"n":1}',
      expect.stringMatching(/^GET \/buffer 200 application\/octet-stream 5 W\/"5-[\w+/]+" webfw bytes$/),
      expect.stringMatching(/^GET \/typed 201 text\/plain; charset=utf-8 7 W\/"7-[\w+/]+" webfw created$/),
      'HEAD /text 200 text/html; charset=utf-8 5 W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00" webfw ',
    ]);
    expect(fallback).toEqual(fast);
  });
});
