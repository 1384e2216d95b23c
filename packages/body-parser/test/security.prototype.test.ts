import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, urlencoded } from '@webfw/body-parser';
import { post, serveAll } from './support/helpers';

/** Answers with what the parsed body looks like from the inside, and whether anything leaked. */
function inspect(req: IncomingMessage, res: ServerResponse): void {
  const body = (req as IncomingMessage & { body?: Record<string, unknown> }).body as Record<string, unknown>;
  const probe: Record<string, unknown> = {};
  const payload = JSON.stringify({
    ownKeys: Object.getOwnPropertyNames(body),
    protoIsObject: Object.getPrototypeOf(body) === Object.prototype,
    polluted: (probe as { polluted?: unknown }).polluted ?? null,
    objectPrototypeKeys: Object.getOwnPropertyNames(Object.prototype).filter((k) => k === 'polluted' || k === 'x'),
    body,
  });
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(payload);
}

const HOSTILE_FORM = '__proto__[polluted]=1&constructor[prototype][polluted]=2&prototype=3&a[__proto__][polluted]=4&__proto__=5&toString=6&hasOwnProperty=7';

describe('prototype pollution', () => {
  afterEach(() => {
    // a leak would have to be undone for the other tests; assert there is none
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  describe('json()', () => {
    const s = serveAll(json(), inspect);

    it('should keep "__proto__" as a plain own property and never set the prototype', async () => {
      const res = await post(s.port, 'application/json', '{"__proto__":{"polluted":"yes"},"a":1}');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        ownKeys: ['__proto__', 'a'],
        protoIsObject: true,
        polluted: null,
        objectPrototypeKeys: [],
        body: { ['__proto__']: { polluted: 'yes' }, a: 1 },
      });
    });

    it('should keep "constructor" and "prototype" as plain data', async () => {
      const res = await post(s.port, 'application/json', '{"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"x":1}}');
      expect(res.json).toEqual({
        ownKeys: ['constructor', 'prototype'],
        protoIsObject: true,
        polluted: null,
        objectPrototypeKeys: [],
        body: { constructor: { prototype: { polluted: 'yes' } }, prototype: { x: 1 } },
      });
    });

    it('should not pollute through nested "__proto__" keys', async () => {
      const res = await post(s.port, 'application/json', '{"a":{"__proto__":{"polluted":"yes"}},"b":[{"__proto__":{"x":1}}]}');
      expect(res.json).toMatchObject({ polluted: null, objectPrototypeKeys: [], protoIsObject: true });
    });
  });

  describe.each([false, true])('urlencoded({ extended: %s })', (extended) => {
    const s = serveAll(urlencoded({ extended }), inspect);

    it('should drop "__proto__" keys and keep the others as own data', async () => {
      const res = await post(s.port, 'application/x-www-form-urlencoded', HOSTILE_FORM);
      expect(res.status).toBe(200);
      const expected: { ownKeys: string[]; body: Record<string, unknown> } = extended
        ? {
            ownKeys: ['constructor', 'prototype', 'a', 'toString', 'hasOwnProperty'],
            body: { constructor: { prototype: { polluted: '2' } }, prototype: '3', a: {}, toString: '6', hasOwnProperty: '7' },
          }
        : {
            ownKeys: ['__proto__[polluted]', 'constructor[prototype][polluted]', 'prototype', 'a[__proto__][polluted]', 'toString', 'hasOwnProperty'],
            body: {
              '__proto__[polluted]': '1',
              'constructor[prototype][polluted]': '2',
              prototype: '3',
              'a[__proto__][polluted]': '4',
              toString: '6',
              hasOwnProperty: '7',
            },
          };
      expect(res.json).toEqual({ ...expected, protoIsObject: true, polluted: null, objectPrototypeKeys: [] });
    });

    it('should drop a percent-encoded "__proto__" key', async () => {
      const res = await post(s.port, 'application/x-www-form-urlencoded', '%5F%5Fproto%5F%5F=1&__proto%5F_=2&ok=3');
      expect(res.json).toEqual({ ownKeys: ['ok'], protoIsObject: true, polluted: null, objectPrototypeKeys: [], body: { ok: '3' } });
    });
  });
});
