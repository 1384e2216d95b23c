/**
 * A response never carries both Transfer-Encoding and Content-Length. A handler that sets
 * Transfer-Encoding (copying an upstream response's headers, say) and then sends a body gets
 * what express 5 gives: no Content-Length from `res.send`/`res.json`/`res.jsonp`/
 * `res.sendStatus`, the body framed by node. express 5 still sends both from `res.redirect`
 * and its default error page; webfw leaves Content-Length out there too.
 */
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webfw from '@webfw/core';
import type { Any, Framework } from './support/differential';
import { exchange, expectSameWire, getAndHead, withServed, wirePairs, type WireRequest } from './support/raw-wire';

const hasFraming = (lines: string[], name: string): boolean => lines.some((l) => l.toLowerCase().startsWith(`${name}:`));

function upstreamApp(fw: Framework): Any {
  const app = fw();
  app.set('env', 'production');
  const te = (res: Any, value = 'chunked'): Any => res.set('Transfer-Encoding', value);
  app.get('/send', (_q: Any, res: Any) => te(res).send('hello'));
  app.get('/send-long', (_q: Any, res: Any) => te(res).send('é'.repeat(1500)));
  app.get('/buffer', (_q: Any, res: Any) => te(res).send(Buffer.from('bytes')));
  app.get('/json', (_q: Any, res: Any) => te(res).json({ a: 1 }));
  app.get('/jsonp', (_q: Any, res: Any) => te(res).jsonp({ a: 1 }));
  app.get('/status', (_q: Any, res: Any) => te(res).sendStatus(404));
  app.get('/lower', (_q: Any, res: Any) => {
    res.setHeader('transfer-encoding', 'chunked');
    res.send('lower-case name');
  });
  app.get('/copied', (_q: Any, res: Any) => res.set({ 'Content-Type': 'text/plain', 'Transfer-Encoding': 'chunked', 'X-Upstream': 'yes' }).send('copied'));
  app.get('/gzip-chunked', (_q: Any, res: Any) => te(res, 'gzip, chunked').send('not really gzip'));
  app.get('/no-etag', (req: Any, res: Any) => {
    req.app.set('etag', false);
    te(res).send('no etag');
  });
  app.get('/204', (_q: Any, res: Any) => te(res).status(204).send('dropped'));
  app.get('/205', (_q: Any, res: Any) => te(res).status(205).send('dropped'));
  app.get('/fresh', (_q: Any, res: Any) => te(res).set('ETag', '"v1"').send('cached'));
  app.get('/empty', (_q: Any, res: Any) => te(res).send(''));
  return app;
}

describe('res.send with a Transfer-Encoding set', () => {
  it('should answer exactly as express 5 (no Content-Length, chunked body) for every send method', async () => {
    const paths = [
      '/send',
      '/send-long',
      '/buffer',
      '/json',
      '/jsonp?callback=cb',
      '/status',
      '/lower',
      '/copied',
      '/gzip-chunked',
      '/no-etag',
      '/204',
      '/205',
      '/empty',
    ];
    const reqs = [...getAndHead(paths), { path: '/fresh', headers: { 'If-None-Match': '"v1"' } }, { path: '/fresh' }];
    const pairs = await expectSameWire(upstreamApp, reqs);
    for (const { req, webfw: w } of pairs) {
      expect([req.path, hasFraming(w.lines, 'transfer-encoding') && hasFraming(w.lines, 'content-length')]).toEqual([req.path, false]);
    }
  });

  it('should send the body in chunks with the Transfer-Encoding and no Content-Length', async () => {
    const res = await withServed(upstreamApp(webfw), (server) => exchange(server, { path: '/send' }));
    expect(res.statusLine).toBe('HTTP/1.1 200 OK');
    expect(res.lines.filter((l) => !/^(date|x-powered-by):/i.test(l))).toEqual([
      'Transfer-Encoding: chunked',
      'Content-Type: text/html; charset=utf-8',
      'ETag: W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"',
      'Connection: close',
    ]);
    expect(res.body).toBe('5\r\nhello\r\n0\r\n\r\n');
  });

  it.each<[string, WireRequest, string]>([
    ['204', { path: '/204' }, 'HTTP/1.1 204 No Content'],
    ['304', { path: '/fresh', headers: { 'If-None-Match': '"v1"' } }, 'HTTP/1.1 304 Not Modified'],
  ])('should still remove the Transfer-Encoding and send no body for %s', async (_status, req, statusLine) => {
    const res = await withServed(upstreamApp(webfw), (server) => exchange(server, req));
    expect(res.statusLine).toBe(statusLine);
    expect(hasFraming(res.lines, 'transfer-encoding') || hasFraming(res.lines, 'content-length')).toBe(false);
    expect(res.body).toBe('');
  });

  it('should still remove the Transfer-Encoding and send Content-Length 0 for 205', async () => {
    const resetContent = await withServed(upstreamApp(webfw), (server) => exchange(server, { path: '/205' }));
    expect(resetContent.lines).toContain('Content-Length: 0');
    expect(hasFraming(resetContent.lines, 'transfer-encoding')).toBe(false);
  });
});

/** GETs `path` with node's own HTTP client, which refuses a response with both framing headers. */
function nodeGet(server: Server, path: string): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('clients reading a response whose handler set Transfer-Encoding', () => {
  function app(): Any {
    const a = upstreamApp(webfw);
    a.get('/redirect', (_q: Any, res: Any) => res.set('Transfer-Encoding', 'chunked').redirect('/target'));
    a.get('/error', (_q: Any, res: Any, next: Any) => {
      res.set('Transfer-Encoding', 'chunked');
      next(new Error('upstream failed'));
    });
    return a;
  }

  it("should be accepted by node's http client and by fetch", () =>
    withServed(app(), async (server) => {
      const { port } = server.address() as AddressInfo;
      expect(await nodeGet(server, '/json')).toEqual({ status: 200, body: '{"a":1}' });
      expect(await nodeGet(server, '/redirect')).toEqual({ status: 302, body: 'Found. Redirecting to /target' });
      expect((await nodeGet(server, '/error')).status).toBe(500);
      const res = await fetch(`http://127.0.0.1:${port}/send-long`);
      expect(await res.text()).toBe('é'.repeat(1500));
      const redirect = await fetch(`http://127.0.0.1:${port}/redirect`, { redirect: 'manual' });
      expect([redirect.status, await redirect.text()]).toEqual([302, 'Found. Redirecting to /target']);
    }));
});

describe('deliberate: res.redirect and the default error page never send both (express 5 does)', () => {
  const build = (fw: Framework): Any => {
    const app = fw();
    app.set('env', 'production');
    app.get('/redirect', (_q: Any, res: Any) => res.set('Transfer-Encoding', 'chunked').redirect('/target'));
    app.get('/error', (_q: Any, res: Any, next: Any) => {
      res.set('Transfer-Encoding', 'chunked');
      next(new Error('upstream failed'));
    });
    app.get('/error-headers', (_q: Any, _res: Any, next: Any) =>
      next(Object.assign(new Error('bad gateway'), { status: 502, headers: { 'Transfer-Encoding': 'chunked' } })),
    );
    return app;
  };

  it('should leave Content-Length out where express sends it next to Transfer-Encoding, and keep everything else', async () => {
    // both servers log the errors outside env "test"; support/differential.ts silences console.error
    const pairs = await wirePairs(build, [{ path: '/redirect' }, { path: '/error' }, { path: '/error-headers' }, { method: 'HEAD', path: '/redirect' }]);
    for (const { req, express: e, webfw: w } of pairs) {
      expect([req.path, hasFraming(e.lines, 'content-length'), hasFraming(e.lines, 'transfer-encoding')]).toEqual([req.path, true, true]);
      expect(w).toEqual({ ...e, lines: e.lines.filter((l) => !/^content-length:/i.test(l)) });
    }
    const [redirect] = pairs;
    expect(redirect!.webfw.body).toBe('1d\r\nFound. Redirecting to /target\r\n0\r\n\r\n');
  });
});
