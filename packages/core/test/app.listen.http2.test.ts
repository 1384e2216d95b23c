/**
 * `app.listen`'s options form picking the protocol: `{ tls }` (HTTPS), `{ tls, http2: true }`
 * (HTTP/2 over TLS with HTTP/1.1 on the same port) and `{ http2: true }` (h2c), each answering
 * with the app, its requests and responses born with the app's prototypes.
 */
import { request as httpsRequest, Server as HttpsServer } from 'node:https';
import { createServer, Http2ServerRequest, Http2ServerResponse, type Http2SecureServer, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import webfw from '@webfw/core';
import type { Application, Request, Response } from '@webfw/core';
import { closeHttp2, http2Request, listenHttp2, selfSignedCertificate, type AnyHttp2Server } from '@webfw/test-support';

/** Reports the protocol, the request's class and how many prototype switches requests needed. */
function infoApp(): Application {
  const app = webfw();
  app.get('/', (req: Request, res: Response) => {
    res.json({
      version: req.httpVersion,
      protocol: req.protocol,
      secure: req.secure,
      http2: req instanceof Http2ServerRequest && res instanceof Http2ServerResponse,
    });
  });
  return app;
}

function started(server: { once(event: 'listening', fn: () => void): unknown }): Promise<void> {
  return new Promise((resolve) => server.once('listening', () => resolve()));
}

function portOf(server: { address(): AddressInfo | string | null }): number {
  return (server.address() as AddressInfo).port;
}

/** One HTTP/1.1 request over TLS trusting the test certificate; rejects when the server does not answer HTTP/1.1. */
function https1(port: number): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path: '/', agent: false, ca: selfSignedCertificate().cert, servername: 'localhost' }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) as unknown }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function h2(server: AnyHttp2Server | number, tls: boolean): Promise<{ status: number; body: unknown }> {
  const res = await http2Request(server, { tls });
  return { status: res.status, body: JSON.parse(res.body.toString()) as unknown };
}

describe('app.listen(options) with tls and http2', () => {
  const servers: { close(cb: () => void): unknown }[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      if (server instanceof HttpsServer) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      } else await closeHttp2(server as AnyHttp2Server);
    }
  });

  it('should serve HTTP/2 and HTTP/1.1 on one TLS port with { tls, http2: true }', async () => {
    const server = infoApp().listen({ port: 0, host: '127.0.0.1', tls: selfSignedCertificate(), http2: true });
    servers.push(server);
    await started(server);
    const port = portOf(server);
    expect(await h2(port, true)).toEqual({ status: 200, body: { version: '2.0', protocol: 'https', secure: true, http2: true } });
    expect(await https1(port)).toEqual({ status: 200, body: { version: '1.1', protocol: 'https', secure: true, http2: false } });
  });

  it('should serve HTTP/1.1 only over TLS with { tls } (an https.Server)', async () => {
    const server = infoApp().listen({ port: 0, host: '127.0.0.1', tls: selfSignedCertificate() });
    servers.push(server);
    expect(server).toBeInstanceOf(HttpsServer);
    await started(server);
    expect(await https1(portOf(server))).toEqual({ status: 200, body: { version: '1.1', protocol: 'https', secure: true, http2: false } });
  });

  it('should serve cleartext HTTP/2 (h2c) with { http2: true }', async () => {
    const server = infoApp().listen({ port: 0, host: '127.0.0.1', http2: true });
    servers.push(server);
    await started(server);
    expect(await h2(portOf(server), false)).toEqual({ status: 200, body: { version: '2.0', protocol: 'http', secure: false, http2: true } });
  });

  it('should pick a free port when none is given, and call back once listening', async () => {
    let server: Http2Server | undefined;
    await new Promise<void>((resolve) => {
      server = infoApp().listen({ host: '127.0.0.1', http2: true }, () => resolve());
    });
    servers.push(server!);
    expect(portOf(server!)).toBeGreaterThan(0);
  });

  it('should hand a listen error to the callback', async () => {
    const taken = await listenHttp2(createServer());
    servers.push(taken);
    const err = await new Promise<unknown>((resolve) => {
      const server: Http2SecureServer = infoApp().listen({ port: portOf(taken), host: '127.0.0.1', tls: selfSignedCertificate(), http2: true }, (err) =>
        resolve(err),
      );
      servers.push(server);
    });
    expect(err).toMatchObject({ code: 'EADDRINUSE' });
  });

  it("should construct requests and responses with the app's prototypes (no switch per request)", async () => {
    const app = infoApp();
    const server = app.listen({ port: 0, host: '127.0.0.1', tls: selfSignedCertificate(), http2: true });
    servers.push(server);
    await started(server);
    const foreign = await listenHttp2(app as never, { tls: true });
    servers.push(foreign);
    const spy = jest.spyOn(Object, 'setPrototypeOf');
    try {
      await h2(portOf(server), true);
      await https1(portOf(server));
      const own = spy.mock.calls.length;
      await h2(foreign, true);
      expect([own, spy.mock.calls.length - own]).toEqual([0, 2]);
    } finally {
      spy.mockRestore();
    }
  });
});
