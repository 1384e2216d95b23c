import request from 'supertest';
import webfw from '@webfw/core';
import type { Response } from '@webfw/core';

describe('res.json() and a replaced res.send', () => {
  it('should go through a res.send replaced on app.response', async () => {
    const app = webfw();
    const original = app.response.send;
    app.response.send = function send(this: Response, body?: unknown) {
      this.setHeader('X-Sent-Through', typeof body);
      return original.call(this, body);
    } as Response['send'];
    app.get('/', (_req, res) => res.json({ a: 1 }));
    await request(app).get('/').expect('X-Sent-Through', 'string').expect('Content-Type', 'application/json; charset=utf-8').expect(200, { a: 1 });
  });

  it('should keep a Content-Type set before res.json, with charset utf-8', async () => {
    const app = webfw();
    app.get('/', (_req, res) => res.type('application/vnd.api+json').json({ a: 1 }));
    const res = await request(app).get('/').expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.api+json; charset=utf-8');
    expect(res.text).toBe('{"a":1}');
  });

  it('should send no body and no Content-Length for res.json(undefined)', async () => {
    const app = webfw();
    app.get('/', (_req, res) => res.json(undefined));
    const res = await request(app).get('/').expect(200);
    expect(res.text).toBe('');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
