import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, Server as HttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webfw from '@webfw/core';
import type { Application } from '@webfw/core';
import { close } from '@webfw/test-support';
import { serverSlot } from './support/helpers';

function get(target: { port?: number; socketPath?: string }, path = '/'): Promise<{ status: number; body: string; poweredBy?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', agent: false, ...target, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, poweredBy: res.headers['x-powered-by'] as string | undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

function helloApp(): Application {
  const app = webfw();
  app.get('/', (req, res) => {
    res.end(`hello ${String(Object.getPrototypeOf(req) === app.request)} ${String(Object.getPrototypeOf(res) === app.response)}`);
  });
  return app;
}

describe('app.listen()', () => {
  const current = serverSlot();

  it('should listen on an OS-chosen port and call back', async () => {
    const app = helloApp();
    await new Promise<void>((resolve) => {
      current.server = app.listen(0, () => resolve());
    });
    const { port } = current.server!.address() as AddressInfo;
    expect(port).toBeGreaterThan(0);
    expect(await get({ port })).toEqual({ status: 200, body: 'hello true true', poweredBy: 'webfw' });
  });

  it('should return the http.Server', async () => {
    current.server = helloApp().listen(0, '127.0.0.1');
    expect(current.server).toBeInstanceOf(HttpServer);
    await new Promise<void>((resolve) => current.server!.once('listening', () => resolve()));
    expect((current.server.address() as AddressInfo).address).toBe('127.0.0.1');
  });

  it('should listen on port, host and backlog', async () => {
    const app = helloApp();
    await new Promise<void>((resolve) => {
      current.server = app.listen(0, '127.0.0.1', 5, () => resolve());
    });
    const address = current.server!.address() as AddressInfo;
    expect(address.address).toBe('127.0.0.1');
    expect((await get({ port: address.port })).body).toBe('hello true true');
  });

  it('should listen without any argument', async () => {
    current.server = helloApp().listen();
    await new Promise<void>((resolve) => current.server!.once('listening', () => resolve()));
    expect((current.server.address() as AddressInfo).port).toBeGreaterThan(0);
  });

  it('should listen on a UNIX socket path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'webfw-'));
    const socketPath = join(dir, 'app.sock');
    try {
      const app = helloApp();
      await new Promise<void>((resolve) => {
        current.server = app.listen(socketPath, () => resolve());
      });
      expect(existsSync(socketPath)).toBe(true);
      expect(await get({ socketPath })).toEqual({ status: 200, body: 'hello true true', poweredBy: 'webfw' });
    } finally {
      if (current.server?.listening) await close(current.server);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('should pass a listen error to the callback', async () => {
    const first = helloApp();
    await new Promise<void>((resolve) => {
      current.server = first.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = current.server!.address() as AddressInfo;
    let second: Server | undefined;
    const err = await new Promise<unknown>((resolve) => {
      second = helloApp().listen(port, '127.0.0.1', (e?: Error) => resolve(e));
    });
    expect(second?.listening).toBe(false);
    expect((err as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
  });

  it('should still switch prototypes for requests from a server it did not create', async () => {
    const outer = webfw();
    const inner = helloApp();
    outer.use(inner);
    await new Promise<void>((resolve) => {
      current.server = outer.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = current.server!.address() as AddressInfo;
    expect((await get({ port })).body).toBe('hello true true');
  });
});
