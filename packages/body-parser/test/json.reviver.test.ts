import { json } from '@webfw/body-parser';
import { post, serve } from './helpers';

describe('json({ reviver })', () => {
  it('should pass the reviver to JSON.parse', async () => {
    const seen: string[] = [];
    const s = await serve(
      json({
        reviver(key, value) {
          seen.push(key);
          return typeof value === 'number' ? value * 10 : value;
        },
      }),
    );
    try {
      const res = await post(s.port, 'application/json', '{"a":1,"b":[2,{"c":3}]}');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ has: true, kind: 'object', body: { a: 10, b: [20, { c: 30 }] } });
      expect(seen).toEqual(['a', '0', 'c', '1', 'b', '']);
    } finally {
      await s.close();
    }
  });

  it('should let a reviver drop keys by returning undefined', async () => {
    const s = await serve(json({ reviver: (key, value) => (key === 'secret' ? undefined : value) }));
    try {
      const res = await post(s.port, 'application/json', '{"secret":"x","kept":"y"}');
      expect(res.json).toEqual({ has: true, kind: 'object', body: { kept: 'y' } });
    } finally {
      await s.close();
    }
  });

  it('should 400 entity.parse.failed with the error a reviver throws', async () => {
    const s = await serve(
      json({
        reviver(key, value) {
          if (key === 'bad') throw new TypeError('bad key');
          return value;
        },
      }),
    );
    try {
      const res = await post(s.port, 'application/json', '{"bad":1}');
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        error: { name: 'TypeError', message: 'bad key', status: 400, statusCode: 400, expose: true, type: 'entity.parse.failed', body: '{"bad":1}' },
      });
    } finally {
      await s.close();
    }
  });
});
