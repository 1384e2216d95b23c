import { PassThrough } from 'node:stream';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { Application } from '@webfw/core';
import './support/built-packages';

interface DemoStore {
  kind: string;
  notes: unknown;
  sessionStore: unknown;
  createRateLimitStore: () => unknown;
  isUnavailable: (err: unknown) => boolean;
}
interface DemoOptions {
  log?: boolean;
  logStream?: NodeJS.WritableStream;
  secret?: string;
  store?: DemoStore;
  trustProxy?: boolean | number | string;
  rateLimit?: { limit?: number; windowMs?: number };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createApp } = require('./app') as { createApp: (options?: DemoOptions) => Application };

const quiet = (): Application => createApp({ log: false });

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
function cookiesOf(res: request.Response): string {
  const lines = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return lines.map((line) => line.split(';')[0]).join('; ');
}

describe('demo: HTML pages (ejs views)', () => {
  it('should render the home page with the notes and the form', async () => {
    const res = await request(quiet()).get('/').expect('Content-Type', 'text/html; charset=utf-8').expect(200);
    expect(res.text).toContain('<h1>webfw demo</h1>');
    expect(res.text).toContain('<title>Notes · webfw demo</title>');
    expect(res.text).toContain('No notes yet');
    expect(res.text).toContain('<form method="post" action="/notes">');
  });

  it('should add a note posted from the urlencoded form and redirect with 303', async () => {
    const app = quiet();
    await request(app)
      .post('/notes')
      .type('form')
      .send({ text: 'buy milk', author: 'tobi' })
      .expect('Location', '/')
      .expect(303, 'See Other. Redirecting to /');
    const page = await request(app).get('/').expect(200);
    expect(page.text).toContain('<li id="note-1"><strong>tobi</strong>: buy milk</li>');
  });

  it('should re-render the form with 422 and the errors when the note is invalid', async () => {
    const app = quiet();
    const res = await request(app)
      .post('/notes')
      .type('form')
      .send({ text: '   ', author: 'x'.repeat(41) })
      .expect(422);
    expect(res.text).toContain('<li>text is required</li>');
    expect(res.text).toContain('<li>author must be at most 40 characters</li>');
    expect(res.text).toContain(`value="${'x'.repeat(41)}"`);
    await request(app).get('/api/notes').expect(200, []);
  });

  it('should escape notes so a script cannot run', async () => {
    const app = quiet();
    await request(app).post('/notes').type('form').send({ text: '<script>alert(1)</script>', author: '"><img src=x onerror=alert(1)>' }).expect(303);
    const page = await request(app).get('/').expect(200);
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&#34;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  it('should answer 413 to an oversized form', async () => {
    await request(quiet())
      .post('/notes')
      .type('form')
      .send(`text=${'a'.repeat(11 * 1024)}`)
      .set('Accept', 'application/json')
      .expect(413, { error: { status: 413, message: 'request entity too large' } });
  });
});

describe('demo: cookies', () => {
  it('should count visits in a signed, httpOnly cookie', async () => {
    const app = quiet();
    const first = await request(app).get('/').expect(200);
    const [visits] = first.headers['set-cookie'] as unknown as string[];
    expect(visits).toMatch(/^visits=s%3A1\.[\w%]+; Max-Age=31536000; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/);
    expect(first.text).toContain('Visit number 1 ');
    const second = await request(app).get('/').set('Cookie', cookiesOf(first)).expect(200);
    expect(second.text).toContain('Visit number 2 ');
  });

  it('should start again from 1 when the signed cookie was tampered with', async () => {
    const app = quiet();
    const first = await request(app).get('/').expect(200);
    const forged = cookiesOf(first).replace('s%3A1.', 's%3A99.');
    const res = await request(app).get('/').set('Cookie', forged).expect(200);
    expect(res.text).toContain('Visit number 1 ');
  });

  it('should set the theme cookie from the form and use it', async () => {
    const app = quiet();
    const set = await request(app).post('/theme').type('form').send({ theme: 'dark' }).expect('Location', '/').expect(303);
    expect((set.headers['set-cookie'] as unknown as string[])[0]).toMatch(/^theme=dark; Max-Age=31536000; Path=\/; Expires=.+; SameSite=Lax$/);
    const page = await request(app).get('/').set('Cookie', cookiesOf(set)).expect(200);
    expect(page.text).toContain('<body class="theme-dark">');
  });

  it('should refuse an unknown theme with a 400 page and ignore a forged theme cookie', async () => {
    const app = quiet();
    const res = await request(app).post('/theme').type('form').send({ theme: 'neon"><script>' }).expect(400);
    expect(res.text).toContain('<p>theme must be one of light, dark</p>');
    const page = await request(app).get('/').set('Cookie', 'theme=%22%3E%3Cscript%3E').expect(200);
    expect(page.text).toContain('<body class="theme-light">');
  });
});

describe('demo: JSON API (router, json parser, params)', () => {
  it('should create, list, read and delete notes', async () => {
    const app = quiet();
    const created = await request(app)
      .post('/api/notes')
      .send({ text: ' hello ', author: 'ann' })
      .expect('Content-Type', 'application/json; charset=utf-8')
      .expect('Location', '/api/notes/1')
      .expect(201);
    expect(created.body).toMatchObject({ id: 1, text: 'hello', author: 'ann' });
    await request(app).get('/api/notes').expect(200, [created.body]);
    await request(app).get('/api/notes/1').expect(200, created.body);
    await request(app).delete('/api/notes/1').expect(204, '');
    await request(app)
      .get('/api/notes/1')
      .expect(404, { error: { status: 404, message: 'note 1 not found' } });
  });

  it('should answer 422 with the invalid fields', async () => {
    await request(quiet())
      .post('/api/notes')
      .send({ text: 'x'.repeat(201), author: 7 })
      .expect(422, {
        error: { status: 422, message: 'validation failed', fields: { text: 'text must be at most 200 characters', author: 'author must be a string' } },
      });
  });

  it('should answer 422 for a body that is not an object', async () => {
    await request(quiet())
      .post('/api/notes')
      .send(['text'])
      .expect(422, { error: { status: 422, message: 'validation failed', fields: { body: 'expected an object with a "text" field' } } });
  });

  it('should answer 400 with the parser error type for malformed JSON', async () => {
    const res = await request(quiet()).post('/api/notes').set('Content-Type', 'application/json').send('{"text": ').expect(400);
    expect(res.body.error).toMatchObject({ status: 400, type: 'entity.parse.failed' });
  });

  it('should not let __proto__ in a body reach Object.prototype', async () => {
    const app = quiet();
    await request(app).post('/api/notes').set('Content-Type', 'application/json').send('{"__proto__": {"polluted": true}, "text": "t"}').expect(201);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('should answer 400 for a malformed id and 404 for an unknown route', async () => {
    const app = quiet();
    await request(app)
      .get('/api/notes/abc')
      .expect(400, { error: { status: 400, message: 'id must be a positive integer' } });
    await request(app)
      .get('/api/notes/1%2F..')
      .expect(400, { error: { status: 400, message: 'id must be a positive integer' } });
    await request(app)
      .get('/api/nope')
      .expect(404, { error: { status: 404, message: 'no route for GET /api/nope' } });
  });
});

describe('demo: static assets, downloads, errors', () => {
  it('should serve /static with a one-hour cache and revalidation', async () => {
    const app = quiet();
    const css = readFileSync(join(__dirname, 'public', 'style.css'), 'utf8');
    const res = await request(app)
      .get('/static/style.css')
      .expect('Content-Type', 'text/css; charset=utf-8')
      .expect('Cache-Control', 'public, max-age=3600')
      .expect(200, css);
    await request(app)
      .get('/static/style.css')
      .set('If-None-Match', res.headers.etag as string)
      .expect(304);
  });

  it('should not serve files outside public (traversal falls through to the 404 page)', async () => {
    const app = quiet();
    for (const path of ['/static/%2e%2e/app.js', '/static/..%2fnotes.js', '/static/%2e%2e%2f%2e%2e%2fpackage.json']) {
      const res = await request(app).get(path).set('Accept', 'application/json').expect(404);
      expect(res.body).toEqual({ error: { status: 404, message: expect.stringMatching(/^Cannot GET \/static\//) } });
    }
  });

  it('should send the notes as a text attachment', async () => {
    const app = quiet();
    await request(app).post('/api/notes').send({ text: 'one' }).expect(201);
    await request(app)
      .get('/notes.txt')
      .expect('Content-Disposition', 'attachment; filename=notes.txt')
      .expect('Content-Type', 'text/plain; charset=utf-8')
      .expect(200, '#1 anonymous: one\n');
  });

  it('should render a 404 page, or JSON or text per Accept', async () => {
    const app = quiet();
    const html = await request(app).get('/missing?x=<b>').set('Accept', 'text/html').expect('Content-Type', 'text/html; charset=utf-8').expect(404);
    expect(html.text).toContain('<h1>404</h1>');
    expect(html.text).toContain('<p>Cannot GET /missing</p>');
    await request(app)
      .get('/missing')
      .set('Accept', 'application/json')
      .expect(404, { error: { status: 404, message: 'Cannot GET /missing' } });
    await request(app).get('/missing').set('Accept', 'image/png').expect('Content-Type', 'text/plain; charset=utf-8').expect(404, '404 Cannot GET /missing\n');
  });

  it('should hide the message of a 500 on the error page', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await request(quiet()).get('/boom').set('Accept', 'text/html').expect(500);
      expect(res.text).toContain('<p>Internal Server Error</p>');
      expect(res.text).not.toContain('a bug in a handler');
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('should answer the liveness check without touching the store', async () => {
    await request(quiet()).get('/health').expect(200, { status: 'ok' });
  });
});

describe('demo: request log', () => {
  it('should write one dev-format line per request', async () => {
    const stream = new PassThrough();
    let out = '';
    stream.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const app = createApp({ logStream: stream });
    await request(app).get('/health').expect(200);
    await request(app).get('/nope').set('Accept', 'application/json').expect(404);
    const lines = out.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\x1b\[0mGET \/health \x1b\[32m200\x1b\[0m \d+\.\d{3} ms - 15\x1b\[0m$/);
    expect(lines[1]).toMatch(/^\x1b\[0mGET \/nope \x1b\[33m404\x1b\[0m \d+\.\d{3} ms - \d+\x1b\[0m$/);
    expect(lines[2]).toBe('');
  });
});

describe('demo: sessions (express-session, in memory by default)', () => {
  it('should count the notes a visitor added and remember its name', async () => {
    const app = quiet();
    await request(app).get('/api/session').expect(200, { added: 0, author: null });
    const created = await request(app).post('/api/notes').send({ text: 'one', author: 'ann' }).expect(201);
    const [sid] = created.headers['set-cookie'] as unknown as string[];
    expect(sid).toMatch(/^demo\.sid=s%3A[\w-]+\.[\w%]+; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/);
    await request(app).post('/notes').type('form').set('Cookie', cookiesOf(created)).send({ text: 'two' }).expect(303);
    await request(app).get('/api/session').set('Cookie', cookiesOf(created)).expect(200, { added: 2, author: 'ann' });
    const page = await request(app).get('/').set('Cookie', cookiesOf(created)).expect(200);
    expect(page.text).toContain('You added 2 notes in this session.');
    expect(page.text).toContain('<input name="author" value="ann">');
    // another visitor: no session, nothing remembered
    await request(app).get('/api/session').expect(200, { added: 0, author: null });
  });
});

describe('demo: rate limit on new notes (express-rate-limit)', () => {
  it('should answer 429 once a client added `limit` notes in the window, with the RateLimit headers', async () => {
    const app = createApp({ log: false, rateLimit: { limit: 2, windowMs: 60_000 } });
    const first = await request(app).post('/api/notes').send({ text: 'a' }).expect(201);
    expect(first.headers['ratelimit-policy']).toMatch(/^"2-in-1min"; q=2; w=60; pk=:[\w+/=]+:$/);
    expect(first.headers.ratelimit).toMatch(/^"2-in-1min"; r=1; t=\d+$/);
    await request(app).post('/notes').type('form').send({ text: 'b' }).expect(303);
    const refused = await request(app)
      .post('/api/notes')
      .send({ text: 'c' })
      .expect(429, { error: { status: 429, message: 'too many new notes from this client; try again later' } });
    expect(refused.headers.ratelimit).toMatch(/^"2-in-1min"; r=0; t=\d+$/);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    const page = await request(app).post('/notes').type('form').send({ text: 'd' }).set('Accept', 'text/html').expect(429);
    expect(page.text).toContain('<p>too many new notes from this client; try again later</p>');
    // reading is not limited
    await request(app).get('/api/notes').expect(200);
  });
});

describe('demo: behind a proxy (trust proxy)', () => {
  const forwarded = { 'X-Forwarded-For': '203.0.113.9, 198.51.100.1', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'notes.example' };

  it('should ignore X-Forwarded-* without trust proxy', async () => {
    const res = await request(quiet()).get('/api/whoami').set(forwarded).set('Host', 'inner:3000').expect(200);
    expect(res.body).toEqual({ ip: expect.stringMatching(/127\.0\.0\.1$/), ips: [], protocol: 'http', secure: false, hostname: 'inner' });
  });

  it('should take the client from the hops it trusts, and make the cookies Secure over https', async () => {
    const app = createApp({ log: false, trustProxy: 1 });
    const res = await request(app).get('/api/whoami').set(forwarded).expect(200);
    expect(res.body).toEqual({ ip: '198.51.100.1', ips: ['198.51.100.1'], protocol: 'https', secure: true, hostname: 'notes.example' });
    const home = await request(app).get('/').set(forwarded).expect(200);
    expect((home.headers['set-cookie'] as unknown as string[])[0]).toMatch(/^visits=s%3A1\..+; HttpOnly; Secure; SameSite=Lax$/);
    const created = await request(app).post('/api/notes').set(forwarded).send({ text: 'x' }).expect(201);
    expect((created.headers['set-cookie'] as unknown as string[])[0]).toMatch(/^demo\.sid=.+; HttpOnly; Secure; SameSite=Lax$/);
    const plain = await request(app).post('/api/notes').set('X-Forwarded-Proto', 'http').send({ text: 'y' }).expect(201);
    expect((plain.headers['set-cookie'] as unknown as string[])[0]).not.toContain('Secure');
  });
});

describe('demo: the store is unavailable', () => {
  /** A store whose every call fails the way an unreachable Redis does. */
  function downStore(): DemoStore {
    class Offline extends Error {}
    const fail = (): Promise<never> => Promise.reject(new Offline('The client is offline'));
    return {
      kind: 'test',
      notes: { list: fail, get: fail, add: fail, remove: fail },
      sessionStore: undefined,
      createRateLimitStore: () => undefined,
      isUnavailable: (err) => err instanceof Offline,
    };
  }

  it('should answer 503 with a clear message where the store is needed, and serve the rest', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const app = createApp({ log: false, store: downStore() });
      const body = { error: { status: 503, message: 'the notes storage is unavailable; try again shortly' } };
      await request(app).get('/api/notes').expect('Retry-After', '1').expect(503, body);
      await request(app).get('/api/notes/1').expect(503, body);
      await request(app).post('/api/notes').send({ text: 'x' }).expect(503, body);
      const page = await request(app).get('/').set('Accept', 'text/html').expect(503);
      expect(page.text).toContain('<p>the notes storage is unavailable; try again shortly</p>');
      await request(app).get('/notes.txt').set('Accept', 'text/plain').expect(503, '503 the notes storage is unavailable; try again shortly\n');
      await request(app).get('/health').expect(200, { status: 'ok' });
      await request(app).get('/static/style.css').expect(200);
      await request(app).get('/boom').set('Accept', 'application/json').expect(500);
      expect(spy).toHaveBeenCalledTimes(1); // the bug is logged, the outage is not (per request)
    } finally {
      spy.mockRestore();
    }
  });
});
