import request from 'supertest';
import webfw from '@webfw/core';
import type { Application, QueryParserSetting } from '@webfw/core';

function queryApp(setting?: QueryParserSetting): Application {
  const app = webfw();
  if (setting !== undefined) app.set('query parser', setting);
  app.get('/', (req, res) => {
    const query = req.query as Record<string, unknown>;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ query, nullProto: Object.getPrototypeOf(query) === null, same: req.query === req.query }));
  });
  return app;
}

describe('query parser', () => {
  it("should use the simple parser by default ('simple')", async () => {
    const res = await request(queryApp()).get('/?a=1&a=2&b[c]=3&d=%20x');
    expect(res.body.query).toEqual({ a: ['1', '2'], 'b[c]': '3', d: ' x' });
  });

  it("should use the simple parser for 'simple' and true", async () => {
    for (const setting of ['simple', true] as const) {
      const res = await request(queryApp(setting)).get('/?b[c]=3');
      expect(res.body.query).toEqual({ 'b[c]': '3' });
    }
  });

  it("should nest keys with 'extended' (qs)", async () => {
    const res = await request(queryApp('extended')).get('/?a[b]=1&a[c]=2&d[]=x&d[]=y');
    expect(res.body.query).toEqual({ a: { b: '1', c: '2' }, d: ['x', 'y'] });
  });

  it('should give {} with false', async () => {
    const res = await request(queryApp(false)).get('/?a=1');
    expect(res.body.query).toEqual({});
  });

  it('should call a custom function with the raw query string', async () => {
    const seen: string[] = [];
    const app = queryApp((str: string) => {
      seen.push(str);
      return { raw: str };
    });
    const res = await request(app).get('/?a=1&b=%20');
    expect(res.body.query).toEqual({ raw: 'a=1&b=%20' });
    // one call per read of req.query (the handler reads it three times)
    expect(seen).toEqual(['a=1&b=%20', 'a=1&b=%20', 'a=1&b=%20']);
  });

  it('should give the custom function null without a query, as express does', async () => {
    const app = queryApp((str: string) => ({ raw: str }));
    const res = await request(app).get('/');
    expect(res.body.query).toEqual({ raw: null });
  });

  it('should give {} for a URL without query', async () => {
    const res = await request(queryApp()).get('/');
    expect(res.body.query).toEqual({});
  });

  it('should parse the query anew on every read, so a change to one read is not seen by the next', async () => {
    for (const setting of ['simple', 'extended'] as const) {
      const app = webfw();
      app.set('query parser', setting);
      app.use((req, _res, next) => {
        (req.query as Record<string, unknown>).x = 'changed';
        next();
      });
      app.get('/', (req, res) => res.json({ x: (req.query as Record<string, unknown>).x, same: req.query === req.query }));
      const res = await request(app).get('/?x=1');
      expect(res.body).toEqual({ x: '1', same: false });
    }
  });

  it('should reparse after req.url is rewritten', async () => {
    const app = webfw();
    app.use((req, _res, next) => {
      const before = (req.query as Record<string, string>).a;
      req.url = '/?a=rewritten';
      (req as unknown as { before: string | undefined }).before = before;
      next();
    });
    app.get('/', (req, res) => {
      res.end(`${(req as unknown as { before: string | undefined }).before} ${(req.query as Record<string, string>).a}`);
    });
    await request(app).get('/?a=original').expect(200, 'original rewritten');
  });

  it('should keep the query inside mounted middleware', async () => {
    const app = webfw();
    app.use('/mount', (req, res) => {
      res.end(`${req.url} ${JSON.stringify(req.query)}`);
    });
    await request(app).get('/mount/x?y=1').expect(200, '/x?y=1 {"y":"1"}');
  });

  it('should pass an error thrown by a custom parser to error handling', async () => {
    const app = queryApp(() => {
      throw Object.assign(new Error('bad query'), { status: 400 });
    });
    const res = await request(app).get('/?x');
    expect(res.status).toBe(400);
    expect(res.text).toContain('Error: bad query');
  });

  it('should store the compiled function as query parser fn', () => {
    const app = webfw();
    app.set('query parser', false);
    expect(app.get('query parser fn')).toBeUndefined();
    app.set('query parser', 'extended');
    expect(app.get('query parser fn')?.('a[b]=1')).toEqual({ a: { b: '1' } });
  });

  it('should throw a TypeError for an unknown value', () => {
    expect(() => webfw().set('query parser', 'bogus' as QueryParserSetting)).toThrow(new TypeError('unknown value for query parser function: bogus'));
  });

  describe('hostile queries', () => {
    it('should keep ?a[__proto__]=x away from Object.prototype with the simple parser', async () => {
      const res = await request(queryApp('simple')).get('/?a[__proto__]=x&__proto__=y&constructor[prototype][z]=1');
      expect(res.body.query).toEqual(
        Object.fromEntries([
          ['a[__proto__]', 'x'],
          ['__proto__', 'y'],
          ['constructor[prototype][z]', '1'],
        ]),
      );
      expect(res.body.nullProto).toBe(true);
      expect(({} as Record<string, unknown>).z).toBeUndefined();
    });

    it('should keep ?a[__proto__]=x away from Object.prototype with the extended parser', async () => {
      const app = webfw();
      app.set('query parser', 'extended');
      app.get('/', (req, res) => {
        const q = req.query as Record<string, Record<string, unknown>>;
        res.end(JSON.stringify({ q, protoIntact: Object.getPrototypeOf(q.a) === Object.prototype, x: ({} as Record<string, unknown>).x, ax: q.a?.x }));
      });
      const res = await request(app).get('/?a[__proto__]=x&a[b]=1&__proto__[x]=polluted&constructor[prototype][x]=polluted');
      expect(JSON.parse(res.text)).toEqual({ q: { a: { b: '1' }, constructor: { prototype: { x: 'polluted' } } }, protoIntact: true, ax: undefined });
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });

    it('should not let a polluting query leak into the next request', async () => {
      const app = queryApp('extended');
      await request(app).get('/?__proto__[admin]=1&a[__proto__][admin]=1');
      const res = await request(app).get('/?b=1');
      expect(res.body.query).toEqual({ b: '1' });
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });

    it('should cap a huge simple query at 1000 keys', async () => {
      const qs = Array.from({ length: 1500 }, (_, i) => `k${i}=v`).join('&');
      const res = await request(queryApp()).get(`/?${qs}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.query)).toHaveLength(1000);
    });

    it('should cap a huge extended query at 1000 parameters and 20 array items', async () => {
      const qs = Array.from({ length: 1500 }, (_, i) => `k${i}=v`).join('&');
      const res = await request(queryApp('extended')).get(`/?${qs}&a[50]=x`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.query)).toHaveLength(1000);
      const big = await request(queryApp('extended')).get('/?a[50]=x');
      expect(big.body.query).toEqual({ a: { 50: 'x' } });
    });

    it('should answer 431 for a query past the header size limit without crashing', async () => {
      const app = queryApp('extended');
      const res = await request(app).get(`/?a=${'x'.repeat(20000)}`);
      expect(res.status).toBe(431);
      const after = await request(app).get('/?ok=1');
      expect(after.body.query).toEqual({ ok: '1' });
    });

    it('should parse a long (8 KB) query value', async () => {
      const res = await request(queryApp('extended')).get(`/?a=${'x'.repeat(8000)}`);
      expect(res.status).toBe(200);
      expect(res.body.query.a).toHaveLength(8000);
    });

    it('should keep malformed percent-encoding as text under both parsers', async () => {
      const simple = await request(queryApp('simple')).get('/?a=%E0%A4%A&b=%zz&%=1');
      expect(simple.status).toBe(200);
      expect(simple.body.query).toEqual({ a: '\ufffd%A', b: '%zz', '%': '1' });
      const extended = await request(queryApp('extended')).get('/?a=%E0%A4%A&b=%zz&%=1');
      expect(extended.status).toBe(200);
      expect(extended.body.query).toEqual({ a: '%E0%A4%A', b: '%zz', '%': '1' });
    });

    it('should limit extended nesting depth to 5 levels', async () => {
      const res = await request(queryApp('extended')).get('/?a[b][c][d][e][f][g][h]=1');
      expect(res.body.query).toEqual({ a: { b: { c: { d: { e: { f: { '[g][h]': '1' } } } } } } });
    });
  });
});
