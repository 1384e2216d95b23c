import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import webfw, { Router } from '@webfw/core';
import { close } from '@webfw/test-support';
import { expectResponse } from './support/helpers';

const tls = join(__dirname, 'fixtures', 'tls');

describe('webfw()', () => {
  it('should return a function that is an app', () => {
    const app = webfw();
    expect(typeof app).toBe('function');
    expect(typeof app.handle).toBe('function');
    expect(typeof app.set).toBe('function');
    expect(typeof app.on).toBe('function');
    expect(typeof app.call).toBe('function');
  });

  it('should return a new app on every call', () => {
    const a = webfw();
    const b = webfw();
    a.set('title', 'a');
    expect(b.get('title')).toBeUndefined();
    expect(a.request).not.toBe(b.request);
    expect(a.response).not.toBe(b.response);
  });

  it('should serve requests from http.createServer(app)', async () => {
    const app = webfw();
    app.get('/', (_req, res) => {
      res.end('hello');
    });
    await expectResponse(createHttpServer(app), '/', { status: 200, headers: { 'x-powered-by': 'webfw' }, body: 'hello' });
  });

  it('should serve requests from https.createServer(app) with req.secure true', async () => {
    const app = webfw();
    app.get('/', (req, res) => {
      res.end(`${req.protocol} ${String(req.secure)}`);
    });
    const server = createHttpsServer({ key: readFileSync(join(tls, 'key.pem')), cert: readFileSync(join(tls, 'cert.pem')) }, app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetchInsecure(port);
      expect(res).toEqual({ status: 200, body: 'https true' });
    } finally {
      await close(server);
    }
  });

  it('should serve the same app from an http and an https server', async () => {
    const app = webfw();
    app.get('/', (req, res) => {
      res.end(req.protocol);
    });
    const https = createHttpsServer({ key: readFileSync(join(tls, 'key.pem')), cert: readFileSync(join(tls, 'cert.pem')) }, app);
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', () => resolve()));
    try {
      const res = await fetchInsecure((https.address() as AddressInfo).port);
      expect(res.body).toBe('https');
      const plain = await request(createHttpServer(app)).get('/');
      expect(plain.text).toBe('http');
    } finally {
      await close(https);
    }
  });

  it('should be mountable in another app and in a router', async () => {
    const inner = webfw();
    inner.get('/ping', (req, res) => {
      res.end(`pong ${req.baseUrl} ${req.url}`);
    });
    const router = Router();
    router.use('/r', inner);
    const outer = webfw();
    outer.use('/a', inner);
    outer.use(router);
    await request(outer).get('/a/ping').expect(200, 'pong /a /ping');
    await request(outer).get('/r/ping').expect(200, 'pong /r /ping');
  });

  it('should act as middleware and call next when nothing matched', async () => {
    const inner = webfw();
    inner.get('/x', (_req, res) => {
      res.end('x');
    });
    const outer = webfw();
    outer.use(inner);
    outer.use((_req, res) => {
      res.end('fell through');
    });
    await request(outer).get('/y').expect(200, 'fell through');
  });
});

function fetchInsecure(port: number): Promise<{ status: number; body: string }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const https = require('node:https') as typeof import('node:https');
  return new Promise((resolve, reject) => {
    https
      .get({ host: '127.0.0.1', port, path: '/', rejectUnauthorized: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}
