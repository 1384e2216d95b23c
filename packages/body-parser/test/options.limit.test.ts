import { json, raw, text, urlencoded } from '@webfw/body-parser';
import { post, send, serve } from './helpers';

function tooLarge(extra: Record<string, unknown>): Record<string, unknown> {
  return {
    error: {
      name: 'PayloadTooLargeError',
      message: 'request entity too large',
      status: 413,
      statusCode: 413,
      expose: true,
      ...extra,
      type: 'entity.too.large',
    },
  };
}

describe('option limit', () => {
  it('should default to 100kb (102400 bytes)', async () => {
    const s = await serve(raw());
    try {
      const ok = await post(s.port, 'application/octet-stream', Buffer.alloc(102_400));
      expect(ok.status).toBe(200);
      const res = await post(s.port, 'application/octet-stream', Buffer.alloc(102_401));
      expect(res.status).toBe(413);
      expect(res.json).toEqual(tooLarge({ expected: 102_401, length: 102_401, limit: 102_400 }));
    } finally {
      await s.close();
    }
  });

  it('should accept a byte count', async () => {
    const s = await serve(json({ limit: 10 }));
    try {
      expect((await post(s.port, 'application/json', '{"a":"12"}')).status).toBe(200);
      const res = await post(s.port, 'application/json', '{"a":"123"}');
      expect(res.status).toBe(413);
      expect(res.json).toEqual(tooLarge({ expected: 11, length: 11, limit: 10 }));
    } finally {
      await s.close();
    }
  });

  it('should accept a byte string', async () => {
    const s = await serve(text({ limit: '1kb' }));
    try {
      expect((await post(s.port, 'text/plain', 'x'.repeat(1024))).status).toBe(200);
      const res = await post(s.port, 'text/plain', 'x'.repeat(1025));
      expect(res.status).toBe(413);
      expect(res.json).toEqual(tooLarge({ expected: 1025, length: 1025, limit: 1024 }));
    } finally {
      await s.close();
    }
  });

  it('should count bytes, not characters', async () => {
    const s = await serve(text({ limit: 4 }));
    try {
      const res = await post(s.port, 'text/plain', 'ééé');
      expect(res.status).toBe(413);
      expect(res.json).toEqual(tooLarge({ expected: 6, length: 6, limit: 4 }));
    } finally {
      await s.close();
    }
  });

  it('should 413 a chunked body once more than limit bytes arrived', async () => {
    const s = await serve(urlencoded({ limit: 100 }));
    try {
      const res = await send(s.port, {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' },
        body: `a=${'x'.repeat(200)}`,
      });
      expect(res.status).toBe(413);
      expect(res.json).toEqual(tooLarge({ limit: 100, received: 202 }));
    } finally {
      await s.close();
    }
  });

  it('should allow an empty body with limit 0 and reject one byte', async () => {
    const s = await serve(raw({ limit: 0 }));
    try {
      expect((await post(s.port, 'application/octet-stream', '')).json).toEqual({ has: true, kind: 'buffer', body: '' });
      const res = await post(s.port, 'application/octet-stream', 'x');
      expect(res.status).toBe(413);
      expect(res.json).toEqual(tooLarge({ expected: 1, length: 1, limit: 0 }));
    } finally {
      await s.close();
    }
  });
});
