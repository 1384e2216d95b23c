/**
 * The middleware users bring, on a webfw app served over HTTP/2 (h2c, and TLS for the cookie
 * and security headers): compression, cors, cookie-parser, express-session, helmet, multer.
 * express cannot serve HTTP/2, so each answer is asserted as the middleware documents it (and
 * as the HTTP/1.1 suites of this folder check it against express).
 */
import type { RequestListener } from 'node:http';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import multer from 'multer';
import webfw from '@webfw/core';
import { http2Request, withHttp2Server, type AnyHttp2Server, type Http2RequestOptions, type Http2Response } from '@webfw/test-support';
import { type Factory } from './support/pair';
import { captureOutput } from './support/output';
import { multipart } from './support/requests';

captureOutput();

const fw = webfw as unknown as Factory;
const BIG = 'The quick brown fox jumps over the lazy dog. '.repeat(100);

/** Runs `fn` with `app` served over HTTP/2 (h2c, or TLS with `tls`). */
function served<T>(app: ReturnType<Factory>, fn: (ask: (options?: Http2RequestOptions) => Promise<Http2Response>) => Promise<T>, tls = false): Promise<T> {
  return withHttp2Server(app as unknown as RequestListener, (server: AnyHttp2Server) => fn((options = {}) => http2Request(server, { tls, ...options })), {
    tls,
  });
}

describe('compression over HTTP/2', () => {
  const app = fw();
  app.use(compression());
  app.get('/big', (_req, res) => res.send(BIG));
  app.get('/small', (_req, res) => res.send('tiny'));
  app.get('/stream', (_req, res) => {
    res.type('text/plain');
    res.write(BIG);
    setImmediate(() => res.end(BIG));
  });

  it('should gzip a large body, a streamed one, and leave a small one alone', async () => {
    await served(app, async (ask) => {
      const big = await ask({ path: '/big', headers: { 'accept-encoding': 'gzip' } });
      const stream = await ask({ path: '/stream', headers: { 'accept-encoding': 'gzip' } });
      const small = await ask({ path: '/small', headers: { 'accept-encoding': 'gzip' } });
      expect([big.status, big.headers['content-encoding'], big.headers.vary, big.headers['content-length'], gunzipSync(big.body).toString()]).toEqual([
        200,
        'gzip',
        'Accept-Encoding',
        undefined,
        BIG,
      ]);
      expect([stream.headers['content-encoding'], gunzipSync(stream.body).toString()]).toEqual(['gzip', BIG + BIG]);
      expect([small.headers['content-encoding'], small.headers['content-length'], small.body.toString()]).toEqual([undefined, '4', 'tiny']);
      expect(Object.keys(big.headers).filter((n) => ['connection', 'transfer-encoding', 'keep-alive'].includes(n))).toEqual([]);
    });
  });
});

describe('cors over HTTP/2', () => {
  const app = fw();
  app.use(cors({ origin: 'https://app.example', credentials: true, maxAge: 600 }));
  app.get('/data', (_req, res) => res.json({ ok: true }));

  it('should answer a preflight with 204 and add the headers to the answer', async () => {
    await served(app, async (ask) => {
      const preflight = await ask({ method: 'OPTIONS', path: '/data', headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT' } });
      const get = await ask({ path: '/data', headers: { origin: 'https://app.example' } });
      expect([
        preflight.status,
        preflight.headers['access-control-allow-origin'],
        preflight.headers['access-control-allow-credentials'],
        preflight.headers['access-control-allow-methods'],
        preflight.headers['access-control-max-age'],
        preflight.headers['content-length'],
        // (cors sets Content-Length: 0; node's HTTP/2 sends none with a 204, as RFC 9110 asks)
      ]).toEqual([204, 'https://app.example', 'true', 'GET,HEAD,PUT,PATCH,POST,DELETE', '600', undefined]);
      expect([get.status, get.headers['access-control-allow-origin'], get.headers.vary, get.body.toString()]).toEqual([
        200,
        'https://app.example',
        'Origin',
        '{"ok":true}',
      ]);
    });
  });
});

describe('cookie-parser over HTTP/2', () => {
  const app = fw();
  app.use(cookieParser('s3cret'));
  app.get('/set', (_req, res) => res.cookie('plain', 'a b').cookie('signed', 'v', { signed: true, secure: true, httpOnly: true }).send('set'));
  app.get('/read', (req, res) => res.json({ cookies: req.cookies, signedCookies: req.signedCookies }));

  it('should read back plain and signed cookies set over TLS, from split cookie headers too', async () => {
    await served(
      app,
      async (ask) => {
        const set = await ask({ path: '/set' });
        const cookies = (set.headers['set-cookie'] as string[]).map((c) => c.split(';')[0] as string);
        expect(set.headers['set-cookie']).toEqual(['plain=a%20b; Path=/', expect.stringMatching(/^signed=s%3Av\.[^;]+; Path=\/; HttpOnly; Secure$/)]);
        // HTTP/2 lets a client send each cookie as its own header field (RFC 9113 8.2.3)
        const read = await ask({ path: '/read', headers: { cookie: cookies } });
        expect(JSON.parse(read.body.toString())).toEqual({ cookies: { plain: 'a b' }, signedCookies: { signed: 'v' } });
      },
      true,
    );
  });
});

describe('express-session over HTTP/2', () => {
  const app = fw();
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false, cookie: { secure: true } }));
  app.post('/login', (req, res) => {
    (req.session as unknown as { user: string }).user = 'tobi';
    res.send('in');
  });
  app.get('/me', (req, res) => res.json({ user: (req.session as unknown as { user?: string }).user ?? null }));

  it('should keep a session across requests with its Secure cookie over TLS', async () => {
    await served(
      app,
      async (ask) => {
        const anonymous = await ask({ path: '/me' });
        const login = await ask({ method: 'POST', path: '/login' });
        const cookie = (login.headers['set-cookie'] as string[])[0] as string;
        const me = await ask({ path: '/me', headers: { cookie: cookie.split(';')[0] as string } });
        expect([anonymous.headers['set-cookie'], JSON.parse(anonymous.body.toString())]).toEqual([undefined, { user: null }]);
        expect(cookie).toMatch(/^connect\.sid=s%3A[^;]+; Path=\/; HttpOnly; Secure$/);
        expect(JSON.parse(me.body.toString())).toEqual({ user: 'tobi' });
      },
      true,
    );
  });
});

describe('helmet over HTTP/2', () => {
  const app = fw();
  app.use(helmet());
  app.get('/', (_req, res) => res.send('safe'));

  it('should send its security headers', async () => {
    await served(
      app,
      async (ask) => {
        const res = await ask();
        expect([
          res.status,
          res.headers['strict-transport-security'],
          res.headers['x-content-type-options'],
          res.headers['x-frame-options'],
          res.headers['x-powered-by'],
          typeof res.headers['content-security-policy'],
        ]).toEqual([200, 'max-age=31536000; includeSubDomains', 'nosniff', 'SAMEORIGIN', undefined, 'string']);
      },
      true,
    );
  });
});

describe('multer over HTTP/2', () => {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 64 } });
  const app = fw();
  app.post('/profile', upload.single('avatar'), (req, res) => {
    res.json({ file: req.file ? { name: req.file.originalname, size: req.file.size, content: req.file.buffer.toString() } : null, body: req.body ?? null });
  });
  app.use((err: Error & { code?: string }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(400).json({ code: err.code });
  });
  const form = multipart([
    { name: 'nick', value: 'tobi' },
    { name: 'avatar', value: 'image bytes', filename: 'me.png', type: 'image/png' },
  ]);

  it('should store a file and the fields of a form sent with Content-Length', async () => {
    await served(app, async (ask) => {
      const res = await ask({ method: 'POST', path: '/profile', headers: { 'content-type': form.contentType }, body: form.body });
      expect(JSON.parse(res.body.toString())).toEqual({ file: { name: 'me.png', size: 11, content: 'image bytes' }, body: { nick: 'tobi' } });
    });
  });

  it('should refuse a file past its limit', async () => {
    const big = multipart([{ name: 'avatar', value: 'x'.repeat(100), filename: 'big.png' }]);
    await served(app, async (ask) => {
      const res = await ask({ method: 'POST', path: '/profile', headers: { 'content-type': big.contentType }, body: big.body });
      expect([res.status, JSON.parse(res.body.toString())]).toEqual([400, { code: 'LIMIT_FILE_SIZE' }]);
    });
  });

  it('should not see a form sent without Content-Length (type-is needs a length header; browsers send one)', async () => {
    await served(app, async (ask) => {
      const res = await ask({ method: 'POST', path: '/profile', headers: { 'content-type': form.contentType }, body: form.body, noContentLength: true });
      expect(JSON.parse(res.body.toString())).toEqual({ file: null, body: null });
    });
  });
});
