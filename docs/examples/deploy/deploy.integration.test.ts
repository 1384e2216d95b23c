/**
 * The demo deployed for real: a redis-server, three demo instances (`node server.js` with
 * REDIS_URL, TRUST_PROXY=1, SHUTDOWN_DELAY) and nginx balancing over them with the
 * configuration of docs/deploy.md (nginx.conf here), HTTP and HTTPS, all on loopback. Every
 * check goes through nginx: sessions, notes and rate limits shared across instances; the
 * client address, protocol and host as nginx forwards them; an instance stopped with SIGTERM
 * under a steady stream of requests (none fails, it exits 0); Redis stopped and restarted
 * under load (503 while it is down, nothing crashes, service resumes). redis-server, nginx and
 * openssl are installed with apt-get when missing (the test says so); it never skips.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '@webfw/test-support';
import { ensurePrograms } from './debian-packages';
import { startDemo, type DemoInstance } from './demo-instance';
import { startLoad, type Load, type Outcome } from './load';
import { startNginx, type Nginx } from './nginx';
import { startRedis, type RedisServer } from './redis-server';

jest.setTimeout(60_000);

let dir = '';
let redis: RedisServer | undefined;
let nginx: Nginx | undefined;
const instances: DemoInstance[] = [];
let load: Load | undefined;
let certificate = '';

const reportFile = join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'test-reports', 'deploy.txt');
let reported = false;

/** Writes a figure of the run to node_modules/.cache/test-reports/deploy.txt (this run's figures only), not to the test output. */
function report(line: string): void {
  mkdirSync(join(reportFile, '..'), { recursive: true });
  (reported ? appendFileSync : writeFileSync)(reportFile, `deploy test: ${line}\n`);
  reported = true;
}

beforeAll(async () => {
  const programs = ensurePrograms([
    { program: 'redis-server', pkg: 'redis-server' },
    { program: 'nginx', pkg: 'nginx' },
    { program: 'openssl', pkg: 'openssl' },
  ]);
  dir = mkdtempSync(join(tmpdir(), 'webfw-deploy-'));
  // a self-signed certificate for localhost / 127.0.0.1, for nginx's HTTPS listener
  execFileSync(programs.openssl!, [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' }); // prettier-ignore
  certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');

  redis = await startRedis(programs['redis-server']!, join(dir, 'redis'));
  const env = {
    REDIS_URL: redis.url,
    TRUST_PROXY: '1', // one proxy (nginx) in front
    SESSION_SECRET: 'the secret every instance shares',
    RATE_LIMIT: '3',
    SHUTDOWN_DELAY: '1000',
    SHUTDOWN_TIMEOUT: '10000',
  };
  for (const name of ['a', 'b', 'c']) instances.push(await startDemo(`instance ${name}`, env));
  nginx = await startNginx(
    programs.nginx!,
    join(dir, 'nginx'),
    instances.map((i) => i.port),
    join(dir, 'cert.pem'),
    join(dir, 'key.pem'),
  );
}, 600_000); // installing the packages on a fresh machine may take minutes

afterAll(async () => {
  await load?.stop();
  await Promise.all(instances.map((i) => i.stop('SIGKILL')));
  await nginx?.stop('SIGTERM');
  await redis?.process().stop('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  upstream: string;
}

/** One request through nginx (HTTPS when `tls`), from the loopback address `from`, on a new connection. */
function viaNginx(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string; tls?: boolean } = {},
): Promise<Reply> {
  const send = options.tls ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        host: '127.0.0.1',
        port: options.tls ? nginx!.httpsPort : nginx!.httpPort,
        path,
        method: options.method ?? 'GET',
        headers: { ...(options.body ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        ...(options.tls ? { ca: certificate, servername: 'localhost' } : {}),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, upstream: String(res.headers['x-upstream']) }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The instance nginx finally sent a request to (the last of X-Upstream when it retried). */
function finalUpstream(upstream: string | undefined): string {
  return (upstream ?? '').split(', ').pop() ?? '';
}

/** The name=value pair of the session cookie a response set. */
function sessionCookie(reply: Reply): string {
  const line = (reply.headers['set-cookie'] ?? []).find((c) => c.startsWith('demo.sid='));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(reply.headers)}`);
  return line.split(';')[0]!;
}

/** Sends `send()` until every instance has answered; resolves with each instance's reply. */
async function fromEveryInstance(send: () => Promise<Reply>): Promise<Map<string, Reply>> {
  const seen = new Map<string, Reply>();
  const live = instances.filter((i) => i.running()).length;
  for (let i = 0; i < 20 && seen.size < live; i++) {
    const reply = await send();
    seen.set(finalUpstream(reply.upstream), reply);
  }
  expect(seen.size).toBe(live);
  return seen;
}

describe('deploy: behind nginx, with trust proxy', () => {
  it('should see the client address, protocol and host that nginx forwards, not its own', async () => {
    // a client on 127.0.0.2 that claims to be 6.6.6.6: only the hop nginx added is trusted
    const plain = await viaNginx('/api/whoami', { from: '127.0.0.2', headers: { Host: 'notes.example', 'X-Forwarded-For': '6.6.6.6' } });
    expect(JSON.parse(plain.text)).toEqual({ ip: '127.0.0.2', ips: ['127.0.0.2'], protocol: 'http', secure: false, hostname: 'notes.example' });
    const tls = await viaNginx('/api/whoami', { tls: true, from: '127.0.0.3', headers: { Host: 'notes.example' } });
    expect(JSON.parse(tls.text)).toEqual({ ip: '127.0.0.3', ips: ['127.0.0.3'], protocol: 'https', secure: true, hostname: 'notes.example' });
  });

  it('should make the session and other cookies Secure over HTTPS only', async () => {
    const overTls = await viaNginx('/api/notes', { tls: true, from: '127.0.0.3', method: 'POST', body: '{"text":"over https"}' });
    expect(overTls.status).toBe(201);
    expect(overTls.headers['set-cookie']).toEqual([expect.stringMatching(/^demo\.sid=s%3A.+; Path=\/; Expires=.+; HttpOnly; Secure; SameSite=Lax$/)]);
    const home = await viaNginx('/', { tls: true, headers: { Cookie: sessionCookie(overTls) } });
    expect(home.headers['set-cookie']).toEqual([expect.stringMatching(/^visits=s%3A1\..+; HttpOnly; Secure; SameSite=Lax$/)]);
    const plain = await viaNginx('/api/notes', { from: '127.0.0.3', method: 'POST', body: '{"text":"over http"}' });
    expect(plain.headers['set-cookie']).toEqual([expect.stringMatching(/^demo\.sid=s%3A.+; HttpOnly; SameSite=Lax$/)]);
  });
});

describe('deploy: state shared through Redis', () => {
  it('should continue on the other instances a session begun on one', async () => {
    const begun = await viaNginx('/api/notes', { from: '127.0.0.4', method: 'POST', body: '{"text":"first","author":"ann"}' });
    expect(begun.status).toBe(201);
    const cookie = sessionCookie(begun);
    const replies = await fromEveryInstance(() => viaNginx('/api/session', { headers: { Cookie: cookie } }));
    for (const reply of replies.values()) expect(JSON.parse(reply.text)).toEqual({ added: 1, author: 'ann' });
    const page = await fromEveryInstance(() => viaNginx('/', { headers: { Cookie: cookie } }));
    for (const reply of page.values()) expect(reply.text).toContain('<input name="author" value="ann">');
  });

  it('should read through every instance a note written through one', async () => {
    const written = await viaNginx('/api/notes', { from: '127.0.0.5', method: 'POST', body: '{"text":"shared","author":"bob"}' });
    expect(written.status).toBe(201);
    const note = JSON.parse(written.text) as { id: number };
    const replies = await fromEveryInstance(() => viaNginx(`/api/notes/${note.id}`));
    for (const reply of replies.values()) expect(JSON.parse(reply.text)).toEqual(note);
  });

  it('should count the rate limit across instances', async () => {
    const post = (): Promise<Reply> => viaNginx('/api/notes', { from: '127.0.0.6', method: 'POST', body: '{"text":"limited"}' });
    const replies = [await post(), await post(), await post()];
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(replies.map((r) => /; r=(\d+);/.exec(String(r.headers.ratelimit))?.[1])).toEqual(['2', '1', '0']);
    expect(new Set(replies.map((r) => finalUpstream(r.upstream))).size).toBeGreaterThanOrEqual(2); // one count, several instances
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toEqual({ error: { status: 429, message: 'too many new notes from this client; try again later' } });
    expect((await viaNginx('/api/notes', { from: '127.0.0.7', method: 'POST', body: '{"text":"another client"}' })).status).toBe(201);
  });
});

/** Resolves once `check(outcomes)` holds (woken by each response of the load). */
function loadUntil(check: (outcomes: Outcome[]) => boolean, timeoutMs = 20_000, what = 'the load'): Promise<void> {
  return until(
    load!.events,
    'response',
    () => check(load!.outcomes),
    timeoutMs,
    () => `${what}: not reached after ${timeoutMs} ms (${load!.outcomes.length} responses)`,
  );
}

describe('deploy: an instance stopped under load', () => {
  it('should answer every request while one instance drains (SIGTERM) and exits 0', async () => {
    const [a, b, c] = instances as [DemoInstance, DemoInstance, DemoInstance];
    const cAddress = `127.0.0.1:${c.port}`;
    load = startLoad(nginx!.httpPort, '/api/notes', 4);
    await loadUntil((o) => o.filter((x) => finalUpstream(x.upstream) === cAddress).length >= 30);

    const signalled = Date.now();
    c.child.kill('SIGTERM');
    await c.waitFor(/webfw demo: shutting down: \/ready answers 503; closing the listener in 1000 ms\n/);
    const ready = await new Promise<number>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port: c.port, path: '/ready', agent: false }, (res) => resolve(res.resume() && (res.statusCode ?? 0)))
        .on('error', reject)
        .end();
    });
    expect(ready).toBe(503);
    const exit = await c.exited;
    const drainMs = Date.now() - signalled;
    expect(exit).toEqual({ code: 0, signal: null });
    const exitedAt = Date.now();
    await loadUntil((o) => o.filter((x) => x.at > exitedAt).length >= 200);
    const outcomes = await load.stop();
    load = undefined;

    const failed = outcomes.filter((o) => o.status !== 200);
    const servedByC = (o: Outcome): boolean => finalUpstream(o.upstream) === cAddress;
    const retried = outcomes.filter((o) => (o.upstream ?? '').includes(', ')).length;
    report(
      `SIGTERM under load: ${outcomes.length} requests sent through nginx, ${failed.length} failed; ` +
        `the instance served ${outcomes.filter((o) => servedByC(o) && o.at > signalled).length} of them during its 1000 ms readiness delay, ` +
        `drained and exited 0 ${drainMs} ms after SIGTERM; nginx retried ${retried} on another instance`,
    );
    expect(failed).toEqual([]);
    expect(outcomes.filter((o) => o.at > exitedAt && servedByC(o))).toEqual([]);
    expect(c.output()).toMatch(/stopped accepting connections; finishing \d+ request\(s\) in flight \(deadline 10000 ms\)\n/);
    expect(c.output()).toContain('webfw demo: every connection closed; exiting\n');
    expect(c.output()).not.toContain('deadline passed');
    expect([a.running(), b.running()]).toEqual([true, true]);
  });
});

describe('deploy: Redis stopped and restarted under load', () => {
  it('should answer a clear 503 while Redis is down, keep every instance up, and resume once it is back', async () => {
    const live = instances.filter((i) => i.running());
    expect(live).toHaveLength(2);
    const before = await viaNginx('/api/notes');
    expect(before.status).toBe(200);
    load = startLoad(nginx!.httpPort, '/api/notes', 4);
    await loadUntil((o) => o.length >= 50);

    const stoppedAt = Date.now();
    expect(await redis!.stop()).toEqual({ code: 0, signal: null });
    await loadUntil((o) => o.filter((x) => x.status === 503 && x.at > stoppedAt).length >= 50);
    // what needs no store is still served; what does gets the same clear 503
    expect((await viaNginx('/health')).status).toBe(200);
    expect((await viaNginx('/static/style.css')).status).toBe(200);
    const post = await viaNginx('/api/notes', { from: '127.0.0.8', method: 'POST', body: '{"text":"while down"}' });
    expect([post.status, post.headers['retry-after'], post.text]).toEqual([
      503,
      '1',
      '{"error":{"status":503,"message":"the notes storage is unavailable; try again shortly"}}',
    ]);
    for (const instance of live) await instance.waitFor(/Redis at 127\.0\.0\.1:\d+ is unavailable \(.+\); requests that need it get 503 until it is back\n/);

    const restartedAt = Date.now();
    await redis!.restart();
    await Promise.all(live.map((i) => i.waitFor(/Redis at 127\.0\.0\.1:\d+ is back\n/)));
    await loadUntil((o) => o.filter((x) => x.status === 200 && x.at > restartedAt).length >= 100);
    const outcomes = await load.stop();
    load = undefined;

    const unavailable = outcomes.filter((o) => o.status === 503);
    const firstOkAfter = outcomes.find((o) => o.status === 200 && o.at > restartedAt)!.at;
    report(
      `Redis stopped and restarted under load: ${outcomes.length} requests sent through nginx, ${unavailable.length} answered 503 while Redis was down ` +
        `(${restartedAt - stoppedAt} ms), ${outcomes.length - unavailable.length} answered 200; served again ${firstOkAfter - restartedAt} ms after the restart`,
    );
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    expect(new Set(unavailable.map((o) => o.body))).toEqual(
      new Set(['{"error":{"status":503,"message":"the notes storage is unavailable; try again shortly"}}']),
    );
    expect(live.map((i) => i.running())).toEqual([true, true]); // nothing crashed or restarted
    // the data outlived the restart (Redis' append-only file)
    expect(JSON.parse((await viaNginx('/api/notes')).text)).toEqual(JSON.parse(before.text));
  });
});
