/**
 * HTTP/2 sessions' stream tables (http2/stream-tables.ts): node keeps a session's streams in a
 * `Map` and a `Set` whose replaced hash tables keep every later stream alive through the
 * scavenges once a mark-compact moved them to the old generation (on Node 20; see the module
 * for the versions after). Where they pay (`STREAM_TABLES_PAY`), webfw's servers give each
 * session tables without that chain; elsewhere sessions keep node's own. The tables themselves
 * run on every version: streams opened, answered, reset and destroyed with their session behave
 * as with node's own tables, and where they pay, finished streams die young.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants, createServer, type ClientHttp2Session, type Http2Session } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import webfw from '@webfw/core';
import type { Application, Request, Response } from '@webfw/core';
import { applySessionStreamTables, STREAM_TABLES_PAY } from '../src/http2/stream-tables';
import { closeHttp2, closeHttp2Session, connectHttp2, http2Exchange, listenHttp2, type AnyHttp2Server } from '@webfw/test-support';

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** A stream table as the tests read it. */
interface Table {
  size: number;
  constructor: { name: string };
}

/** The session state's stream tables (node keeps them under `Symbol(state)`). */
function tablesOf(session: Http2Session): { streams: Table; pendingStreams: Table } {
  const key = Object.getOwnPropertySymbols(session).find((symbol) => symbol.description === 'state');
  if (key === undefined) throw new Error('no session state');
  return (session as unknown as Record<symbol, { streams: Table; pendingStreams: Table }>)[key] as { streams: Table; pendingStreams: Table };
}

/** An app answering `/n/:i` with `i`, `/open` with the open streams of its session, `/hang` never. */
function tablesApp(hanging: Response[] = []): Application {
  const app = webfw();
  app.get('/n/:i', (req: Request<{ i: string }>, res: Response) => {
    res.json({ i: Number(req.params.i) });
  });
  app.get('/open', (req: Request, res: Response) => {
    const { streams, pendingStreams } = tablesOf((req as unknown as { stream: { session: Http2Session } }).stream.session);
    res.json({ streams: streams.size, pending: pendingStreams.size, table: streams.constructor.name, set: pendingStreams.constructor.name });
  });
  app.get('/hang', (_req: Request, res: Response) => {
    hanging.push(res);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('partial');
  });
  return app;
}

/** `app.listen({ http2: true })`; with `tables`, every session also gets the tables whatever the node version. */
function listening(app: Application, tables = true): Promise<AnyHttp2Server> {
  return new Promise((resolve) => {
    const server = app.listen({ port: 0, host: '127.0.0.1', http2: true }, () => resolve(server as AnyHttp2Server));
    if (tables) server.on('session', (session: Http2Session) => expect(applySessionStreamTables(session)).toBe(true));
  });
}

/** What `/open` answers for a session with our tables, and for one with node's own. */
const OURS = { table: 'StreamsById', set: 'PendingStreams' };
const NODES = { table: 'SafeMap', set: 'SafeSet' };

/** One GET on `client`: status and body text. */
async function get(client: ClientHttp2Session, path: string): Promise<{ status: number; body: string }> {
  const { status, body } = await http2Exchange(client, { path });
  return { status, body: body.toString('utf8') };
}

/** A `tablesApp` started by `app.listen({ http2: true })`, its server's sessions as they start, a client session to it. */
interface HangingSetup {
  server: AnyHttp2Server;
  hanging: Response[];
  sessions: Http2Session[];
  client: ClientHttp2Session;
}

async function startHanging(): Promise<HangingSetup> {
  const hanging: Response[] = [];
  const server = await listening(tablesApp(hanging));
  const sessions: Http2Session[] = [];
  server.on('session', (s: Http2Session) => sessions.push(s));
  return { server, hanging, sessions, client: await connectHttp2(server) };
}

async function stopHanging({ server, client }: HangingSetup): Promise<void> {
  await closeHttp2Session(client);
  await closeHttp2(server);
}

describe('HTTP/2 stream tables', () => {
  it(`should ${STREAM_TABLES_PAY ? 'give' : 'not give'} app.listen's sessions the tables on Node ${NODE_MAJOR}`, async () => {
    expect(STREAM_TABLES_PAY).toBe(NODE_MAJOR <= 20);
    const server = await listening(tablesApp(), false);
    const client = await connectHttp2(server);
    try {
      expect(await get(client, '/n/1')).toEqual({ status: 200, body: '{"i":1}' });
      expect(JSON.parse((await get(client, '/open')).body)).toEqual({ streams: 1, pending: 0, ...(STREAM_TABLES_PAY ? OURS : NODES) });
    } finally {
      await closeHttp2Session(client);
      await closeHttp2(server);
    }
  });

  it("should find the session state on this node and leave a session whose state does not look like node's as it is", async () => {
    const state = { streams: { size: 0 }, pendingStreams: new Set() };
    const foreign = { [Symbol('state')]: state } as unknown as Http2Session;
    expect(applySessionStreamTables(foreign)).toBe(false);
    expect(state.streams).toEqual({ size: 0 });
    // a real session: node's tables found (the trick applies on this version), and given once
    const server = await listening(tablesApp(), false);
    const sessions: Http2Session[] = [];
    server.on('session', (session: Http2Session) => sessions.push(session));
    const client = await connectHttp2(server);
    try {
      expect(await get(client, '/n/2')).toEqual({ status: 200, body: '{"i":2}' });
      expect(applySessionStreamTables(sessions[0]!)).toBe(true);
      const given = tablesOf(sessions[0]!).streams;
      expect(applySessionStreamTables(sessions[0]!)).toBe(true);
      expect(tablesOf(sessions[0]!).streams).toBe(given);
      expect(JSON.parse((await get(client, '/open')).body)).toEqual({ streams: 1, pending: 0, ...OURS });
    } finally {
      await closeHttp2Session(client);
      await closeHttp2(server);
    }
  });

  it('should answer 300 streams of one session with the tables, 100 at a time, each with its own answer', async () => {
    const server = await listening(tablesApp());
    const client = await connectHttp2(server);
    try {
      for (let batch = 0; batch < 3; batch++) {
        const answers = await Promise.all(Array.from({ length: 100 }, (_, k) => get(client, `/n/${batch * 100 + k}`)));
        expect(answers).toEqual(Array.from({ length: 100 }, (_, k) => ({ status: 200, body: JSON.stringify({ i: batch * 100 + k }) })));
      }
      // only the stream asking is open: every finished stream left the tables
      expect(JSON.parse((await get(client, '/open')).body)).toEqual({ streams: 1, pending: 0, ...OURS });
    } finally {
      await closeHttp2Session(client);
      await closeHttp2(server);
    }
  });

  it('should remove a stream the client resets mid-response and go on answering on that session', async () => {
    const setup = await startHanging();
    const { hanging, client } = setup;
    try {
      const stream = client.request({ ':path': '/hang' });
      await new Promise((resolve) => stream.once('response', resolve));
      const serverClosed = new Promise((resolve) => hanging[0]!.once('close', resolve));
      stream.close(constants.NGHTTP2_CANCEL);
      await serverClosed;
      expect(await get(client, '/n/7')).toEqual({ status: 200, body: '{"i":7}' });
      expect(JSON.parse((await get(client, '/open')).body)).toMatchObject({ streams: 1, pending: 0 });
    } finally {
      await stopHanging(setup);
    }
  });

  it("should close every open stream when the server destroys the session (the table's forEach)", async () => {
    const setup = await startHanging();
    const { hanging, sessions, client } = setup;
    client.on('error', () => undefined);
    try {
      const streams = [0, 1, 2].map(() => client.request({ ':path': '/hang' }));
      for (const stream of streams) stream.on('error', () => undefined);
      await Promise.all(streams.map((stream) => new Promise((resolve) => stream.once('response', resolve))));
      expect(tablesOf(sessions[0]!).streams.size).toBe(3);
      const serverClosed = Promise.all(hanging.map((res) => new Promise((resolve) => res.once('close', resolve))));
      const clientClosed = Promise.all(streams.map((stream) => new Promise((resolve) => stream.once('close', resolve))));
      sessions[0]!.destroy();
      await Promise.all([serverClosed, clientClosed]);
      expect(hanging.map((res) => res.writableFinished)).toEqual([false, false, false]);
      expect(tablesOf(sessions[0]!).streams.size).toBe(0);
    } finally {
      await stopHanging(setup);
    }
  });

  it("should let a graceful session.close() wait for the streams still open (the table's size)", async () => {
    const setup = await startHanging();
    const { hanging, sessions, client } = setup;
    try {
      const stream = client.request({ ':path': '/hang' });
      let body = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (body += chunk));
      const ended = new Promise((resolve) => stream.once('end', resolve));
      await new Promise((resolve) => stream.once('response', resolve));
      let sessionClosed = false;
      sessions[0]!.close(() => (sessionClosed = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sessionClosed).toBe(false);
      hanging[0]!.end(' and the rest');
      await ended;
      expect(body).toBe('partial and the rest');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sessionClosed).toBe(true);
    } finally {
      await stopHanging(setup);
    }
  });

  it(`should ${STREAM_TABLES_PAY ? 'give' : 'not give'} the sessions of a server the user made with http2.createServer(app) the tables, from its first request on`, async () => {
    const server = await listenHttp2(createServer(tablesApp() as unknown as Parameters<typeof createServer>[0]));
    const client = await connectHttp2(server);
    const early = await connectHttp2(server);
    try {
      expect(await get(client, '/n/1')).toEqual({ status: 200, body: '{"i":1}' });
      const expected = { streams: 1, pending: 0, ...(STREAM_TABLES_PAY ? OURS : NODES) };
      expect(JSON.parse((await get(client, '/open')).body)).toEqual(expected);
      // a session opened before the server was adopted and one after (their requests born with the app's classes)
      const after = await connectHttp2(server);
      try {
        for (const other of [early, after]) {
          expect(JSON.parse((await get(other, '/open')).body)).toEqual(expected);
        }
      } finally {
        await closeHttp2Session(after);
      }
    } finally {
      await closeHttp2Session(early);
      await closeHttp2Session(client);
      await closeHttp2(server);
    }
  });
});

describe('HTTP/2 stream tables and the garbage collector', () => {
  const dist = join(__dirname, '..', 'dist', 'index.cjs');
  const fixture = join(__dirname, 'fixtures', 'http2-gc', 'server.cjs');
  let dir: string;
  let tablesModule: string;

  /** Bytes promoted by a scavenge, from one line of `--trace-gc-nvp` (name=value pairs; JSON from Node 26 on), or undefined for another line. */
  function scavengePromoted(line: string): number | undefined {
    const json = line.indexOf('GC: {');
    if (json >= 0) {
      const event = JSON.parse(line.slice(json + 4)) as { gc?: string; promoted?: number };
      return event.gc === 's' ? (event.promoted ?? 0) : undefined;
    }
    return / gc=s /.test(line) ? Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0) : undefined;
  }

  it('should read the scavenges of both trace formats', () => {
    expect(scavengePromoted('[1:0x1]  42 ms: pause=1.4 mutator=31.6 gc=s reduce_memory=0 promoted=865656 semi_space_copied=1')).toBe(865656);
    expect(scavengePromoted('[1:0x1]  42 ms: pause=1.4 mutator=31.6 gc=mc reduce_memory=0 promoted=1')).toBeUndefined();
    expect(scavengePromoted('[1:0x1:0]  34 ms: GC: {"pause":1.601,"gc":"s","promoted":865656,"new_space_survived":425856}')).toBe(865656);
    expect(scavengePromoted('[1:0x1:0]  34 ms: GC: {"pause":1.601,"gc":"mc","promoted":1}')).toBeUndefined();
    expect(scavengePromoted('[1:0x1:0]  32 ms: Memory pool: Removed pages: 0')).toBeUndefined();
  });

  /**
   * Bytes promoted by each scavenge while `requests` hello requests (2 sessions, 10 streams
   * each in flight) followed a full GC, the app's sessions given the tables (`tables`) or not.
   */
  async function promotedAfterFullGc(mode: 'webfw-tables' | 'webfw-no-tables', requests: number): Promise<number[]> {
    const child = spawn(process.execPath, ['--expose-gc', '--trace-gc-nvp', fixture, mode, dist, tablesModule], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const poll = setInterval(() => {
          const found = /PORT (\d+)/.exec(out);
          if (found) {
            clearInterval(poll);
            resolve(Number(found[1]));
          } else if (child.exitCode !== null) {
            clearInterval(poll);
            reject(new Error(`the server exited: ${out}`));
          }
        }, 20);
      });
      const clients = [await connectHttp2(port), await connectHttp2(port)];
      const load = async (count: number): Promise<void> => {
        let next = 0;
        const lane = async (client: ClientHttp2Session): Promise<void> => {
          while (next < count) {
            next++;
            expect((await get(client, '/')).status).toBe(200);
          }
        };
        await Promise.all(clients.flatMap((client) => Array.from({ length: 10 }, () => lane(client))));
      };
      await load(500);
      expect(await get(clients[0]!, '/gc')).toEqual({ status: 200, body: 'gc' });
      await load(requests);
      await Promise.all(clients.map(closeHttp2Session));
    } finally {
      child.kill();
      await exited;
    }
    expect(out).toContain(`TABLES ${mode === 'webfw-tables'}`);
    const after = out.slice(out.indexOf('GC DONE'));
    return after
      .split('\n')
      .map(scavengePromoted)
      .filter((promoted): promoted is number => promoted !== undefined);
  }

  const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

  beforeAll(() => {
    if (!existsSync(dist)) throw new Error('packages/core/dist is missing: run `npx tsup` in packages/core first');
    // the tables as a CommonJS module the fixture can give any session (the package's build applies them where they pay only)
    dir = mkdtempSync(join(tmpdir(), 'webfw-stream-tables-'));
    tablesModule = join(dir, 'http2-stream-tables.cjs');
    const source = readFileSync(join(__dirname, '..', 'src', 'http2', 'stream-tables.ts'), 'utf8');
    writeFileSync(tablesModule, ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // (Right after the full GC both promote for a few scavenges what was in flight; the steady
  // state is what the last five scavenges show.)
  if (STREAM_TABLES_PAY) {
    it(`should not promote finished streams after a mark-compact on Node ${NODE_MAJOR}, where node's own tables promote them`, async () => {
      const node = await promotedAfterFullGc('webfw-no-tables', 6000);
      const ours = await promotedAfterFullGc('webfw-tables', 6000);
      // the load gave the scavenger work, and node's tables kept finished streams alive through it
      expect(node.length).toBeGreaterThanOrEqual(5);
      expect(ours.length).toBeGreaterThanOrEqual(5);
      expect(sum(node.slice(-5))).toBeGreaterThan(1_000_000);
      expect(sum(ours.slice(-5))).toBeLessThan(sum(node.slice(-5)) / 10);
    }, 60_000);
  } else {
    // the reason they are not used here: if this fails, the tables pay again on this version
    it(`should leave the app's promotion much as it is on Node ${NODE_MAJOR}, where the tables are not used`, async () => {
      const node = await promotedAfterFullGc('webfw-no-tables', 6000);
      const ours = await promotedAfterFullGc('webfw-tables', 6000);
      expect(node.length).toBeGreaterThanOrEqual(5);
      expect(ours.length).toBeGreaterThanOrEqual(5);
      expect(sum(node.slice(-5))).toBeGreaterThan(1_000_000);
      expect(sum(ours.slice(-5))).toBeGreaterThan(sum(node.slice(-5)) / 2);
    }, 60_000);
  }
});
