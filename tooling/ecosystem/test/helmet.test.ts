import type { Response } from 'express';
import helmet from 'helmet';
import { answering, build, closeAll } from './support/pair';
import { captureOutput } from './support/output';

const output = captureOutput();
afterEach(closeAll);

const DEFAULT_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
  "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';" +
  'upgrade-insecure-requests';

describe('helmet on express 5 and webfw', () => {
  test('app.use(helmet()) sets its default headers and removes X-Powered-By', async () => {
    const pair = await build(answering('<p>hi</p>', () => helmet()));
    const { express: r } = await pair.send({ path: '/' });
    expect(r.status).toBe(200);
    expect(r.headers).toMatchObject({
      'content-security-policy': DEFAULT_CSP,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'content-type': 'text/html; charset=utf-8',
    });
    expect(r.headers['x-powered-by']).toBeUndefined();
    expect(pair.app('webfw').get('x-powered-by')).toBe(true); // helmet removes the header, not the setting
  });

  test('helmet headers stay on 404s and on errors answered by the default handler', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.set('env', 'production');
      app.use(helmet());
      app.get('/boom', () => {
        throw Object.assign(new Error('nope'), { status: 418 });
      });
      return app;
    });
    const missing = await pair.send({ path: '/missing' });
    expect(missing.express.status).toBe(404);
    expect(missing.express.headers['x-frame-options']).toBe('SAMEORIGIN');
    // finalhandler sets its own CSP on error pages
    expect(missing.express.headers['content-security-policy']).toBe("default-src 'none'");
    const boom = await pair.send({ path: '/boom' });
    expect(boom.express.status).toBe(418);
    expect(boom.express.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // outside the test env, the default handler logs each error's stack: once per app
    output.expectOutput((lines) => {
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line).toMatch(/^Error: nope\n {4}at /);
    });
  });

  test('configured: CSP directives with a per-request nonce function, headers disabled or changed', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use((_req, res, next) => {
        res.locals.nonce = 'fixed-nonce-for-test';
        next();
      });
      app.use(
        helmet({
          contentSecurityPolicy: {
            directives: {
              'script-src': ["'self'", 'example.com', (_req, res) => `'nonce-${String((res as Response).locals.nonce)}'`],
              upgradeInsecureRequests: null,
            },
          },
          strictTransportSecurity: { maxAge: 63072000, preload: true },
          frameguard: { action: 'deny' },
          xDownloadOptions: false,
          referrerPolicy: { policy: ['origin', 'unsafe-url'] },
          crossOriginEmbedderPolicy: true,
          xPoweredBy: false,
        }),
      );
      app.get('/', (_req, res) => {
        res.json({ ok: true });
      });
      return app;
    });
    const { express: r } = await pair.send({ path: '/' });
    expect(r.headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
        "img-src 'self' data:;object-src 'none';script-src 'self' example.com 'nonce-fixed-nonce-for-test';script-src-attr 'none';" +
        "style-src 'self' https: 'unsafe-inline'",
    );
    expect(r.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['x-download-options']).toBeUndefined();
    expect(r.headers['referrer-policy']).toBe('origin,unsafe-url');
    expect(r.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(r.headers['x-powered-by']).toBe('Express'); // xPoweredBy: false leaves the framework's header
  });

  test('standalone middlewares: helmet.noSniff() and helmet.contentSecurityPolicy() on one route', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(helmet.noSniff());
      app.get('/report', helmet.contentSecurityPolicy({ useDefaults: false, directives: { defaultSrc: ["'none'"] }, reportOnly: true }), (_req, res) => {
        res.type('text').send('report');
      });
      app.get('/plain', (_req, res) => {
        res.send('plain');
      });
      return app;
    });
    const report = await pair.send({ path: '/report' });
    expect(report.express.headers['content-security-policy-report-only']).toBe("default-src 'none'");
    expect(report.express.headers['x-content-type-options']).toBe('nosniff');
    const plain = await pair.send({ path: '/plain' });
    expect(plain.express.headers['content-security-policy-report-only']).toBeUndefined();
    expect(plain.express.headers['x-content-type-options']).toBe('nosniff');
  });
});
