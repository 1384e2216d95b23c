/**
 * The events an app sees through `app.fetch` are node:http's, on every runtime: the events app
 * (events/app.cjs) records, per request, `req` 'aborted' / 'end' / 'error' / 'close' and `res`
 * 'finish' / 'close' (and whether it finished), and answers the same requests served by
 * node:http (`app.listen` on node: events/node.cjs), through `Bun.serve` (events/bun.mjs),
 * `Deno.serve` (events/deno.mjs) and workerd (events/worker.mjs, bundled): a whole answer, a
 * streamed one, a client gone mid-download, a client gone before the answer, an upload read
 * whole and a client gone mid-upload. Each runtime's record is compared with node's: the
 * request's events in order, the response's in order (where the request's 'end' falls among
 * the response's events is node's own scheduling, which changed in Node 26).
 *
 * On Deno, `request.signal` aborts after every answer that was sent (Deno's legacy behaviour):
 * that is not a client going away, so a whole or streamed answer records 'finish' and no
 * 'aborted', as on node. On workerd a client going away before the answer or mid-download
 * is not told to the Worker at all (its work just ends): those two cases record nothing
 * there. Also checked: workerd's answers carry a Date header, as node's.
 *
 * The servers run from this repository, as the docs say to run the examples (the built
 * packages, `npm run setup`); workerd's Worker is bundled into a temp dir by esbuild.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bunBinary, denoBinary, workerdBinary } from '@webfw/test-support/runtimes';
import { bundle, start as startIn, startWorkerd, stop, type Started } from './support/servers';

jest.setTimeout(120_000);

const root = join(__dirname, '..', '..', '..');
const events = join(__dirname, 'events');
const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** Starts `command args` in the repository on a free port; resolves once it listens. */
const start = (command: string, args: string[]): Promise<Started> => startIn(command, args, root);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** An exchange's answer: status, headers and body, or the client's own abort. */
interface Answer {
  status?: number;
  headers?: IncomingHttpHeaders;
  body?: string;
}

/**
 * One request to `base + path`: `body` sent whole, or, with `uploadThenAbort`, that many bytes
 * of a declared megabyte and then the connection cut; `abortAfterFirstByte` cuts it on the
 * answer's first bytes, `abortAfterMs` that long after sending.
 */
function exchange(
  base: string,
  path: string,
  options: { method?: string; body?: Buffer; uploadThenAbort?: number; abortAfterFirstByte?: boolean; abortAfterMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.body) headers['content-length'] = String(options.body.length);
    if (options.uploadThenAbort !== undefined) headers['content-length'] = String(1024 * 1024);
    const req = httpRequest(base + path, { method: options.method ?? 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        if (options.abortAfterFirstByte) {
          req.destroy();
          resolve({ status: res.statusCode });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', () => resolve({ status: res.statusCode }));
    });
    req.on('error', (err) =>
      options.abortAfterFirstByte || options.abortAfterMs !== undefined || options.uploadThenAbort !== undefined ? resolve({}) : reject(err),
    );
    if (options.uploadThenAbort !== undefined) {
      req.write(Buffer.alloc(options.uploadThenAbort, 'u'));
      setTimeout(() => {
        req.destroy();
        resolve({});
      }, 150);
      return;
    }
    req.end(options.body);
    if (options.abortAfterMs !== undefined)
      setTimeout(() => {
        req.destroy();
        resolve({});
      }, options.abortAfterMs);
  });
}

/** What the app recorded for request `id`, once it stops changing. */
async function recorded(base: string, id: string): Promise<string[]> {
  let last = '';
  for (let i = 0; i < 60; i++) {
    await sleep(50);
    const answer = await exchange(base, `/log?id=${id}`);
    // (settled: the response closed, or nothing came for half a second)
    if (answer.body === last && (last.includes('res close') || i >= 10)) break;
    last = answer.body ?? '';
  }
  return JSON.parse(last) as string[];
}

interface Scenario {
  name: string;
  ask: (base: string, id: string) => Promise<Answer>;
}

const SCENARIOS: Scenario[] = [
  { name: 'a whole answer', ask: (base, id) => exchange(base, `/whole?id=${id}`) },
  { name: 'a streamed answer', ask: (base, id) => exchange(base, `/stream?id=${id}`) },
  { name: 'the client gone mid-download', ask: (base, id) => exchange(base, `/stalled?id=${id}`, { abortAfterFirstByte: true }) },
  { name: 'the client gone before the answer', ask: (base, id) => exchange(base, `/pending?id=${id}`, { abortAfterMs: 100 }) },
  { name: 'an upload read whole', ask: (base, id) => exchange(base, `/upload?id=${id}`, { method: 'POST', body: Buffer.alloc(64 * 1024, 'u') }) },
  { name: 'the client gone mid-upload', ask: (base, id) => exchange(base, `/upload?id=${id}`, { method: 'POST', uploadThenAbort: 16 * 1024 }) },
];

/** The cases workerd does not tell a Worker of: its client going away while the answer is pending or streaming. */
const UNSEEN_ON_WORKERD = ['the client gone mid-download', 'the client gone before the answer'];

/** Each scenario's record, split into the request's events and the response's (each in order), and the whole answers' bodies. */
async function recordAll(base: string): Promise<Record<string, { req: string[]; res: string[]; body?: string }>> {
  const out: Record<string, { req: string[]; res: string[]; body?: string }> = {};
  let n = 0;
  for (const scenario of SCENARIOS) {
    const id = String(++n);
    const answer = await scenario.ask(base, id);
    const events = await recorded(base, id);
    out[scenario.name] = { req: events.filter((e) => e.startsWith('req')), res: events.filter((e) => !e.startsWith('req')), body: answer.body };
  }
  return out;
}

let reference: Awaited<ReturnType<typeof recordAll>>;

beforeAll(async () => {
  const node = await start(process.execPath, [join(events, 'node.cjs')]);
  try {
    reference = await recordAll(node.url);
  } finally {
    await stop(node);
  }
});

describe('the events an app sees through app.fetch are node:http’s', () => {
  it('node:http: the reference records each case as node gives it', () => {
    expect(reference['a whole answer']!.res).toEqual(['res finish', 'res close']);
    expect(reference['the client gone mid-download']!.res).toEqual(['res close unfinished', 'write after close false']);
    expect(reference['the client gone before the answer']).toMatchObject({ req: expect.arrayContaining(['req aborted']), res: ['res close unfinished'] });
    expect(reference['the client gone mid-upload']).toMatchObject({ req: expect.arrayContaining(['req aborted']), res: ['res close unfinished'] });
  });

  it('on Bun (Bun.serve)', async () => {
    const bun = await start(bunBinary(log, 'fetch'), [join(events, 'bun.mjs')]);
    try {
      expect(await recordAll(bun.url)).toEqual(reference);
    } finally {
      await stop(bun);
    }
  });

  it('on Deno (Deno.serve): its signal aborting after an answer is not a client gone', async () => {
    const deno = await start(denoBinary(log, 'fetch'), ['run', '-A', '--quiet', join(events, 'deno.mjs')]);
    try {
      expect(await recordAll(deno.url)).toEqual(reference);
    } finally {
      await stop(deno);
    }
  });

  it('on workerd (export default { fetch: app.fetch }), with a Date header as node gives', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'webfw-fetch-events-'));
    try {
      await bundle(join(events, 'app.cjs'), join(dir, 'app.bundle.cjs'));
      copyFileSync(join(events, 'worker.mjs'), join(dir, 'worker.mjs'));
      const config = (port: number): string =>
        [
          'using Workerd = import "/workerd/workerd.capnp";',
          'const config :Workerd.Config = (',
          '  services = [ (name = "main", worker = .worker) ],',
          `  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],`,
          ');',
          'const worker :Workerd.Worker = (',
          '  modules = [ (name = "worker.mjs", esModule = embed "worker.mjs"), (name = "app.bundle.cjs", commonJsModule = embed "app.bundle.cjs") ],',
          '  compatibilityDate = "2026-11-01",',
          ');',
          '',
        ].join('\n');
      const workerd = await startWorkerd(workerdBinary(log, 'fetch'), dir, config, (url) => exchange(url, '/log?id=none'));
      try {
        const whole = await exchange(workerd.url, '/whole?id=date');
        expect(new Date(String(whole.headers?.date)).toUTCString()).toBe(whole.headers?.date);
        // workerd ends the work of a request whose client went away without telling the Worker
        // (neither the request's signal nor the body stream's cancel reach it): those cases
        // record nothing there (docs/runtimes.md)
        const expected = { ...reference };
        for (const name of UNSEEN_ON_WORKERD) expected[name] = { req: [], res: [], body: undefined };
        expect(await recordAll(workerd.url)).toEqual(expected);
      } finally {
        await stop(workerd);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
