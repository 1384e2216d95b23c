import type { IncomingMessage } from 'node:http';
import { json, raw, text, urlencoded } from '@webfw/body-parser';
import { post, send, serve } from './helpers';

describe('several parsers on one request', () => {
  it('should let exactly the matching parser read the body', async () => {
    const s = await serve(json(), urlencoded(), text(), raw());
    try {
      expect((await post(s.port, 'application/json', '{"a":1}')).json).toEqual({ has: true, kind: 'object', body: { a: 1 } });
      expect((await post(s.port, 'application/x-www-form-urlencoded', 'a=1')).json).toEqual({ has: true, kind: 'object', body: { a: '1' } });
      expect((await post(s.port, 'text/plain', 'a')).json).toEqual({ has: true, kind: 'string', body: 'a' });
      expect((await post(s.port, 'application/octet-stream', 'a')).json).toEqual({ has: true, kind: 'buffer', body: '61' });
    } finally {
      await s.close();
    }
  });

  it('should leave req.body undefined when no parser matched', async () => {
    const s = await serve(json(), urlencoded());
    try {
      expect((await post(s.port, 'image/png', 'x')).json).toEqual({ has: true, kind: 'undefined', body: null });
      expect((await send(s.port, { method: 'GET' })).json).toEqual({ has: true, kind: 'undefined', body: null });
    } finally {
      await s.close();
    }
  });

  it('should let a later parser see the body an earlier one set, and skip the consumed stream', async () => {
    const seen: unknown[] = [];
    const look = (req: IncomingMessage, _res: unknown, next: () => void): void => {
      seen.push((req as IncomingMessage & { body?: unknown }).body);
      next();
    };
    const s = await serve(text({ type: '*/*' }), look, json({ type: '*/*' }));
    try {
      const res = await post(s.port, 'application/json', '{"a":1}');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ has: true, kind: 'string', body: '{"a":1}' });
      expect(seen).toEqual(['{"a":1}']);
    } finally {
      await s.close();
    }
  });

  it('should keep a req.body set before the parser when it does not parse', async () => {
    const preset = (req: IncomingMessage, _res: unknown, next: () => void): void => {
      (req as IncomingMessage & { body?: unknown }).body = { preset: true };
      next();
    };
    const s = await serve(preset, json());
    try {
      expect((await post(s.port, 'text/plain', 'x')).json).toEqual({ has: true, kind: 'object', body: { preset: true } });
      expect((await post(s.port, 'application/json', '{"a":1}')).json).toEqual({ has: true, kind: 'object', body: { a: 1 } });
    } finally {
      await s.close();
    }
  });

  it("should not leak one request's body into the next one on the same connection", async () => {
    const s = await serve(json());
    try {
      const a = await post(s.port, 'application/json', '{"first":true}');
      const b = await post(s.port, 'text/plain', '{"second":true}');
      expect(a.json.body).toEqual({ first: true });
      expect(b.json).toEqual({ has: true, kind: 'undefined', body: null });
    } finally {
      await s.close();
    }
  });
});
