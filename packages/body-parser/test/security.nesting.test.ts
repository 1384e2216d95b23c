import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, urlencoded } from '@webfw/body-parser';
import { depthExceeded, post, withServe } from './support/helpers';

/** Answers with the nesting depth of req.body (measured without recursion). */
function depthOf(req: IncomingMessage, res: ServerResponse): void {
  let node = (req as IncomingMessage & { body?: unknown }).body;
  let depth = 0;
  while (Array.isArray(node)) {
    depth++;
    node = node[0];
  }
  res.end(String(depth));
}

describe('deep nesting', () => {
  it('should parse deeply nested JSON without crashing the process', () =>
    withServe([json({ limit: '1mb' }), depthOf], async (s) => {
      const depth = 100_000;
      const res = await post(s.port, 'application/json', '['.repeat(depth) + ']'.repeat(depth));
      expect(res.status).toBe(200);
      expect(res.text).toBe('100000');
    }));

  it('should 400 extended urlencoded input far deeper than depth', () =>
    withServe(urlencoded({ extended: true }), async (s) => {
      const body = `a${'[b]'.repeat(5000)}=1`;
      const res = await post(s.port, 'application/x-www-form-urlencoded', body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: depthExceeded(body) });
    }));

  it('should keep deep brackets as one flat key without extended', () =>
    withServe(urlencoded(), async (s) => {
      const key = `a${'[b]'.repeat(5000)}`;
      const res = await post(s.port, 'application/x-www-form-urlencoded', `${key}=1`);
      expect(res.status).toBe(200);
      expect(res.json.body).toEqual({ [key]: '1' });
    }));

  it('should not build a huge sparse array from a big index', () =>
    withServe(urlencoded({ extended: true }), async (s) => {
      const res = await post(s.port, 'application/x-www-form-urlencoded', 'a[999999999]=x');
      expect(res.json.body).toEqual({ a: { '999999999': 'x' } });
    }));
});
