/**
 * docs/reliability.md, "Server settings that protect an app": its table of node's defaults is
 * what a server from `app.listen()` really has, and its two examples run as written: the
 * settings they describe are on the server they start, it answers, and a client that sends
 * its head too slowly to the directly exposed one gets a 408 and loses the connection.
 */
import { readFileSync } from 'node:fs';
import http, { type Server } from 'node:http';
import { join } from 'node:path';
import webfw from '@webfw/core';
import { close, nextEvent, portOf, rawRequest } from '@webfw/test-support';
import { Connection, CLOSED } from '@webfw/test-support/fuzz/connection';

const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'reliability.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Server settings that protect an app'));

/** The `js` code blocks of the section, in order. */
const examples = [...section.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);

/** `require` as the examples see it: `require('@webfw/core')` is the callable factory, as the published package's is. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the examples are CommonJS
const exampleRequire = (id: string): unknown => (id === '@webfw/core' ? webfw : require(id));

/** Runs an example with `require` and a `process` whose env binds it to a free loopback port; resolves with the server it started. */
async function runExample(code: string): Promise<Server> {
  const fakeProcess = { env: { PORT: '0', HOST: '127.0.0.1' } };
  const server = new Function('require', 'process', `${code}\nreturn server;`)(exampleRequire, fakeProcess) as Server;
  if (!server.listening) await nextEvent(server, 'listening');
  return server;
}

describe('docs/reliability.md: server settings', () => {
  it('should list the defaults a server from app.listen() has', async () => {
    const server = webfw().listen(0, '127.0.0.1');
    await nextEvent(server, 'listening');
    try {
      const table: Record<string, number> = {};
      for (const m of section.matchAll(/^\| `(server|http)\.(\w+)` \| (\d+) \|/gm)) table[m[2]!] = Number(m[3]);
      const s = server as unknown as Record<string, unknown>;
      expect(table).toEqual({
        headersTimeout: s.headersTimeout,
        requestTimeout: s.requestTimeout,
        keepAliveTimeout: s.keepAliveTimeout,
        maxRequestsPerSocket: s.maxRequestsPerSocket,
        timeout: s.timeout,
        connectionsCheckingInterval: s.connectionsCheckingInterval,
        maxHeaderSize: http.maxHeaderSize,
      });
      // node 20's values, as the table states them
      expect(table).toEqual({
        headersTimeout: 60000,
        requestTimeout: 300000,
        keepAliveTimeout: 5000,
        maxRequestsPerSocket: 0,
        timeout: 0,
        connectionsCheckingInterval: 30000,
        maxHeaderSize: 16384,
      });
    } finally {
      await close(server);
    }
  });

  it('should run the behind-a-proxy example with the settings it shows', async () => {
    expect(examples).toHaveLength(2);
    const server = await runExample(examples[0]!);
    try {
      expect([server.keepAliveTimeout, server.headersTimeout, server.requestTimeout, server.maxRequestsPerSocket]).toEqual([65_000, 66_000, 120_000, 1000]);
      const answer = await rawRequest(server, 'GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nok$/);
    } finally {
      await close(server);
    }
  });

  it('should run the directly-exposed example, answering 408 and closing when the head comes too slowly', async () => {
    const server = await runExample(examples[1]!);
    try {
      expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([10_000, 30_000, 5_000]);
      const answer = await rawRequest(server, 'GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      expect(answer).toMatch(/\r\n\r\nok$/);
      // a head past 8 KiB is refused
      const big = await rawRequest(server, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(9 * 1024)}\r\n\r\n`);
      expect(big).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
      // the slow head: the example's 10 s is shortened here so the test does not wait it out
      server.headersTimeout = 300;
      server.requestTimeout = 600;
      const slow = await Connection.open(portOf(server));
      slow.write('GET / HTTP/1.1\r\nHost: loc');
      const reply = await slow.read({ timeoutMs: 5000 });
      expect(reply === CLOSED ? 'closed' : reply.statusLine).toBe('HTTP/1.1 408 Request Timeout');
      expect(await slow.read({ timeoutMs: 5000 })).toBe(CLOSED);
    } finally {
      await close(server);
    }
  });
});
