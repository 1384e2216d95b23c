/**
 * docs/examples/demo/server.js shuts down gracefully (shutdown.js, @godaddy/terminus): on
 * SIGTERM /ready turns 503 first while everything else is still served, then the listener
 * closes, idle keep-alive connections are closed, the requests in flight finish (within the
 * deadline, SHUTDOWN_TIMEOUT) and the process exits 0. The demo runs as deployed: `node
 * server.js` on the built packages (in memory here; docs/examples/deploy runs it on Redis).
 */
import { startDemo, type DemoInstance } from '../deploy/demo-instance';
import { openConnection, tryConnect } from '../deploy/raw-connection';
import { request } from '@webfw/test-support';

jest.setTimeout(30_000);

const running: DemoInstance[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((demo) => demo.stop('SIGKILL')));
});

async function demo(env: Record<string, string>): Promise<DemoInstance> {
  const instance = await startDemo('demo', { REDIS_URL: '', ...env });
  running.push(instance);
  return instance;
}

const note = JSON.stringify({ text: 'sent while the instance stops' });
/** A POST whose body is not sent yet: the server answers 100 Continue once the request is in. */
const postHead = `POST /api/notes HTTP/1.1\r\nHost: demo\r\nContent-Type: application/json\r\nContent-Length: ${note.length}\r\nExpect: 100-continue\r\n\r\n`;

describe('demo server: graceful shutdown', () => {
  it('should fail readiness first, then stop accepting, close idle connections, finish the requests in flight and exit 0', async () => {
    const instance = await demo({ SHUTDOWN_DELAY: '1000', SHUTDOWN_TIMEOUT: '10000' });
    expect(JSON.parse((await request(instance.port, { path: '/ready' })).body.toString())).toEqual({ status: 'ok', store: 'memory' });

    // an idle keep-alive connection, and a request in flight (its body still to come)
    const idle = await openConnection(instance.port);
    idle.socket.write('GET /health HTTP/1.1\r\nHost: demo\r\n\r\n');
    await idle.waitFor((got) => got.endsWith('{"status":"ok"}'));
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*Connection: keep-alive\r\n/);
    const inFlight = await openConnection(instance.port);
    inFlight.socket.write(postHead);
    await inFlight.waitFor((got) => got === 'HTTP/1.1 100 Continue\r\n\r\n');

    instance.child.kill('SIGTERM');
    await instance.waitFor(/webfw demo: shutting down: \/ready answers 503; closing the listener in 1000 ms\n/);
    // readiness fails; every other request is still served, without keep-alive
    const ready = await request(instance.port, { path: '/ready' });
    expect(ready.status).toBe(503);
    expect(ready.headers.connection).toBe('close');
    expect(ready.body.toString()).toBe('{"status":"shutting down"}');
    const health = await request(instance.port, { path: '/health' });
    expect(health.status).toBe(200);
    expect(health.headers.connection).toBe('close');

    await instance.waitFor(/webfw demo: stopped accepting connections; finishing 1 request\(s\) in flight \(deadline 10000 ms\)\n/);
    expect(await tryConnect(instance.port)).toBe('ECONNREFUSED');
    await idle.waitClosed();
    expect(inFlight.closed()).toBe(false);

    inFlight.socket.write(note);
    await inFlight.waitClosed();
    const [, response] = inFlight.received().split('HTTP/1.1 100 Continue\r\n\r\n');
    expect(response).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(response).toContain('\r\nConnection: close\r\n');
    expect(response).toContain('"text":"sent while the instance stops"');

    expect(await instance.exited).toEqual({ code: 0, signal: null });
    expect(instance.output()).toContain('webfw demo: every connection closed; exiting\n');
    expect(instance.output()).not.toContain('deadline passed');
  });

  it('should close what is still running at the deadline and exit 0', async () => {
    const instance = await demo({ SHUTDOWN_TIMEOUT: '300' });
    const stuck = await openConnection(instance.port);
    stuck.socket.write(postHead);
    await stuck.waitFor((got) => got === 'HTTP/1.1 100 Continue\r\n\r\n');

    instance.child.kill('SIGTERM');
    await instance.waitFor(/finishing 1 request\(s\) in flight \(deadline 300 ms\)\n/);
    await stuck.waitClosed(); // never sent its body: closed at the deadline
    expect(await instance.exited).toEqual({ code: 0, signal: null });
    expect(instance.output()).toContain('webfw demo: deadline passed; closing 1 request(s) still running\n');
  });

  it('should stop on SIGINT too (Ctrl-C on npm start), at once when nothing is in flight', async () => {
    const instance = await demo({});
    instance.child.kill('SIGINT');
    expect(await instance.exited).toEqual({ code: 0, signal: null });
    expect(instance.output()).toMatch(/finishing 0 request\(s\) in flight \(deadline 10000 ms\)\nwebfw demo: every connection closed; exiting\n$/);
  });

  it('should say what SHUTDOWN_DELAY, SHUTDOWN_TIMEOUT and RATE_LIMIT take and exit 1', async () => {
    for (const [name, value, what] of [
      ['SHUTDOWN_DELAY', 'soon', 'from 0 to 600000 (milliseconds)'],
      ['SHUTDOWN_TIMEOUT', '-1', 'from 0 to 600000 (milliseconds)'],
      ['RATE_LIMIT', '1e3', 'from 0 to 1000000 (new notes per client and minute)'],
    ] as const) {
      const instance = await startDemo('bad env', { [name]: value }).catch((err: Error) => err);
      expect(instance).toBeInstanceOf(Error);
      expect((instance as Error).message).toContain(`webfw demo: ${name} must be a number ${what}, not "${value}"\n`);
    }
  });
});
