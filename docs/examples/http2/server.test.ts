/**
 * docs/http2.md's recipe, as a reader follows it: the openssl command the page shows makes a
 * key and certificate in an empty folder, examples/http2/server.js started there serves HTTP/2
 * and HTTP/1.1 on one TLS port, and both answer what the page says (node's https client offers
 * only HTTP/1.1).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:http2';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePrograms } from '../deploy/debian-packages';

const guide = readFileSync(join(__dirname, '..', '..', 'http2.md'), 'utf8');
const serverJs = join(__dirname, 'server.js');

/** The openssl command docs/http2.md shows, as its words. */
function opensslCommand(): string[] {
  const line = /^openssl req .*$/m.exec(guide)?.[0];
  if (line === undefined) throw new Error('docs/http2.md shows no `openssl req` command');
  return line.split(' ');
}

interface Answer {
  status: number;
  body: unknown;
}

function askHttp2(port: number, ca: Buffer, path: string, body?: string): Promise<Answer> {
  const session = connect(`https://localhost:${port}`, { ca });
  return new Promise<Answer>((resolve, reject) => {
    session.on('error', reject);
    const headers: Record<string, string> = { ':path': path, ':method': body === undefined ? 'GET' : 'POST' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const stream = session.request(headers, { endStream: body === undefined });
    let status = 0;
    let text = '';
    stream.on('response', (h) => (status = Number(h[':status'])));
    stream.on('data', (c: Buffer) => (text += c.toString()));
    stream.on('end', () => resolve({ status, body: JSON.parse(text) as unknown }));
    stream.on('error', reject);
    if (body !== undefined) stream.end(body);
  }).finally(() => session.close());
}

function askHttp1(port: number, ca: Buffer, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: 'localhost', port, path, ca, agent: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('docs/examples/http2/server.js', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  let port = 0;

  beforeAll(async () => {
    ensurePrograms([{ program: 'openssl', pkg: 'openssl' }]);
    dir = mkdtempSync(join(tmpdir(), 'webfw-http2-'));
    const [program, ...args] = opensslCommand();
    execFileSync(program!, args, { cwd: dir, stdio: 'ignore' });
    const started = spawn(process.execPath, [serverJs], { cwd: dir, env: { ...process.env, PORT: '0', HOST: '127.0.0.1' } });
    child = started;
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      started.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const found = /https:\/\/localhost:\d+/.exec(out);
        if (found) resolve(found[0]);
      });
      started.on('exit', (code) => reject(new Error(`server.js exited with ${code}`)));
    });
    port = Number(new URL(url).port);
  });

  afterAll(() => {
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers HTTP/2 over TLS with the certificate the guide makes', async () => {
    const ca = readFileSync(join(dir, 'cert.pem'));
    expect(await askHttp2(port, ca, '/')).toEqual({ status: 200, body: { httpVersion: '2.0', protocol: 'https', secure: true, hostname: 'localhost' } });
    expect(await askHttp2(port, ca, '/echo', '{"a":[1,2]}')).toEqual({ status: 201, body: { a: [1, 2] } });
  });

  it('answers HTTP/1.1 on the same port to a client that does not offer h2', async () => {
    const ca = readFileSync(join(dir, 'cert.pem'));
    expect(await askHttp1(port, ca, '/')).toEqual({ status: 200, body: { httpVersion: '1.1', protocol: 'https', secure: true, hostname: 'localhost' } });
  });
});

describe('docs/examples/http2/server.js when it cannot start', () => {
  /** Runs server.js in `cwd` with `env` added; resolves with its exit code and output once it exits. */
  function runFailing(cwd: string, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = spawn(process.execPath, [serverJs], { cwd, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TLS_KEY: '', TLS_CERT: '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  }

  it('should say in one line which key file is missing and how to make it, and exit 1', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'webfw-http2-nokey-'));
    try {
      const hint = 'make key.pem and cert.pem here with the openssl command in docs/http2.md, or set TLS_KEY and TLS_CERT';
      expect(await runFailing(empty)).toEqual({
        code: 1,
        stdout: '',
        stderr: `http2 example: cannot read the TLS key ${join(empty, 'key.pem')} (ENOENT): ${hint}\n`,
      });
      writeFileSync(join(empty, 'key.pem'), 'not used');
      expect(await runFailing(empty, { TLS_CERT: 'missing/cert.pem' })).toEqual({
        code: 1,
        stdout: '',
        stderr: `http2 example: cannot read the TLS certificate ${join(empty, 'missing', 'cert.pem')} (ENOENT): ${hint}\n`,
      });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
