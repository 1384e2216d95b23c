/**
 * The demo app through `app.fetch` on node (node:http serving the fetch handler: node.cjs),
 * Bun (`Bun.serve`: bun.mjs) and Deno (`Deno.serve`: deno.mjs) answers the same requests as
 * the demo app through `app.listen` on node (listen.cjs); and the API app of worker/ through
 * `export default { fetch: app.fetch }` on workerd answers as it does on node. Each runtime
 * comes from the npm registry's package of its binary, installed on first use into
 * node_modules/.cache/runtimes (tooling/test-support/runtimes.ts, said on the output).
 *
 * The apps run from a temp dir laid out as npm installs the packages (each package's `files`,
 * its dependencies linked), so Bun and Deno resolve the built packages, not this repository's
 * sources. Compared for each answer: the status, every header but Date and the framing ones
 * (Content-Length, Transfer-Encoding, Connection, Keep-Alive: each runtime frames the body
 * itself), the body; cookie expiry dates, session ids and the rate limit's reset seconds are
 * replaced by placeholders first (they differ from run to run on any server).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, utimesSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bunBinary, denoBinary, workerdBinary } from '@webfw/test-support/runtimes';
import { installPackage, PACKAGES } from '@webfw/test-support/installed-layout';
import { bundle, start as startIn, startWorkerd, stop, type Started } from './support/servers';

jest.setTimeout(120_000);

const examples = join(__dirname, '..');
const DEMO_DEPS = ['cookie-parser', 'express-session', 'express-rate-limit', 'ejs'];
// a runtime's first install (a download) is said in one line each, not in a console block
const log = (line: string): void => void process.stderr.write(`${line}\n`);

let work: string;

/** The packages as npm installs them, the demo's dependencies, the demo and these examples, in `dir`. */
function layOut(dir: string): void {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fetch-runtimes', private: true }));
  mkdirSync(join(dir, 'node_modules', '@webfw'), { recursive: true });
  for (const name of PACKAGES) installPackage(name, join(dir, 'node_modules'));
  for (const dep of DEMO_DEPS) symlinkSync(realpathSync(join(examples, 'node_modules', dep)), join(dir, 'node_modules', dep), 'dir');
  cpSync(join(examples, 'demo'), join(dir, 'demo'), { recursive: true, filter: (src) => !src.endsWith('.test.ts') });
  // whole seconds: Deno's fs.stat rounds a file time's sub-millisecond part where node truncates
  // it, and serve-static's ETag holds the time in milliseconds
  const time = new Date('2026-01-02T03:04:05Z');
  for (const file of readdirSync(join(dir, 'demo', 'public'))) utimesSync(join(dir, 'demo', 'public', file), time, time);
  cpSync(__dirname, join(dir, 'fetch'), { recursive: true, filter: (src) => !src.endsWith('.test.ts') });
}

/** Starts `command args` in the work dir on a free port; resolves once it prints the URL it listens on. */
const start = (command: string, args: string[]): Promise<Started> => startIn(command, args, work);

/** One request of a sequence: method, path, headers, body; `etagOf` sends the ETag of an earlier answer as If-None-Match. */
interface Ask {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  etagOf?: number;
}

const FRAMING = new Set(['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/** One exchange over node:http (fetch() would add `Cache-Control: no-cache` to a conditional request). */
function exchange(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      base + path,
      { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** An answer as compared: status, headers (normalised, sorted), body text. */
async function send(base: string, ask: Ask, etags: (string | null)[]): Promise<{ status: number; headers: string[]; body: string }> {
  const headers: Record<string, string> = { ...ask.headers };
  if (ask.etagOf !== undefined) headers['if-none-match'] = etags[ask.etagOf] ?? '';
  const res = await exchange(base, ask.method ?? 'GET', ask.path, headers, ask.body);
  etags.push((res.headers.etag as string | undefined) ?? null);
  const lines: string[] = [];
  // a note's creation time differs from run to run, and so does the ETag of a body holding one;
  // a malformed JSON body's message is the JavaScript engine's own (JSC's on Bun, as for express there)
  const body = res.text
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<time>')
    .replace(/"message":"[^"]*"(,"type":"entity\.parse\.failed")/, '"message":"<the engine\'s JSON.parse message>"$1');
  for (const [name, value] of Object.entries(res.headers)) {
    if (FRAMING.has(name) || name === 'set-cookie') continue;
    if (name === 'etag' && body !== res.text) lines.push('etag: <etag of a body with times>');
    else lines.push(`${name}: ${String(value).replace(/t=\d+/, 't=<seconds>')}`);
  }
  for (const cookie of res.headers['set-cookie'] ?? [])
    lines.push(`set-cookie: ${cookie.replace(/Expires=[^;]+/, 'Expires=<date>').replace(/^demo\.sid=[^;]+/, 'demo.sid=<session>')}`);
  return { status: res.status, headers: lines.sort(), body };
}

/** The answers of the server at `base` to `asks`, in order. */
async function answers(base: string, asks: readonly Ask[]): Promise<unknown[]> {
  const etags: (string | null)[] = [];
  const out: unknown[] = [];
  for (const ask of asks) out.push({ ask: `${ask.method ?? 'GET'} ${ask.path}`, ...(await send(base, ask, etags)) });
  return out;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

const DEMO_ASKS: Ask[] = [
  { path: '/health' },
  { path: '/' },
  { path: '/static/style.css' },
  { path: '/static/style.css', etagOf: 2 },
  { method: 'POST', path: '/api/notes', headers: JSON_TYPE, body: JSON.stringify({ text: 'hello from a runtime', author: 'ann' }) },
  { path: '/api/notes' },
  { path: '/api/notes/1' },
  { path: '/api/notes/abc' },
  { path: '/api/notes/99' },
  { method: 'POST', path: '/api/notes', headers: JSON_TYPE, body: '{"text": ' },
  { method: 'POST', path: '/api/notes', headers: JSON_TYPE, body: JSON.stringify({ text: '' }) },
  { method: 'DELETE', path: '/api/notes/1' },
  { path: '/api/whoami' },
  { path: '/nope' },
  { method: 'POST', path: '/theme', headers: FORM_TYPE, body: 'theme=dark' },
  { method: 'POST', path: '/notes', headers: FORM_TYPE, body: 'text=from+a+form&author=bo' },
  { path: '/', headers: { cookie: 'theme=dark' } },
  { method: 'HEAD', path: '/health' },
];

const WORKER_ASKS: Ask[] = [
  { path: '/health' },
  { method: 'POST', path: '/api/notes', headers: JSON_TYPE, body: JSON.stringify({ text: 'on the edge' }) },
  { path: '/api/notes' },
  { path: '/api/notes/1', headers: { 'cf-connecting-ip': '127.0.0.1' } },
  { path: '/api/notes/7' },
  { method: 'POST', path: '/api/notes', headers: JSON_TYPE, body: '{"text": ' },
  { method: 'POST', path: '/api/notes', headers: JSON_TYPE, body: JSON.stringify({ text: 'x'.repeat(20_000) }) },
  { method: 'POST', path: '/form', headers: FORM_TYPE, body: 'name=A+B' },
];

let reference: unknown[];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'webfw-fetch-'));
  layOut(work);
  const listening = await start(process.execPath, ['fetch/listen.cjs']);
  try {
    reference = await answers(listening.url, DEMO_ASKS);
  } finally {
    await stop(listening);
  }
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The demo's answers through `command args`, stopped afterwards. */
async function demoThrough(command: string, args: string[]): Promise<unknown[]> {
  const started = await start(command, args);
  try {
    return await answers(started.url, DEMO_ASKS);
  } finally {
    await stop(started);
  }
}

describe('the demo app through app.fetch answers as through app.listen', () => {
  it('the reference answers cover pages, static files, the API, errors, forms and HEAD', () => {
    const statuses = (reference as { status: number }[]).map((a) => a.status);
    expect(statuses).toEqual([200, 200, 200, 304, 201, 200, 200, 400, 404, 400, 422, 204, 200, 404, 303, 303, 200, 200]);
  });

  it('on node (node:http serving the fetch handler)', async () => {
    expect(await demoThrough(process.execPath, ['fetch/node.cjs'])).toEqual(reference);
  });

  it('on Bun (Bun.serve)', async () => {
    expect(await demoThrough(bunBinary(log, 'fetch'), ['fetch/bun.mjs'])).toEqual(reference);
  });

  it('on Deno (Deno.serve)', async () => {
    expect(await demoThrough(denoBinary(log, 'fetch'), ['run', '-A', '--quiet', 'fetch/deno.mjs'])).toEqual(reference);
  });
});

describe('the API app on workerd (export default { fetch: app.fetch })', () => {
  it('answers as the same app through app.listen on node', async () => {
    const listening = await start(process.execPath, ['fetch/worker/listen.cjs']);
    let expected: unknown[];
    try {
      expected = await answers(listening.url, WORKER_ASKS);
    } finally {
      await stop(listening);
    }
    const dir = join(work, 'fetch', 'worker');
    await bundle(join(dir, 'app.cjs'), join(dir, 'app.bundle.cjs'));
    const config = readFileSync(join(dir, 'config.capnp'), 'utf8');
    const started = await startWorkerd(
      workerdBinary(log, 'fetch'),
      dir,
      (port) => config.replace('127.0.0.1:8787', `127.0.0.1:${port}`),
      (url) => exchange(url, 'GET', '/health', {}),
    );
    try {
      // (a fresh worker: the health probes changed nothing)
      expect(await answers(started.url, WORKER_ASKS)).toEqual(expected);
    } finally {
      await stop(started);
    }
  });
});
