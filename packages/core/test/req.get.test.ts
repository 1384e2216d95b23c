import request from 'supertest';
import webfw from '@webfw/core';
import type { Request } from '@webfw/core';

function echo(fn: (req: Request) => unknown) {
  const app = webfw();
  app.use((req, res) => {
    let out: unknown;
    try {
      out = fn(req);
    } catch (err) {
      out = { error: `${(err as Error).name}: ${(err as Error).message}` };
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(out === undefined ? { undefined: true } : out));
  });
  return app;
}

describe('req.get() / req.header()', () => {
  it('should return a header case-insensitively', async () => {
    const res = await request(echo((req) => [req.get('Content-Type'), req.get('content-type'), req.header('CONTENT-TYPE')]))
      .post('/')
      .set('Content-Type', 'application/json')
      .send('{}');
    expect(res.body).toEqual(['application/json', 'application/json', 'application/json']);
  });

  it('should return undefined for a missing header', async () => {
    const res = await request(echo((req) => req.get('X-Missing'))).get('/');
    expect(res.body).toEqual({ undefined: true });
  });

  it('should treat Referer and Referrer as the same header', async () => {
    const app = echo((req) => [req.get('Referrer'), req.get('Referer'), req.header('referrer')]);
    expect((await request(app).get('/').set('Referer', 'http://a.example/')).body).toEqual(['http://a.example/', 'http://a.example/', 'http://a.example/']);
    expect((await request(app).get('/').set('Referrer', 'http://b.example/')).body).toEqual(['http://b.example/', 'http://b.example/', 'http://b.example/']);
  });

  it('should throw a TypeError without a name', async () => {
    const res = await request(echo((req) => (req.get as (n?: unknown) => unknown)())).get('/');
    expect(res.body).toEqual({ error: 'TypeError: name argument is required to req.get' });
  });

  it('should throw a TypeError for a non-string name', async () => {
    const res = await request(echo((req) => (req.get as (n?: unknown) => unknown)(42))).get('/');
    expect(res.body).toEqual({ error: 'TypeError: name must be a string to req.get' });
  });
});

describe('req.xhr', () => {
  it('should be true for X-Requested-With: XMLHttpRequest in any case', async () => {
    const app = echo((req) => req.xhr);
    expect((await request(app).get('/').set('X-Requested-With', 'XMLHttpRequest')).body).toBe(true);
    expect((await request(app).get('/').set('X-Requested-With', 'xmlhttprequest')).body).toBe(true);
  });

  it('should be false for another value or no header', async () => {
    const app = echo((req) => req.xhr);
    expect((await request(app).get('/').set('X-Requested-With', 'fetch')).body).toBe(false);
    expect((await request(app).get('/')).body).toBe(false);
  });
});

describe('req.is()', () => {
  it('should return the matching type for a body with that Content-Type', async () => {
    const app = echo((req) => [req.is('json'), req.is('application/json'), req.is('application/*'), req.is(['html', 'json']), req.is('html', 'json')]);
    const res = await request(app).post('/').set('Content-Type', 'application/json; charset=utf-8').send('{}');
    expect(res.body).toEqual(['json', 'application/json', 'application/json', 'json', 'json']);
  });

  it('should return false when the type does not match', async () => {
    const res = await request(echo((req) => req.is('html')))
      .post('/')
      .set('Content-Type', 'application/json')
      .send('{}');
    expect(res.body).toBe(false);
  });

  it('should return null without a body', async () => {
    const res = await request(echo((req) => req.is('json')))
      .get('/')
      .set('Content-Type', 'application/json');
    expect(res.body).toBeNull();
  });
});

describe('req.range()', () => {
  it('should parse a byte range', async () => {
    const app = echo((req) => {
      const r = req.range(100);
      return Array.isArray(r) ? { type: r.type, ranges: [...r] } : r;
    });
    const res = await request(app).get('/').set('Range', 'bytes=0-9,50-');
    expect(res.body).toEqual({
      type: 'bytes',
      ranges: [
        { start: 0, end: 9 },
        { start: 50, end: 99 },
      ],
    });
  });

  it('should combine overlapping and adjacent ranges with combine', async () => {
    const app = echo((req) => {
      const r = req.range(100, { combine: true });
      return Array.isArray(r) ? { type: r.type, ranges: [...r] } : r;
    });
    const res = await request(app).get('/').set('Range', 'bytes=0-4,5-9,8-20');
    expect(res.body).toEqual({ type: 'bytes', ranges: [{ start: 0, end: 20 }] });
  });

  it('should return -1 for an unsatisfiable range', async () => {
    const res = await request(echo((req) => req.range(10)))
      .get('/')
      .set('Range', 'bytes=50-60');
    expect(res.body).toBe(-1);
  });

  it('should return -2 for a malformed header', async () => {
    const res = await request(echo((req) => req.range(10)))
      .get('/')
      .set('Range', 'bytes=nope');
    expect(res.body).toBe(-2);
  });

  it('should return undefined without a Range header', async () => {
    const res = await request(echo((req) => req.range(10))).get('/');
    expect(res.body).toEqual({ undefined: true });
  });
});

describe('req.fresh / req.stale', () => {
  function cacheApp(status = 200) {
    const app = webfw();
    app.use((req, res) => {
      res.statusCode = status;
      res.setHeader('ETag', '"abc"');
      res.setHeader('Last-Modified', 'Tue, 01 Jan 2030 00:00:00 GMT');
      res.end(JSON.stringify([req.fresh, req.stale]));
    });
    return app;
  }

  it('should be fresh when If-None-Match matches the ETag', async () => {
    const res = await request(cacheApp()).get('/').set('If-None-Match', '"abc"');
    expect(res.text).toBe('[true,false]');
  });

  it('should be stale when If-None-Match differs', async () => {
    const res = await request(cacheApp()).get('/').set('If-None-Match', '"other"');
    expect(res.text).toBe('[false,true]');
  });

  it('should be fresh when unmodified since Last-Modified', async () => {
    const res = await request(cacheApp()).get('/').set('If-Modified-Since', 'Wed, 02 Jan 2030 00:00:00 GMT');
    expect(res.text).toBe('[true,false]');
  });

  it('should be stale without conditional headers', async () => {
    expect((await request(cacheApp()).get('/')).text).toBe('[false,true]');
  });

  it('should be stale for methods other than GET and HEAD', async () => {
    const res = await request(cacheApp()).post('/').set('If-None-Match', '"abc"');
    expect(res.text).toBe('[false,true]');
  });

  it('should be stale for a non-2xx, non-304 status', async () => {
    const res = await request(cacheApp(404)).get('/').set('If-None-Match', '"abc"');
    expect(res.text).toBe('[false,true]');
  });

  it('should be fresh for a 304 status', async () => {
    const app = webfw();
    app.use((req, res) => {
      res.setHeader('ETag', '"abc"');
      res.statusCode = 304;
      res.setHeader('X-Fresh', String(req.fresh));
      res.end();
    });
    const res = await request(app).get('/').set('If-None-Match', '"abc"');
    expect(res.status).toBe(304);
    expect(res.headers['x-fresh']).toBe('true');
  });
});
