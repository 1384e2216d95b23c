/**
 * Hostile and malformed request paths through the 4.x entry, compared with serve-static 1.x:
 * traversal in every spelling, bad percent-encoding, NUL bytes, odd targets, long names. The
 * one difference: a request target Node's URL parser rejects, on which serve-static 1.x throws.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import serveStatic from '@webfw/static/v4';
import { expectSameAsV1, serveStaticV1, useFixture, type V1Case } from './support/helpers';

const fx = useFixture({ 'a.txt': 'inside', 'dir/b.txt': 'deeper' });

const error = (ask: string, status: number, text: string): V1Case => ({ ask, status, text, next: status });

describe('bad input', () => {
  it('should refuse traversal, malformed encoding and NUL bytes as serve-static 1.x does', async () => {
    await expectSameAsV1(serveStatic, fx.root, { fallthrough: false }, [
      error('/../a.txt', 403, 'Forbidden'),
      error('/%2e%2e/a.txt', 403, 'Forbidden'),
      error('/dir/%2e%2e%2f%2e%2e%2fetc/passwd', 403, 'Forbidden'),
      error('/dir%2f..%2f..%2fetc', 403, 'Forbidden'),
      error('/..%5C..%5Cetc', 403, 'Forbidden'),
      error('/%', 400, 'Bad Request'),
      error('/%FF', 400, 'Bad Request'),
      error('/a.txt%00', 400, 'Bad Request'),
      { ask: '/dir/../a.txt', status: 200, text: 'inside' },
      { ask: '/dir/./b.txt', status: 200, text: 'deeper' },
      { ask: '//a.txt', status: 200, text: 'inside' },
      { ask: 'http://example.com/a.txt?q', status: 200, text: 'inside' },
      { ask: '/a.txt/', status: 404, next: 404 },
      { ask: '/a.txt/x', status: 404, next: 404 },
      { ask: '/' + 'n'.repeat(300), status: 404, next: 404 },
      { ask: '*', status: 404, next: 404 },
    ]);
  });

  it('should call next() for the same client errors by default', async () => {
    await expectSameAsV1(serveStatic, fx.root, undefined, [
      { ask: '/../a.txt', status: 404, text: 'fell through', next: 'next' },
      { ask: '/%', status: 404, text: 'fell through', next: 'next' },
      { ask: '/%00', status: 404, text: 'fell through', next: 'next' },
      { ask: '/' + 'n'.repeat(300), status: 404, text: 'fell through', next: 'next' },
    ]);
  });

  it('should answer a target the URL parser rejects like send (serve-static 1.x throws)', () => {
    const req = { method: 'GET', url: 'http://[a/x', headers: {} } as IncomingMessage;
    const res = {} as ServerResponse;
    expect(() => serveStaticV1(fx.root)(req, res, () => undefined)).toThrow('Invalid URL');
    const seen: unknown[] = [];
    serveStatic(fx.root)(req, res, (err?: unknown) => seen.push(err));
    serveStatic(fx.root, { fallthrough: false })(req, res, (err?: unknown) => seen.push(err));
    expect(seen).toEqual([undefined, expect.objectContaining({ status: 400, expose: true, message: 'Bad Request' })]);
  });
});
