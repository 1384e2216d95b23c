import request from 'supertest';
import webfw from '@webfw/core';
import type { Application } from '@webfw/core';

function jsonApp(configure: (app: Application) => void): Application {
  const app = webfw();
  configure(app);
  app.get('/', (_req, res) => {
    res.json({ a: 1, html: '<b>&</b>', secret: 's' });
  });
  app.get('/p', (_req, res) => {
    res.jsonp({ a: 1 });
  });
  return app;
}

describe('json settings', () => {
  it('should send compact JSON by default', async () => {
    const res = await request(jsonApp(() => undefined)).get('/');
    expect(res.text).toBe('{"a":1,"html":"<b>&</b>","secret":"s"}');
  });

  it('should indent with json spaces', async () => {
    const res = await request(jsonApp((app) => app.set('json spaces', 2))).get('/');
    expect(res.text).toBe('{\n  "a": 1,\n  "html": "<b>&</b>",\n  "secret": "s"\n}');
  });

  it('should apply json replacer', async () => {
    const res = await request(jsonApp((app) => app.set('json replacer', (key: string, value: unknown) => (key === 'secret' ? undefined : value)))).get('/');
    expect(res.text).toBe('{"a":1,"html":"<b>&</b>"}');
  });

  it('should escape <, > and & with json escape', async () => {
    const res = await request(jsonApp((app) => app.enable('json escape'))).get('/');
    expect(res.text).toBe('{"a":1,"html":"\\u003cb\\u003e\\u0026\\u003c/b\\u003e","secret":"s"}');
  });

  it('should read the JSONP callback from the jsonp callback name parameter', async () => {
    const app = jsonApp((a) => a.set('jsonp callback name', 'cb'));
    const res = await request(app).get('/p?cb=handle');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.text).toBe('/**/ typeof handle === \'function\' && handle({"a":1});');
    const ignored = await request(app).get('/p?callback=handle');
    expect(ignored.text).toBe('{"a":1}');
  });

  it('should apply the json settings a sub-app inherits', async () => {
    const parent = webfw();
    parent.set('json spaces', 1);
    const child = webfw();
    child.get('/', (_req, res) => {
      res.json({ a: 1 });
    });
    parent.use('/child', child);
    await request(parent).get('/child').expect(200, '{\n "a": 1\n}');
  });
});
