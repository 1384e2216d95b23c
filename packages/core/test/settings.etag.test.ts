import request from 'supertest';
import webfw from '@webfw/core';
import type { Application, ETagSetting } from '@webfw/core';

function sendApp(setting?: ETagSetting): Application {
  const app = webfw();
  if (setting !== undefined) app.set('etag', setting);
  app.get('/', (_req, res) => {
    res.send('hello');
  });
  return app;
}

describe('etag setting', () => {
  it('should send a weak ETag by default', async () => {
    const res = await request(sendApp()).get('/');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"');
  });

  it("should send a weak ETag for true and 'weak'", async () => {
    for (const setting of [true, 'weak'] as const) {
      const res = await request(sendApp(setting)).get('/');
      expect(res.headers.etag).toBe('W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"');
    }
  });

  it("should send a strong ETag for 'strong'", async () => {
    const res = await request(sendApp('strong')).get('/');
    expect(res.headers.etag).toBe('"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"');
  });

  it('should send no ETag for false', async () => {
    const res = await request(sendApp(false)).get('/');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeUndefined();
  });

  it('should call a custom function with the body as a Buffer', async () => {
    const calls: [boolean, string, string | undefined][] = [];
    const res = await request(
      sendApp((body, encoding) => {
        calls.push([Buffer.isBuffer(body), body.toString(), encoding]);
        return '"custom"';
      }),
    ).get('/');
    expect(res.headers.etag).toBe('"custom"');
    expect(calls).toEqual([[true, 'hello', undefined]]);
  });

  it('should answer 304 when If-None-Match matches', async () => {
    const res = await request(sendApp()).get('/').set('If-None-Match', 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"');
    expect(res.status).toBe(304);
    expect(res.text).toBe('');
  });

  it('should store the generator as etag fn', () => {
    const app = webfw();
    expect(app.get('etag fn')?.('')).toBe('W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"');
    app.set('etag', 'strong');
    expect(app.get('etag fn')?.(Buffer.from('hello'))).toBe('"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"');
    app.disable('etag');
    expect(app.get('etag fn')).toBeUndefined();
  });

  it('should throw a TypeError for an unknown value', () => {
    expect(() => webfw().set('etag', 'bogus' as ETagSetting)).toThrow(new TypeError('unknown value for etag function: bogus'));
  });
});
