/**
 * The `headers` of an error reaching the default final handler are set on the error page, as
 * express 5 does. A header node refuses (CR/LF in a value, an invalid name, an undefined
 * value, a value that cannot become a string, a getter that throws) makes express's final
 * handler throw and the process die; webfw answers the 500 page instead, without any of the
 * error's headers, logs the refusal next to the error, and keeps serving.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import webfw from '@webfw/core';
import type { Any, Framework } from './support/differential';
import { errorPage as page, exchange, expectSameWire, withServed } from './support/raw-wire';

const INTERNAL = page('Internal Server Error');

/** An error with status 400 asking for `headers`. */
function withHeaders(headers: unknown): Error {
  return Object.assign(new Error('bad request detail'), { status: 400, headers });
}

const refused: Record<string, () => unknown> = {
  crlf: () => ({ 'Retry-After': '5', 'X-Bad': 'a\r\nSet-Cookie: injected=1' }),
  lf: () => ({ 'X-Bad': 'a\nb' }),
  nul: () => ({ 'X-Bad': 'a\u0000b' }),
  'array-crlf': () => ({ 'X-List': ['fine', 'bad\r\nX-Injected: 1'] }),
  'invalid-name': () => ({ 'Bad Name': 'x' }),
  'non-token-name': () => ({ 'X-Ünicode': 'x' }),
  'empty-name': () => ({ '': 'x' }),
  undefined: () => ({ 'X-Undefined': undefined }),
  symbol: () => ({ 'X-Symbol': Symbol('s') }),
  'throwing-toString': () => ({
    'X-Object': {
      toString() {
        throw new Error('no string for you');
      },
    },
  }),
  'wide-char': () => ({ 'X-Wide': 'snow ☃' }),
  'throwing-getter': () =>
    Object.defineProperty({}, 'X-Getter', {
      enumerable: true,
      get() {
        throw new Error('getter failed');
      },
    }),
};

function build(fw: Framework, env = 'production'): Any {
  const app = fw();
  app.set('env', env);
  for (const [name, headers] of Object.entries(refused)) {
    app.all(`/refused/${name}`, (_q: Any, _s: Any, next: Any) => next(withHeaders(headers())));
  }
  app.get('/thrown', () => {
    throw withHeaders({ 'X-Bad': 'a\r\nb' });
  });
  app.get('/async', async () => {
    await new Promise((r) => setTimeout(r, 1));
    throw withHeaders({ 'X-Bad': 'a\r\nb' });
  });
  app.get('/kept', (_q: Any, res: Any, next: Any) => {
    res.set('X-Before', 'kept');
    next(withHeaders({ 'X-Bad': 'a\r\nb' }));
  });
  app.get('/valid', (_q: Any, _s: Any, next: Any) =>
    next(withHeaders({ 'Retry-After': 5, 'X-Object': { a: 1 }, 'X-Null': null, 'X-List': ['a', 'b'], 'X-Latin1': 'café' })),
  );
  app.get('/ok', (_q: Any, res: Any) => res.send('still serving'));
  return app;
}

/** What console.error received, as `String(value)` (`TypeError [CODE]: message` for node's errors). */
function logged(spy: jest.SpyInstance): string[] {
  return spy.mock.calls.map(([err]) => String(err));
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('error headers node refuses', () => {
  let log: jest.SpyInstance;
  beforeEach(() => {
    log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    log.mockClear();
  });

  it('should answer the 500 page without the error headers and keep serving', () =>
    withServed(build(webfw), async (server) => {
      for (const name of Object.keys(refused)) {
        const res = await exchange(server, { path: `/refused/${name}` });
        expect([name, res.statusLine, res.body]).toEqual([name, 'HTTP/1.1 500 Internal Server Error', INTERNAL]);
        expect(res.lines.filter((l) => !/^(date|x-powered-by):/i.test(l))).toEqual([
          "Content-Security-Policy: default-src 'none'",
          'X-Content-Type-Options: nosniff',
          'Content-Type: text/html; charset=utf-8',
          `Content-Length: ${INTERNAL.length}`,
          'Connection: close',
        ]);
        const next = await exchange(server, { path: '/ok' });
        expect([name, next.statusLine, next.body]).toEqual([name, 'HTTP/1.1 200 OK', 'still serving']);
      }
    }));

  it('should answer 500 for a thrown or rejected error too, for HEAD, and after reading an unread request body', () =>
    withServed(build(webfw), async (server) => {
      for (const path of ['/thrown', '/async']) {
        const res = await exchange(server, { path });
        expect([path, res.statusLine, res.body]).toEqual([path, 'HTTP/1.1 500 Internal Server Error', INTERNAL]);
      }
      const head = await exchange(server, { method: 'HEAD', path: '/refused/crlf' });
      expect([head.statusLine, head.body]).toEqual(['HTTP/1.1 500 Internal Server Error', '']);
      const { port } = server.address() as { port: number };
      const posted = await fetch(`http://127.0.0.1:${port}/refused/crlf`, { method: 'POST', body: 'x'.repeat(100000) });
      expect([posted.status, posted.headers.get('x-bad'), posted.headers.get('retry-after'), await posted.text()]).toEqual([500, null, null, INTERNAL]);
      // and the next request is served
      const again = await fetch(`http://127.0.0.1:${port}/ok`);
      expect(await again.text()).toBe('still serving');
    }));

  it('should keep headers set before the error, as for any 500 page', () =>
    withServed(build(webfw), async (server) => {
      const res = await exchange(server, { path: '/kept' });
      expect(res.statusLine).toBe('HTTP/1.1 500 Internal Server Error');
      expect(res.lines).toContain('X-Before: kept');
      expect(res.lines.some((l) => l.startsWith('X-Bad'))).toBe(false);
    }));

  it('should log the error and the refusal of its headers, as the final handler logs errors', () =>
    withServed(build(webfw, 'development'), async (server) => {
      await exchange(server, { path: '/refused/crlf' });
      await exchange(server, { path: '/refused/invalid-name' });
      await exchange(server, { path: '/refused/throwing-getter' });
      await tick();
      expect(logged(log)).toEqual([
        'Error: bad request detail',
        'TypeError [ERR_INVALID_CHAR]: Invalid character in header content ["X-Bad"]',
        'Error: bad request detail',
        'TypeError [ERR_INVALID_HTTP_TOKEN]: Header name must be a valid HTTP token ["Bad Name"]',
        'Error: bad request detail',
        'Error: getter failed',
      ]);
    }));

  it('should not log in env test, as for every error', () =>
    withServed(build(webfw, 'test'), async (server) => {
      expect((await exchange(server, { path: '/refused/crlf' })).statusLine).toBe('HTTP/1.1 500 Internal Server Error');
      await tick();
      expect(log).not.toHaveBeenCalled();
    }));

  it('should show the refusal on the development page', () =>
    withServed(build(webfw, 'development'), async (server) => {
      const res = await exchange(server, { path: '/refused/crlf' });
      expect(res.statusLine).toBe('HTTP/1.1 500 Internal Server Error');
      // (the stack's first line names the code outside jest: `TypeError [ERR_INVALID_CHAR]: ...`)
      expect(res.body).toMatch(
        /^<!DOCTYPE html>[\s\S]*<pre>TypeError( \[ERR_INVALID_CHAR\])?: Invalid character in header content \[&quot;X-Bad&quot;\]<br> &nbsp; &nbsp;at /,
      );
    }));

  it('should set headers node accepts exactly as express 5 (numbers, null, objects, arrays, latin1)', async () => {
    await expectSameWire(build, [{ path: '/valid' }, { method: 'HEAD', path: '/valid' }]);
  });
});

describe('deliberate: express 5 dies on such an error', () => {
  it('should crash express 5 where webfw answers 500', async () => {
    const script = `
      const app = require('express')();
      app.set('env', 'test');
      app.get('/', (q, s, next) => next(Object.assign(new Error('x'), { status: 400, headers: { 'X-Bad': 'a\\r\\nb' } })));
      const server = app.listen(0, '127.0.0.1', () => fetch('http://127.0.0.1:' + server.address().port + '/').catch(() => {}));
    `;
    const outcome = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = execFile(process.execPath, ['-e', script], { cwd: resolve(__dirname, '../../..'), timeout: 10000 }, (err, _out, stderr) => {
        done({ code: err ? ((err as { code?: number }).code ?? null) : 0, stderr });
      });
      child.stdin?.end();
    });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain('ERR_INVALID_CHAR');
  });
});
