/**
 * docs/examples/demo/server.js (what `npm start` runs): HOST and PORT, the URL it prints, and
 * what it says when it cannot listen. The demo runs as `npm start` runs it, on the built packages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const serverJs = join(__dirname, 'server.js');

interface Outcome {
  child: ChildProcess;
  /** The URL printed on stdout, when the demo started. */
  url?: string;
  /** The exit code, when the demo exited instead. */
  code?: number | null;
  stdout: string;
  stderr: string;
}

/** Runs server.js with HOST/PORT set as given (undefined: unset); resolves once it listens or exits. */
function runDemo(vars: { HOST?: string; PORT?: string }): Promise<Outcome> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.HOST;
  delete env.PORT;
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) env[k] = v;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [serverJs], { env });
    const out: Outcome = { child, stdout: '', stderr: '' };
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => (out.stderr += d));
    child.stdout!.on('data', (d: string) => {
      out.stdout += d;
      const m = /^webfw demo listening on (\S+)\n/.exec(out.stdout);
      if (m && !out.url) {
        out.url = m[1];
        resolve(out);
      }
    });
    child.on('close', (code) => {
      out.code = code;
      resolve(out);
    });
  });
}

/** Resolves with 'connected' or the error code of a TCP connection attempt to host:port. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

/** Listens on host:0 with a plain TCP server, to take a port. */
function takePort(host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(0, host, () => resolve(server));
  });
}

const running: ChildProcess[] = [];
afterEach(async () => {
  // wait for every child to exit, so no process outlives the test
  await Promise.all(
    running.splice(0).map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      return exited;
    }),
  );
});

describe('demo server: HOST and PORT', () => {
  it('should listen on localhost by default, not on every interface, and print that URL', async () => {
    const demo = await runDemo({ PORT: '0' });
    running.push(demo.child);
    expect(demo.url).toMatch(/^http:\/\/localhost:\d+$/);
    const port = Number(new URL(demo.url!).port);
    const home = await fetch(demo.url + '/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<h1>webfw demo</h1>');
    // 127.0.0.2 is this machine too (loopback), but not what localhost names.
    expect(await tryConnect('127.0.0.2', port)).toBe('ECONNREFUSED');
    expect(demo.stderr).toBe('');
  });

  it('should listen on HOST, with PORT=0 picking a free port, and print that URL', async () => {
    const demo = await runDemo({ HOST: '127.0.0.2', PORT: '0' });
    running.push(demo.child);
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    const port = Number(new URL(demo.url!).port);
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.2:${port}/static/style.css`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await tryConnect('127.0.0.1', port)).toBe('ECONNREFUSED');
  });

  it('should serve a page on HOST=127.0.0.1', async () => {
    const demo = await runDemo({ HOST: '127.0.0.1', PORT: '0' });
    running.push(demo.child);
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(demo.url + '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('<h1>webfw demo</h1>');
  });

  it('should say which variable to set and exit 1 when the port is in use', async () => {
    const taken = await takePort('127.0.0.1');
    try {
      const port = (taken.address() as AddressInfo).port;
      const demo = await runDemo({ PORT: String(port) });
      running.push(demo.child);
      expect(demo.code).toBe(1);
      expect(demo.stderr).toBe(`webfw demo: port ${port} is in use; set PORT to another port (PORT=${port + 1} npm start)\n`);
      expect(demo.stdout).toBe('');
    } finally {
      taken.close();
    }
  });

  it('should say what PORT takes and exit 1 when PORT is not a port number', async () => {
    for (const bad of ['abc', '65536']) {
      const demo = await runDemo({ PORT: bad });
      running.push(demo.child);
      expect(demo.code).toBe(1);
      expect(demo.stderr).toBe(`webfw demo: PORT must be a port number from 0 to 65535 (0 picks a free one), not "${bad}"\n`);
    }
  });
});
