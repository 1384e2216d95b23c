/**
 * The response over HTTP/2: the response suites again with every app served by
 * `http2.createServer(app)` (supertest's HTTP/2 client), then what only HTTP/2 has: HTTP/1-only
 * headers never written whoever sets them, and the places where node's HTTP/2 answers
 * otherwise than its HTTP/1.1 (each asserted here as HTTP/2 answers it).
 */
import { connect, Http2ServerResponse, type Http2ServerRequest, type IncomingHttpHeaders } from 'node:http2';
import type { RequestListener, ServerResponse } from 'node:http';
import webfw from '@webfw/core';
import type { Application, NextFunction, Request, Response } from '@webfw/core';
import { http2Request, runSuitesOver, withHttp2Server, type Http2RequestOptions } from '@webfw/test-support';
import { RESPONSE_SUITES } from './support/transport-suites';

jest.mock('supertest', () => {
  const { supertestOverHttp2 } = jest.requireActual('@webfw/test-support/http2');
  return supertestOverHttp2(jest.requireActual('supertest'));
});

const SUITES = RESPONSE_SUITES;

const EMPTY = "node's HTTP/2 ends an empty body with the stream (END_STREAM) and sends no Content-Length: 0";
const SENT = "node's HTTP/2 response throws ERR_HTTP2_HEADERS_SENT (same message) where HTTP/1.1 throws ERR_HTTP_HEADERS_SENT";
const STATUS = "node's HTTP/2 accepts status codes 200..599 only (RFC 9110's range); res.status(600..999) throws its RangeError";

/** Tests whose HTTP/1.1 expectation cannot hold over HTTP/2, each asserted below as HTTP/2 answers it. */
const DIFFERENCES = {
  'res.send: should send no body, no Content-Type and no ETag without an argument': EMPTY,
  'res.json: should send an empty body for undefined, typed as JSON': EMPTY,
  'res.properties: should end without data through res.end()': EMPTY,
  'res.send: should throw ERR_HTTP_HEADERS_SENT and leave the first response intact': SENT,
  'res.send: should throw when a Buffer is sent after res.end': SENT,
  'res.status: should accept codes from 100 to 999 (999)': STATUS,
  'res.status: should send codes from 600 to 999 (accepted by node 20) with the number as body': STATUS,
};

describe('over HTTP/2 (h2c)', () => {
  // the suites register their tests where they are required, inside this describe
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  runSuitesOver(SUITES, (suite) => require(`./${suite}.test`), DIFFERENCES, 'HTTP/2');
});

/** An app answering every request with `handler`. */
function appFor(handler: (req: Request, res: Response) => void): Application {
  const app = webfw();
  app.use(handler);
  return app;
}

/** The answer of `app` to one HTTP/2 request: status, headers (without date), body text. */
async function ask(app: Application, options: Http2RequestOptions = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return withHttp2Server(app as RequestListener, async (server) => {
    const res = await http2Request(server, options);
    const { date: _date, ...headers } = res.headers;
    return { status: res.status, headers, body: res.body.toString('utf8') };
  });
}

/**
 * What node writes on stderr matching `pattern` while `run` runs (and a tick after it: node
 * prints a warning on a later tick), kept from the output; the rest passes through. Node's own
 * warnings (UnsupportedWarning ...) come from node's `process`, which jest's global `process`
 * (a copy) does not see: stderr is where they show.
 */
async function stderrDuring(pattern: RegExp, run: () => Promise<void>): Promise<string[]> {
  const kept: string[] = [];
  const write = process.stderr.write.bind(process.stderr) as (...args: unknown[]) => boolean;
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
    if (!pattern.test(String(chunk))) return write(chunk, ...rest);
    kept.push(String(chunk));
    return true;
  });
  try {
    await run();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    stderr.mockRestore();
  }
  return kept;
}

function reportErrors(err: Error & { code?: string; status?: number }, _req: Request, res: Response, _next: NextFunction): void {
  res.status(err.status ?? 500).json({ name: err.name, code: err.code, message: err.message });
}

const HTTP1_ONLY = { connection: 'close', 'keep-alive': 'timeout=5', 'proxy-connection': 'keep-alive', 'transfer-encoding': 'chunked', upgrade: 'websocket' };

describe('HTTP/1-only headers over HTTP/2', () => {
  const absent = { connection: undefined, 'keep-alive': undefined, 'proxy-connection': undefined, 'transfer-encoding': undefined, upgrade: undefined };

  it.each<[string, (res: Response) => void]>([
    [
      'res.set(object)',
      (res) =>
        res.set({ Connection: 'close', 'Keep-Alive': 'timeout=5', 'Proxy-Connection': 'keep-alive', 'Transfer-Encoding': 'chunked', Upgrade: 'websocket' }),
    ],
    ['res.setHeader', (res) => Object.entries(HTTP1_ONLY).forEach(([name, value]) => res.setHeader(name, value))],
    ['res.append', (res) => Object.entries(HTTP1_ONLY).forEach(([name, value]) => res.append(name, value))],
    ['res.appendHeader', (res) => Object.entries(HTTP1_ONLY).forEach(([name, value]) => res.appendHeader(name, value))],
  ])('should never write them when set with %s, and frame the body with Content-Length', async (_name, setHeaders) => {
    const app = webfw();
    app.get('/', (_req, res) => {
      setHeaders(res);
      res.set('X-Kept', 'yes').send('hello');
    });
    const res = await ask(app);
    expect({ status: res.status, body: res.body, headers: { ...absent, 'x-kept': 'yes', 'content-length': '5' } }).toEqual({
      status: 200,
      body: 'hello',
      headers: Object.fromEntries(Object.keys({ ...absent, 'x-kept': 1, 'content-length': 1 }).map((n) => [n, res.headers[n]])),
    });
  });

  it.each<[string, (res: ServerResponse) => void]>([
    ['an object', (res) => res.writeHead(201, { ...HTTP1_ONLY, 'X-Kept': 'yes' })],
    ['a flat list', (res) => res.writeHead(201, ['Connection', 'close', 'X-Kept', 'yes', 'Transfer-Encoding', 'chunked', 'Upgrade', 'h2c'])],
    // with a status message: last in this file (node's warning about it, once per process)
  ])('should never write them when given to writeHead as %s', async (_name, writeHead) => {
    const res = await ask(
      appFor((_req, res) => {
        writeHead(res);
        res.end('x');
      }),
    );
    expect([res.status, res.body, res.headers['x-kept'], Object.keys(HTTP1_ONLY).filter((n) => n in res.headers)]).toEqual([201, 'x', 'yes', []]);
  });

  it('should keep TE: trailers and drop another TE', async () => {
    const kept = await ask(appFor((_req, res) => res.setHeader('TE', 'trailers').end()));
    const dropped = await ask(appFor((_req, res) => res.setHeader('TE', 'gzip').end()));
    expect([kept.headers.te, dropped.headers.te]).toEqual(['trailers', undefined]);
  });

  it("should drop them from an error's headers in the final handler and still send its page", async () => {
    const app = webfw();
    app.get('/', () => {
      throw Object.assign(new Error('busy'), { status: 503, headers: { Connection: 'close', 'Retry-After': '5' } });
    });
    const res = await ask(app);
    expect([res.status, res.headers.connection, res.headers['retry-after'], res.headers['content-type']]).toEqual([
      503,
      undefined,
      '5',
      'text/html; charset=utf-8',
    ]);
  });

  it('should refuse CR/LF and invalid names as HTTP/1.1 does (setHeader, writeHead)', async () => {
    const app = webfw();
    app.get('/:how', (req) => {
      if (req.params.how === 'value') req.res!.setHeader('X-A', 'a\r\nX-B: b');
      else if (req.params.how === 'name') req.res!.setHeader('X A', 'b');
      else req.res!.writeHead(200, { 'X-A': 'a\nb' });
    });
    app.use(reportErrors);
    await withHttp2Server(app as RequestListener, async (server) => {
      const answers = await Promise.all(
        ['value', 'name', 'writehead'].map(async (how) => JSON.parse((await http2Request(server, { path: `/${how}` })).body.toString()) as { code: string }),
      );
      expect(answers.map((a) => a.code)).toEqual(['ERR_INVALID_CHAR', 'ERR_INVALID_HTTP_TOKEN', 'ERR_INVALID_CHAR']);
    });
  });
});

describe('where node answers otherwise over HTTP/2', () => {
  it('should send an empty body without Content-Length (res.send(), res.json(undefined), res.end())', async () => {
    const app = webfw();
    app.get('/send', (_req, res) => res.send());
    app.get('/json', (_req, res) => res.json(undefined));
    app.get('/end', (_req, res) => res.status(202).end());
    await withHttp2Server(app as RequestListener, async (server) => {
      const answers = await Promise.all(['/send', '/json', '/end'].map((path) => http2Request(server, { path })));
      expect(answers.map((r) => [r.status, r.headers['content-length'], r.headers['content-type'], r.body.length])).toEqual([
        [200, undefined, undefined, 0],
        [200, undefined, 'application/json; charset=utf-8', 0],
        [202, undefined, undefined, 0],
      ]);
    });
  });

  it('should throw ERR_HTTP2_HEADERS_SENT for a second send and keep the first response', async () => {
    let code: string | undefined;
    const res = await ask(
      appFor((_req, res) => {
        res.send('one');
        try {
          res.send('two');
        } catch (err) {
          code = (err as { code?: string }).code;
        }
      }),
    );
    expect([res.status, res.body, res.headers['content-length'], code]).toEqual([200, 'one', '3', 'ERR_HTTP2_HEADERS_SENT']);
  });

  it('should throw a RangeError for a status from 600 to 999', async () => {
    const app = webfw();
    app.get('/', (_req, res) => res.status(600).send('x'));
    app.use(reportErrors);
    expect(await ask(app)).toMatchObject({
      status: 500,
      body: JSON.stringify({ name: 'RangeError', code: 'ERR_HTTP2_STATUS_INVALID', message: 'Invalid status code: 600' }),
    });
  });
});

describe('HTTP/2 responses', () => {
  it('should send the same head and body whether res.send/res.json write it in one writeHead or header by header', async () => {
    const bodies: Array<[string, (res: Response) => void]> = [
      ['json', (res) => res.status(201).json({ hello: 'wörld' })],
      ['string', (res) => res.send('<p>hi</p>')],
      ['buffer', (res) => res.send(Buffer.from('bytes'))],
      ['typed', (res) => res.type('text/plain').send('plain')],
    ];
    for (const [name, answer] of bodies) {
      const plain = appFor((_req, res) => answer(res));
      // a writeHead hook (as on-headers sets) makes the send store the headers one by one
      const hooked = appFor((_req, res) => {
        const original = res.writeHead;
        res.writeHead = function hook(this: Response, ...args: unknown[]) {
          return (original as (...a: unknown[]) => Response).apply(this, args);
        } as typeof res.writeHead;
        answer(res);
      });
      const [fast, stored] = [await ask(plain), await ask(hooked)];
      expect([name, fast]).toEqual([name, stored]);
      expect(fast.headers['x-powered-by']).toBe('webfw');
      expect(fast.headers['content-length']).toBe(String(Buffer.byteLength(fast.body)));
    }
  });

  it("should keep headers stored by node's own setHeader before the app, and show a setHeader hook every header of a send", async () => {
    const app = webfw();
    app.get('/', (_req, res) => res.send('hi'));
    const nodeSetHeader = Http2ServerResponse.prototype.setHeader;
    const listener = (req: Http2ServerRequest, res: Http2ServerResponse): void => {
      nodeSetHeader.call(res, 'Content-Type', 'text/plain');
      nodeSetHeader.call(res, 'ETag', '"preset"');
      (app as unknown as (q: Http2ServerRequest, s: Http2ServerResponse) => void)(req, res);
    };
    await withHttp2Server(listener as unknown as RequestListener, async (server) => {
      // the first request comes with node's classes, the later ones with the app's
      for (let i = 0; i < 3; i++) {
        const res = await http2Request(server);
        expect([res.status, res.headers['content-type'], res.headers.etag, res.headers['content-length'], res.body.toString()]).toEqual([
          200,
          'text/plain; charset=utf-8',
          '"preset"',
          '2',
          'hi',
        ]);
      }
    });

    const seen: string[] = [];
    const hooked = appFor((_req, res) => {
      const original = res.setHeader;
      res.setHeader = function hook(this: Response, name: string, value: number | string | readonly string[]) {
        seen.push(`${name}: ${String(value)}`);
        return original.call(this, name, value);
      } as typeof res.setHeader;
      res.json({ a: 1 });
    });
    const answer = await ask(hooked);
    // express's res.json stores Content-Type, then its res.send stores it again
    expect(seen).toEqual([
      'Content-Type: application/json; charset=utf-8',
      'Content-Type: application/json; charset=utf-8',
      'Content-Length: 7',
      'ETag: W/"7-n4nHQM60bXQYySSnisV5QdXpZSA"',
    ]);
    expect([answer.status, answer.headers['content-type'], answer.headers.etag, answer.body]).toEqual([
      200,
      'application/json; charset=utf-8',
      'W/"7-n4nHQM60bXQYySSnisV5QdXpZSA"',
      '{"a":1}',
    ]);
  });

  it('should answer HEAD with the GET headers and no body', async () => {
    const app = webfw();
    app.get('/', (_req, res) => res.json({ hello: 'world' }));
    const get = await ask(app);
    const head = await ask(app, { method: 'HEAD' });
    expect(head).toEqual({ ...get, body: '' });
  });

  it('should answer 404 and error pages without a status message (no warning)', async () => {
    const app = webfw();
    app.get('/boom', () => {
      throw Object.assign(new Error('nope'), { status: 418 });
    });
    const warnings = await stderrDuring(/Warning: /, () =>
      withHttp2Server(app as RequestListener, async (server) => {
        const missing = await http2Request(server, { path: '/missing' });
        const boom = await http2Request(server, { path: '/boom' });
        expect([missing.status, missing.body.toString().includes('Cannot GET /missing'), boom.status]).toEqual([404, true, 418]);
      }),
    );
    expect(warnings).toEqual([]);
  });

  it('should reset only its own stream when an error comes after the headers were sent', async () => {
    const app = webfw();
    app.get('/half', (_req, res, next) => {
      res.write('partial');
      setImmediate(() => next(new Error('late')));
    });
    app.get('/ok', (_req, res) => res.send('fine'));
    await withHttp2Server(app as RequestListener, async (server) => {
      const session = connect(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
      try {
        const half = await new Promise<string>((resolve) => {
          const stream = session.request({ ':path': '/half' });
          stream.on('data', () => undefined);
          stream.on('error', (err: Error & { code?: string }) => resolve(err.code ?? err.message));
          stream.on('close', () => resolve(`closed with ${stream.rstCode}`));
        });
        const ok = await new Promise<string>((resolve, reject) => {
          const stream = session.request({ ':path': '/ok' });
          let body = '';
          stream.on('data', (c: Buffer) => (body += c.toString()));
          stream.on('end', () => resolve(body));
          stream.on('error', reject);
        });
        expect([half, ok, session.destroyed]).toEqual(['ERR_HTTP2_STREAM_ERROR', 'fine', false]);
      } finally {
        session.close();
      }
    });
  });
});

// Last in this file: node warns about a status message over HTTP/2 once per process, and the
// tests above check that nothing else makes it warn.
describe('a status message over HTTP/2', () => {
  it('should never write HTTP/1-only headers given to writeHead with a status message; node warns that HTTP/2 has none', async () => {
    let res: Awaited<ReturnType<typeof ask>> | undefined;
    const warnings = await stderrDuring(/UnsupportedWarning/, async () => {
      res = await ask(
        appFor((_req, res) => {
          (res as unknown as ServerResponse).writeHead(201, 'Created', { 'Keep-Alive': 'timeout=5', 'X-Kept': 'yes' });
          res.end('x');
        }),
      );
    });
    expect([res?.status, res?.body, res?.headers['x-kept'], 'keep-alive' in (res?.headers ?? {})]).toEqual([201, 'x', 'yes', false]);
    // node's warning, at most once per process (none when an earlier test file in this worker had it)
    expect(warnings.filter((w) => !w.includes('UnsupportedWarning: Status message is not supported by HTTP/2'))).toEqual([]);
    expect(warnings.length).toBeLessThanOrEqual(1);
  });
});
