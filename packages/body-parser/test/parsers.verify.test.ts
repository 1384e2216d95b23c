import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import createError from 'http-errors';
import { json, raw, text, urlencoded } from '@webfw/body-parser';
import { answer, charsetUnsupported, httpError, post, withServe } from './support/helpers';

describe('option verify', () => {
  it('should be called with req, res, the raw bytes and the charset before parsing', async () => {
    const calls: Array<{ req: boolean; res: boolean; hex: string; encoding: string | null }> = [];
    const verify = (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null): void => {
      calls.push({ req: typeof req.headers === 'object', res: typeof res.setHeader === 'function', hex: buf.toString('hex'), encoding });
    };
    await withServe([json({ verify }), text({ verify }), raw({ verify })], async (s) => {
      expect((await post(s.port, 'application/json', '{"a":1}')).json.body).toEqual({ a: 1 });
      expect((await post(s.port, 'text/plain; charset=utf-16le', Buffer.from('hi', 'utf16le'))).json.body).toBe('hi');
      expect((await post(s.port, 'application/octet-stream', 'ab')).json.body).toBe('6162');
      expect(calls).toEqual([
        { req: true, res: true, hex: Buffer.from('{"a":1}').toString('hex'), encoding: 'utf-8' },
        { req: true, res: true, hex: Buffer.from('hi', 'utf16le').toString('hex'), encoding: 'utf-16le' },
        { req: true, res: true, hex: '6162', encoding: null },
      ]);
    });
  });

  it('should see the inflated bytes of a compressed body', async () => {
    const seen: string[] = [];
    await withServe(urlencoded({ verify: (_req, _res, buf) => void seen.push(buf.toString()) }), async (s) => {
      const res = await post(s.port, 'application/x-www-form-urlencoded', zlib.gzipSync('a=1'), { 'Content-Encoding': 'gzip' });
      expect(res.json.body).toEqual({ a: '1' });
      expect(seen).toEqual(['a=1']);
    });
  });

  it.each([
    {
      title: 'should 403 entity.verify.failed with the raw body when verify throws',
      parser: json({
        verify: (_req, _res, buf) => {
          if (buf[0] === 0x5b) throw new Error('no arrays');
        },
      }),
      contentType: 'application/json',
      body: '[1]',
      error: httpError(403, 'Error', 'no arrays', { body: { buffer: Buffer.from('[1]').toString('hex') }, type: 'entity.verify.failed' }),
      // a body verify lets through is parsed afterwards
      accepted: '{}',
    },
    {
      title: 'should keep the status and type of the error verify throws',
      parser: text({
        verify: () => {
          throw createError(401, 'bad signature', { type: 'signature.invalid' });
        },
      }),
      contentType: 'text/plain',
      body: 'x',
      error: httpError(401, 'UnauthorizedError', 'bad signature', { type: 'signature.invalid', body: { buffer: '78' } }),
      accepted: undefined,
    },
    {
      title: 'should turn a thrown string into the message of a 403',
      parser: raw({
        verify: () => {
          throw 'nope';
        },
      }),
      contentType: 'application/octet-stream',
      body: 'x',
      error: httpError(403, 'ForbiddenError', 'nope', { body: { buffer: '78' }, type: 'entity.verify.failed' }),
      accepted: undefined,
    },
  ])('$title', ({ parser, contentType, body, error, accepted }) =>
    withServe(parser, async (s) => {
      expect(await answer(s.port, contentType, body)).toEqual({ status: error.status, json: { error } });
      if (accepted !== undefined) expect((await post(s.port, contentType, accepted)).status).toBe(200);
    }),
  );

  it('should check an unknown charset before reading when verify is set', async () => {
    let called = false;
    await withServe(text({ verify: () => void (called = true) }), async (s) => {
      expect(await answer(s.port, 'text/plain; charset=x-bogus', 'x')).toEqual({ status: 415, json: { error: charsetUnsupported('x-bogus') } });
      expect(called).toBe(false);
    });
  });
});
