import request from 'supertest';
import webfw from '@webfw/core';
import type { Application } from '@webfw/core';

function echo(configure: (app: Application) => void): Application {
  const app = webfw();
  configure(app);
  app.post('/', (req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ body: req.body === undefined ? 'undefined' : req.body, isBuffer: Buffer.isBuffer(req.body) }));
  });
  return app;
}

describe('webfw.json / raw / text / urlencoded', () => {
  it('should parse JSON with webfw.json()', async () => {
    const app = echo((a) => a.use(webfw.json()));
    const res = await request(app).post('/').send({ a: 1 });
    expect(res.body).toEqual({ body: { a: 1 }, isBuffer: false });
  });

  it('should leave req.body undefined when nothing was parsed (5.x)', async () => {
    const app = echo((a) => a.use(webfw.json()));
    const res = await request(app).post('/').set('Content-Type', 'text/plain').send('hi');
    expect(res.body).toEqual({ body: 'undefined', isBuffer: false });
  });

  it('should leave req.body undefined when there is no body', async () => {
    const app = echo((a) => a.use(webfw.json(), webfw.urlencoded()));
    const res = await request(app).post('/');
    expect(res.body).toEqual({ body: 'undefined', isBuffer: false });
  });

  it('should parse urlencoded bodies with extended false by default (no nesting)', async () => {
    const app = echo((a) => a.use(webfw.urlencoded()));
    const res = await request(app).post('/').type('form').send('a[b]=c&d=e');
    expect(res.body).toEqual({ body: { 'a[b]': 'c', d: 'e' }, isBuffer: false });
  });

  it('should nest urlencoded keys with extended true', async () => {
    const app = echo((a) => a.use(webfw.urlencoded({ extended: true })));
    const res = await request(app).post('/').type('form').send('a[b]=c');
    expect(res.body).toEqual({ body: { a: { b: 'c' } }, isBuffer: false });
  });

  it('should give a Buffer with webfw.raw()', async () => {
    const app = echo((a) => a.use(webfw.raw()));
    const res = await request(app).post('/').set('Content-Type', 'application/octet-stream').send(Buffer.from('abc'));
    expect(res.body).toEqual({ body: { type: 'Buffer', data: [97, 98, 99] }, isBuffer: true });
  });

  it('should give a string with webfw.text()', async () => {
    const app = echo((a) => a.use(webfw.text()));
    const res = await request(app).post('/').set('Content-Type', 'text/plain').send('hello');
    expect(res.body).toEqual({ body: 'hello', isBuffer: false });
  });

  it('should pass a 400 to the final handler for invalid JSON', async () => {
    const app = echo((a) => a.use(webfw.json()));
    const res = await request(app).post('/').set('Content-Type', 'application/json').send('{"a":');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
