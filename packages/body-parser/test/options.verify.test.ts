import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import createError from 'http-errors';
import { json, raw, text, urlencoded } from '@webfw/body-parser';
import { post, serve } from './helpers';

describe('option verify', () => {
  it('should be called with req, res, the raw bytes and the charset before parsing', async () => {
    const calls: Array<{ req: boolean; res: boolean; hex: string; encoding: string | null }> = [];
    const verify = (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null): void => {
      calls.push({ req: typeof req.headers === 'object', res: typeof res.setHeader === 'function', hex: buf.toString('hex'), encoding });
    };
    const s = await serve(json({ verify }), text({ verify }), raw({ verify }));
    try {
      expect((await post(s.port, 'application/json', '{"a":1}')).json.body).toEqual({ a: 1 });
      expect((await post(s.port, 'text/plain; charset=utf-16le', Buffer.from('hi', 'utf16le'))).json.body).toBe('hi');
      expect((await post(s.port, 'application/octet-stream', 'ab')).json.body).toBe('6162');
      expect(calls).toEqual([
        { req: true, res: true, hex: Buffer.from('{"a":1}').toString('hex'), encoding: 'utf-8' },
        { req: true, res: true, hex: Buffer.from('hi', 'utf16le').toString('hex'), encoding: 'utf-16le' },
        { req: true, res: true, hex: '6162', encoding: null },
      ]);
    } finally {
      await s.close();
    }
  });

  it('should see the inflated bytes of a compressed body', async () => {
    const seen: string[] = [];
    const s = await serve(urlencoded({ verify: (_req, _res, buf) => void seen.push(buf.toString()) }));
    try {
      const res = await post(s.port, 'application/x-www-form-urlencoded', zlib.gzipSync('a=1'), { 'Content-Encoding': 'gzip' });
      expect(res.json.body).toEqual({ a: '1' });
      expect(seen).toEqual(['a=1']);
    } finally {
      await s.close();
    }
  });

  it('should 403 entity.verify.failed with the raw body when verify throws', async () => {
    const s = await serve(
      json({
        verify: (_req, _res, buf) => {
          if (buf[0] === 0x5b) throw new Error('no arrays');
        },
      }),
    );
    try {
      const res = await post(s.port, 'application/json', '[1]');
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        error: {
          name: 'Error',
          message: 'no arrays',
          status: 403,
          statusCode: 403,
          expose: true,
          body: { buffer: Buffer.from('[1]').toString('hex') },
          type: 'entity.verify.failed',
        },
      });
      expect((await post(s.port, 'application/json', '{}')).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('should keep the status and type of the error verify throws', async () => {
    const s = await serve(
      text({
        verify: () => {
          throw createError(401, 'bad signature', { type: 'signature.invalid' });
        },
      }),
    );
    try {
      const res = await post(s.port, 'text/plain', 'x');
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        error: {
          name: 'UnauthorizedError',
          message: 'bad signature',
          status: 401,
          statusCode: 401,
          expose: true,
          type: 'signature.invalid',
          body: { buffer: '78' },
        },
      });
    } finally {
      await s.close();
    }
  });

  it('should turn a thrown string into the message of a 403', async () => {
    const s = await serve(
      raw({
        verify: () => {
          throw 'nope';
        },
      }),
    );
    try {
      const res = await post(s.port, 'application/octet-stream', 'x');
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        error: { name: 'ForbiddenError', message: 'nope', status: 403, statusCode: 403, expose: true, body: { buffer: '78' }, type: 'entity.verify.failed' },
      });
    } finally {
      await s.close();
    }
  });

  it('should check an unknown charset before reading when verify is set', async () => {
    let called = false;
    const s = await serve(text({ verify: () => void (called = true) }));
    try {
      const res = await post(s.port, 'text/plain; charset=x-bogus', 'x');
      expect(res.status).toBe(415);
      expect(res.json).toEqual({
        error: {
          name: 'UnsupportedMediaTypeError',
          message: 'unsupported charset "X-BOGUS"',
          status: 415,
          statusCode: 415,
          expose: true,
          charset: 'x-bogus',
          type: 'charset.unsupported',
        },
      });
      expect(called).toBe(false);
    } finally {
      await s.close();
    }
  });
});
