import request from 'supertest';
import webfw from '@webfw/core';
import type { Request } from '@webfw/core';

function echo(fn: (req: Request) => unknown) {
  const app = webfw();
  app.use((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(fn(req)));
  });
  return app;
}

describe('req.accepts()', () => {
  it('should return the best type as given (extension or MIME)', async () => {
    const app = echo((req) => [req.accepts('html'), req.accepts('text/html'), req.accepts('json'), req.accepts(['json', 'html']), req.accepts('json', 'html')]);
    const res = await request(app).get('/').set('Accept', 'text/html;q=0.9, application/json');
    expect(res.body).toEqual(['html', 'text/html', 'json', 'json', 'json']);
  });

  it('should return false when nothing is acceptable', async () => {
    const res = await request(echo((req) => req.accepts(['json', 'png'])))
      .get('/')
      .set('Accept', 'text/html');
    expect(res.body).toBe(false);
  });

  it('should return the first type without an Accept header', async () => {
    const res = await request(echo((req) => req.accepts(['json', 'html']))).get('/');
    expect(res.body).toBe('json');
  });

  it('should list every accepted type by preference without arguments', async () => {
    const app = echo((req) => req.accepts());
    expect((await request(app).get('/').set('Accept', 'text/plain;q=0.5, application/json, text/html;q=0.8')).body).toEqual([
      'application/json',
      'text/html',
      'text/plain',
    ]);
    expect((await request(app).get('/')).body).toEqual(['*/*']);
  });

  it('should match wildcards', async () => {
    const res = await request(echo((req) => [req.accepts('png'), req.accepts('json')]))
      .get('/')
      .set('Accept', 'image/*');
    expect(res.body).toEqual(['png', false]);
  });

  it('should ignore unknown extensions', async () => {
    const res = await request(echo((req) => req.accepts(['nosuchext', 'json'])))
      .get('/')
      .set('Accept', '*/*');
    expect(res.body).toBe('json');
  });

  it('should handle an Accept header with hundreds of entries', async () => {
    const entries = Array.from({ length: 500 }, (_, i) => `application/x-type-${i};q=0.${(i % 9) + 1}`);
    entries.push('application/json;q=1');
    const started = Date.now();
    const res = await request(echo((req) => [req.accepts(['html', 'json']), req.accepts().length]))
      .get('/')
      .set('Accept', entries.join(', '));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(['json', 501]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('req.acceptsEncodings()', () => {
  it('should return the first accepted encoding', async () => {
    const app = echo((req) => [req.acceptsEncodings('gzip'), req.acceptsEncodings(['br', 'gzip']), req.acceptsEncodings('deflate')]);
    const res = await request(app).get('/').set('Accept-Encoding', 'gzip, br;q=0.5');
    expect(res.body).toEqual(['gzip', 'gzip', false]);
  });

  it('should list the accepted encodings (identity included) without arguments', async () => {
    const app = echo((req) => req.acceptsEncodings());
    expect((await request(app).get('/').set('Accept-Encoding', 'br')).body).toEqual(['br', 'identity']);
  });
});

describe('req.acceptsCharsets()', () => {
  it('should return the first accepted charset or false', async () => {
    const app = echo((req) => [req.acceptsCharsets('utf-8'), req.acceptsCharsets('iso-8859-1', 'utf-8'), req.acceptsCharsets(['ascii'])]);
    const res = await request(app).get('/').set('Accept-Charset', 'utf-8, iso-8859-1;q=0.2');
    expect(res.body).toEqual(['utf-8', 'utf-8', false]);
  });

  it('should accept any charset without the header', async () => {
    const app = echo((req) => [req.acceptsCharsets('utf-8'), req.acceptsCharsets()]);
    expect((await request(app).get('/')).body).toEqual(['utf-8', ['*']]);
  });
});

describe('req.acceptsLanguages()', () => {
  it('should return the first accepted language or false', async () => {
    const app = echo((req) => [req.acceptsLanguages('fr'), req.acceptsLanguages(['es', 'en']), req.acceptsLanguages('de')]);
    const res = await request(app).get('/').set('Accept-Language', 'en-US, en;q=0.8, fr;q=0.5');
    expect(res.body).toEqual(['fr', 'en', false]);
  });

  it('should list every language of the header without arguments', async () => {
    const app = echo((req) => req.acceptsLanguages());
    expect((await request(app).get('/').set('Accept-Language', 'fr;q=0.5, en-GB')).body).toEqual(['en-GB', 'fr']);
    expect((await request(app).get('/')).body).toEqual(['*']);
  });
});
