/**
 * HTTP/2 sessions' stream tables (http2-stream-tables.ts): node keeps a session's streams in a
 * `Map` and a `Set` whose replaced hash tables keep every later stream alive through the
 * scavenges once a mark-compact moved them to the old generation. webfw's servers give each
 * session tables without that chain. Streams opened, answered, reset and destroyed with their
 * session behave as with node's own tables, and finished streams die young.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants, createServer, type ClientHttp2Session, type Http2Session } from 'node:http2';
import { join } from 'node:path';
import webfw from '@webfw/core';
import type { Application, Request, Response } from '@webfw/core';
import { closeHttp2, closeHttp2Session, connectHttp2, http2Exchange, listenHttp2, type AnyHttp2Server } from '../../../tooling/test-support';

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

function listening(app: Application): Promise<AnyHttp2Server> {
  return new Promise((resolve) => {
    const server = app.listen({ port: 0, host: '127.0.0.1', http2: true }, () => resolve(server as AnyHttp2Server));
  });
}

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
  it("should give app.listen's sessions the tables and answer 300 streams of one session, 100 at a time, each with its own answer", async () => {
    const server = await listening(tablesApp());
    const client = await connectHttp2(server);
    try {
      for (let batch = 0; batch < 3; batch++) {
        const answers = await Promise.all(Array.from({ length: 100 }, (_, k) => get(client, `/n/${batch * 100 + k}`)));
        expect(answers).toEqual(Array.from({ length: 100 }, (_, k) => ({ status: 200, body: JSON.stringify({ i: batch * 100 + k }) })));
      }
      // only the stream asking is open: every finished stream left the tables
      expect(JSON.parse((await get(client, '/open')).body)).toEqual({ streams: 1, pending: 0, table: 'StreamsById', set: 'PendingStreams' });
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

  it('should give the sessions of a server the user made with http2.createServer(app) the tables, from its first request on', async () => {
    const server = await listenHttp2(createServer(tablesApp() as unknown as Parameters<typeof createServer>[0]));
    const client = await connectHttp2(server);
    const early = await connectHttp2(server);
    try {
      expect(await get(client, '/n/1')).toEqual({ status: 200, body: '{"i":1}' });
      expect(JSON.parse((await get(client, '/open')).body)).toEqual({ streams: 1, pending: 0, table: 'StreamsById', set: 'PendingStreams' });
      // a session opened before the server was adopted and one after (their requests born with the app's classes)
      const after = await connectHttp2(server);
      try {
        for (const other of [early, after]) {
          expect(JSON.parse((await get(other, '/open')).body)).toEqual({ streams: 1, pending: 0, table: 'StreamsById', set: 'PendingStreams' });
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

  /**
   * Bytes promoted by each scavenge while `requests` hello requests (2 sessions, 10 streams
   * each in flight) followed a full GC.
   */
  async function promotedAfterFullGc(mode: 'webfw' | 'node', requests: number): Promise<number[]> {
    const child = spawn(process.execPath, ['--expose-gc', '--trace-gc-nvp', fixture, mode, dist], { stdio: ['ignore', 'pipe', 'inherit'] });
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
    const after = out.slice(out.indexOf('GC DONE'));
    return after
      .split('\n')
      .filter((line) => / gc=s /.test(line))
      .map((line) => Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0));
  }

  const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

  beforeAll(() => {
    if (!existsSync(dist)) throw new Error('packages/core/dist is missing: run `npx tsup` in packages/core first');
  });

  // (Right after the full GC both promote for a few scavenges what was in flight; the steady
  // state is what the last five scavenges show.)
  it("should not promote finished streams after a mark-compact, where node's own tables promote them", async () => {
    const node = await promotedAfterFullGc('node', 6000);
    const ours = await promotedAfterFullGc('webfw', 6000);
    // the load gave the scavenger work, and node's tables kept finished streams alive through it
    expect(node.length).toBeGreaterThanOrEqual(8);
    expect(ours.length).toBeGreaterThanOrEqual(8);
    expect(sum(node.slice(-5))).toBeGreaterThan(1_000_000);
    expect(sum(ours.slice(-5))).toBeLessThan(sum(node.slice(-5)) / 10);
  }, 60_000);
});
