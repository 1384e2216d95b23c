import type { IncomingMessage } from 'node:http';
import { json, raw, text, urlencoded } from '@webfw/body-parser';
import { post, recordBodies, send, withServe, type Step } from './support/helpers';

describe('several parsers on one request', () => {
  it('should let exactly the matching parser read the body', () =>
    withServe([json(), urlencoded(), text(), raw()], async (s) => {
      expect((await post(s.port, 'application/json', '{"a":1}')).json).toEqual({ has: true, kind: 'object', body: { a: 1 } });
      expect((await post(s.port, 'application/x-www-form-urlencoded', 'a=1')).json).toEqual({ has: true, kind: 'object', body: { a: '1' } });
      expect((await post(s.port, 'text/plain', 'a')).json).toEqual({ has: true, kind: 'string', body: 'a' });
      expect((await post(s.port, 'application/octet-stream', 'a')).json).toEqual({ has: true, kind: 'buffer', body: '61' });
    }));

  it('should leave req.body undefined when no parser matched', () =>
    withServe([json(), urlencoded()], async (s) => {
      expect((await post(s.port, 'image/png', 'x')).json).toEqual({ has: true, kind: 'undefined', body: null });
      expect((await send(s.port, { method: 'GET' })).json).toEqual({ has: true, kind: 'undefined', body: null });
    }));

  it('should let a later parser see the body an earlier one set, and skip the consumed stream', () => {
    const seen: unknown[] = [];
    return withServe([text({ type: '*/*' }), recordBodies(seen), json({ type: '*/*' })], async (s) => {
      const res = await post(s.port, 'application/json', '{"a":1}');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ has: true, kind: 'string', body: '{"a":1}' });
      expect(seen).toEqual(['{"a":1}']);
    });
  });

  it('should keep a req.body set before the parser when it does not parse', () => {
    const preset: Step = (req, _res, next) => {
      (req as IncomingMessage & { body?: unknown }).body = { preset: true };
      next();
    };
    return withServe([preset, json()], async (s) => {
      expect((await post(s.port, 'text/plain', 'x')).json).toEqual({ has: true, kind: 'object', body: { preset: true } });
      expect((await post(s.port, 'application/json', '{"a":1}')).json).toEqual({ has: true, kind: 'object', body: { a: 1 } });
    });
  });

  it("should not leak one request's body into the next one on the same connection", () =>
    withServe(json(), async (s) => {
      const a = await post(s.port, 'application/json', '{"first":true}');
      const b = await post(s.port, 'text/plain', '{"second":true}');
      expect(a.json.body).toEqual({ first: true });
      expect(b.json).toEqual({ has: true, kind: 'undefined', body: null });
    }));
});
