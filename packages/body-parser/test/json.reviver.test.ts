import { json } from '@webfw/body-parser';
import { httpError, post, withServe } from './support/helpers';

describe('json({ reviver })', () => {
  it('should pass the reviver to JSON.parse', async () => {
    const seen: string[] = [];
    const parser = json({
      reviver(key, value) {
        seen.push(key);
        return typeof value === 'number' ? value * 10 : value;
      },
    });
    await withServe(parser, async (s) => {
      const res = await post(s.port, 'application/json', '{"a":1,"b":[2,{"c":3}]}');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: 10, b: [20, { c: 30 }] } });
      expect(seen).toEqual(['a', '0', 'c', '1', 'b', '']);
    });
  });

  it('should let a reviver drop keys by returning undefined', async () => {
    await withServe(json({ reviver: (key, value) => (key === 'secret' ? undefined : value) }), async (s) => {
      const res = await post(s.port, 'application/json', '{"secret":"x","kept":"y"}');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { kept: 'y' } });
    });
  });

  it('should 400 entity.parse.failed with the error a reviver throws', async () => {
    const parser = json({
      reviver(key, value) {
        if (key === 'bad') throw new TypeError('bad key');
        return value;
      },
    });
    await withServe(parser, async (s) => {
      const res = await post(s.port, 'application/json', '{"bad":1}');
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: httpError(400, 'TypeError', 'bad key', { type: 'entity.parse.failed', body: '{"bad":1}' }) });
    });
  });
});
