import request from 'supertest';
import { appFor } from './res-support';

describe('res.set(field, value)', () => {
  it('should set a header and be chainable', async () => {
    const app = appFor((_req, res) => {
      res.set('X-Answer', '42').end();
    });
    await request(app).get('/').expect('X-Answer', '42').expect(200);
  });

  it('should stringify numbers', async () => {
    const app = appFor((_req, res) => {
      res.set('X-Count', 5);
      res.json(typeof res.get('X-Count'));
    });
    await request(app).get('/').expect('X-Count', '5').expect(200, '"string"');
  });

  it('should send an array as several header lines', async () => {
    const app = appFor((_req, res) => {
      res.set('X-List', ['a', 1]).end();
    });
    const res = await request(app).get('/').expect(200);
    expect(res.headers['x-list']).toBe('a, 1');
  });

  it('should add the charset to a text Content-Type', async () => {
    const app = appFor((_req, res) => {
      res.set('Content-Type', 'text/plain').end('x');
    });
    await request(app).get('/').expect('Content-Type', 'text/plain; charset=utf-8').expect(200, 'x');
  });

  it('should keep an explicit charset', async () => {
    const app = appFor((_req, res) => {
      res.set('Content-Type', 'text/html; charset=iso-8859-1').end('x');
    });
    await request(app).get('/').expect('Content-Type', 'text/html; charset=iso-8859-1');
  });

  it('should leave a non-text Content-Type alone', async () => {
    const app = appFor((_req, res) => {
      res.set('Content-Type', 'image/png').end();
    });
    await request(app).get('/').expect('Content-Type', 'image/png');
  });

  it('should throw a TypeError for an array Content-Type', async () => {
    const app = appFor((_req, res) => {
      res.set('Content-Type', ['text/plain', 'text/html']).end();
    });
    await request(app).get('/').expect(500, { name: 'TypeError', message: 'Content-Type cannot be set to an Array' });
  });

  it('should be aliased as res.header', async () => {
    const app = appFor((_req, res) => {
      res.header('X-Alias', 'yes').end();
    });
    await request(app).get('/').expect('X-Alias', 'yes');
  });
});

describe('res.set(object)', () => {
  it('should set every field, Content-Type with its charset', async () => {
    const app = appFor((_req, res) => {
      res.set({ 'X-A': '1', 'Content-Type': 'text/css', 'X-B': ['b', 'c'] }).end();
    });
    const res = await request(app).get('/').expect(200);
    expect(res.headers['x-a']).toBe('1');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['x-b']).toBe('b, c');
  });
});

describe('res.get(field)', () => {
  it('should return a header case-insensitively', async () => {
    const app = appFor((_req, res) => {
      res.setHeader('X-Custom', 'value');
      res.json({ lower: res.get('x-custom'), upper: res.get('X-CUSTOM'), missing: res.get('X-None') ?? null });
    });
    await request(app).get('/').expect(200, { lower: 'value', upper: 'value', missing: null });
  });
});

describe('res.append(field, value)', () => {
  it('should create the header when unset', async () => {
    const app = appFor((_req, res) => {
      res.append('Link', '<http://localhost/>').end();
    });
    await request(app).get('/').expect('Link', '<http://localhost/>');
  });

  it('should add values and arrays after the existing ones', async () => {
    const app = appFor((_req, res) => {
      res.append('X-L', 'a').append('X-L', ['b', 'c']).append('X-L', 'd');
      res.json(res.get('X-L'));
    });
    await request(app).get('/').expect(200, ['a', 'b', 'c', 'd']);
  });

  it('should send several Set-Cookie lines', async () => {
    const app = appFor((_req, res) => {
      res.append('Set-Cookie', 'a=1').append('Set-Cookie', 'b=2').end();
    });
    const res = await request(app).get('/').expect(200);
    expect(res.headers['set-cookie']).toEqual(['a=1', 'b=2']);
  });

  it('should be reset by a later res.set', async () => {
    const app = appFor((_req, res) => {
      res.append('X-L', 'a').set('X-L', 'b').append('X-L', 'c').end();
    });
    const res = await request(app).get('/').expect(200);
    expect(res.headers['x-l']).toBe('b, c');
  });

  it('should keep a cookie set by res.cookie', async () => {
    const app = appFor((_req, res) => {
      res.cookie('first', '1').append('Set-Cookie', 'second=2').end();
    });
    const res = await request(app).get('/').expect(200);
    expect(res.headers['set-cookie']).toEqual(['first=1; Path=/', 'second=2']);
  });
});

describe('header injection', () => {
  it('should refuse CR/LF in a value given to res.set', async () => {
    const app = appFor((req, res) => {
      res.set('X-Echo', req.query.v as string).end('not reached');
    });
    const res = await request(app)
      .get('/?v=' + encodeURIComponent('ok\r\nSet-Cookie: admin=1'))
      .expect(500);
    expect(res.body).toEqual({ name: 'TypeError', message: 'Invalid character in header content ["X-Echo"]', code: 'ERR_INVALID_CHAR' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-echo']).toBeUndefined();
  });

  it('should refuse CR/LF in a value given to res.append', async () => {
    const app = appFor((req, res) => {
      res.append('X-Echo', req.query.v as string).end('not reached');
    });
    const res = await request(app)
      .get('/?v=' + encodeURIComponent('a\nX-Injected: 1'))
      .expect(500);
    expect(res.body.code).toBe('ERR_INVALID_CHAR');
    expect(res.headers['x-injected']).toBeUndefined();
  });

  it('should refuse an invalid header name', async () => {
    const app = appFor((_req, res) => {
      res.set('X Bad: y', '1').end('not reached');
    });
    const res = await request(app).get('/').expect(500);
    expect(res.body).toEqual({ name: 'TypeError', message: 'Header name must be a valid HTTP token ["X Bad: y"]', code: 'ERR_INVALID_HTTP_TOKEN' });
  });
});
