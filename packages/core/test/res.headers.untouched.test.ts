/**
 * The header fast path (src/response/headers.ts): while nothing has touched a response's headers,
 * `X-Powered-By` is pending and `res.send`/`res.json` write every header with one `writeHead`.
 * None of it may show: each case runs on express 5 and on webfw, and the raw header lines (in
 * order), the body and what the handlers observed must be the same.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { frameworks, type Any, type Framework } from './support/differential';
import { onWriteHead } from './support/helpers';

interface Observed {
  status: number;
  /** Raw header lines in wire order, Date/Connection/Keep-Alive left out, X-Powered-By's value blanked. */
  lines: string[];
  body: string;
  /** What the handlers recorded about the headers (their finish listeners included). */
  seen: unknown;
}

function fetchRaw(
  server: Server,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; lines: string[]; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] as string;
          if (/^(date|connection|keep-alive)$/i.test(name)) continue;
          lines.push(`${name}: ${/^x-powered-by$/i.test(name) ? '<present>' : res.rawHeaders[i + 1]}`);
        }
        resolve({ status: res.statusCode ?? 0, lines, body: Buffer.concat(chunks).toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A case: what sets the app up (handlers record observations in `seen`), the request, and
 * optionally a plain node listener to serve the app inside instead of `app.listen`.
 */
type Case = [
  build: (app: Any, seen: unknown[]) => void,
  method: string,
  path: string,
  headers?: Record<string, string>,
  wrap?: (app: Any) => (req: IncomingMessage, res: ServerResponse) => void,
];

/**
 * Builds the app with `fw`, serves it (through `app.listen`, or inside a plain node server
 * when `wrap` is given), sends the request, then reads what the handlers recorded.
 */
async function observe(fw: Framework, ...[build, method, path, headers, wrap]: Case): Promise<Observed> {
  const app = fw();
  const seen: unknown[] = [];
  build(app, seen);
  const server: Server = await new Promise((resolve) => {
    if (wrap) {
      const s = createServer(wrap(app));
      s.listen(0, '127.0.0.1', () => resolve(s));
    } else {
      const s: Server = app.listen(0, '127.0.0.1', () => resolve(s));
    }
  });
  // handlers record in 'finish' listeners too: wait until the response finished on the server
  // (and the listeners of that same event ran) before reading what they saw
  const finished = new Promise<void>((resolve) => server.once('request', (_req, res: ServerResponse) => res.once('finish', () => setImmediate(resolve))));
  try {
    const res = await fetchRaw(server, method, path, headers);
    await finished;
    return { ...res, seen: JSON.parse(JSON.stringify(seen)) };
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

/** Observes the case on express 5 and on webfw and asserts both saw the same. */
async function expectSame(...c: Case): Promise<Observed> {
  const want = await observe(frameworks.express, ...c);
  const got = await observe(frameworks.webfw, ...c);
  expect(got).toEqual(want);
  return got;
}

/** The header methods' answers, as plain data. */
function snapshot(res: Any): unknown {
  return {
    names: res.getHeaderNames(),
    raw: typeof res.getRawHeaderNames === 'function' ? res.getRawHeaderNames() : null,
    all: { ...res.getHeaders(), 'x-powered-by': res.getHeader('x-powered-by') === undefined ? undefined : '<present>' },
    type: res.getHeader('content-type') ?? null,
    length: res.getHeader('Content-Length') ?? null,
    hasEtag: res.hasHeader('ETag'),
    sent: res.headersSent,
  };
}

describe('untouched responses: same headers, order and observations as express', () => {
  it('should send the json headers in express order', async () => {
    const got = await expectSame((app) => app.get('/', (_q: Any, res: Any) => res.json({ hello: 'world' })), 'GET', '/');
    expect(got.lines).toEqual([
      'X-Powered-By: <present>',
      'Content-Type: application/json; charset=utf-8',
      'Content-Length: 17',
      'ETag: W/"11-IkjuL6CqqtmReFMfkkvwC0sKj04"',
    ]);
    expect(got.body).toBe('{"hello":"world"}');
  });

  it('should send strings as text/html and buffers as octet-stream with a status', async () => {
    await expectSame((app) => app.get('/', (_q: Any, res: Any) => res.status(201).send('<p>hi</p>')), 'GET', '/');
    await expectSame((app) => app.get('/', (_q: Any, res: Any) => res.status(202).send(Buffer.from('raw'))), 'GET', '/');
    await expectSame((app) => app.post('/', (_q: Any, res: Any) => res.json([1, 2])), 'POST', '/');
  });

  it('should send no ETag and no X-Powered-By when the settings are off', async () => {
    const got = await expectSame(
      (app) => {
        app.disable('x-powered-by');
        app.set('etag', false);
        app.get('/', (_q: Any, res: Any) => res.json({ a: 1 }));
      },
      'GET',
      '/',
    );
    expect(got.lines).toEqual(['Content-Type: application/json; charset=utf-8', 'Content-Length: 7']);
  });

  it('should show the pending X-Powered-By to every header reader in a handler', async () => {
    const got = await expectSame(
      (app, seen) =>
        app.get('/', (_q: Any, res: Any) => {
          seen.push(snapshot(res));
          res.json({ a: 1 });
        }),
      'GET',
      '/',
    );
    expect((got.seen as Array<{ names: string[] }>)[0]?.names).toEqual(['x-powered-by']);
  });

  it('should drop X-Powered-By when a handler removes it', async () => {
    const got = await expectSame(
      (app) =>
        app.get('/', (_q: Any, res: Any) => {
          res.removeHeader('X-Powered-By');
          res.json({ a: 1 });
        }),
      'GET',
      '/',
    );
    expect(got.lines.some((l) => l.startsWith('X-Powered-By'))).toBe(false);
  });

  it('should keep X-Powered-By first when a handler sets other headers', async () => {
    const got = await expectSame(
      (app) =>
        app.get('/', (_q: Any, res: Any) => {
          res.set('X-Trace', 'abc');
          res.json({ a: 1 });
        }),
      'GET',
      '/',
    );
    expect(got.lines[0]).toBe('X-Powered-By: <present>');
    expect(got.lines[1]).toBe('X-Trace: abc');
  });

  it('should answer every header reader after a fast send from the headers written', async () => {
    const got = await expectSame(
      (app, seen) =>
        app.get('/', (_q: Any, res: Any) => {
          res.on('finish', () => seen.push(snapshot(res)));
          res.json({ a: 1 });
          seen.push(snapshot(res));
        }),
      'GET',
      '/',
    );
    const [afterSend] = got.seen as Array<{ type: string; length: string; hasEtag: boolean; sent: boolean }>;
    expect(afterSend).toMatchObject({ type: 'application/json; charset=utf-8', length: '7', hasEtag: true, sent: true });
  });

  it('should throw ERR_HTTP_HEADERS_SENT for header changes after a fast send', async () => {
    const got = await expectSame(
      (app, seen) =>
        app.get('/', (_q: Any, res: Any) => {
          res.json({ a: 1 });
          for (const change of [() => res.setHeader('X-Late', '1'), () => res.removeHeader('Content-Type'), () => res.writeHead(500)]) {
            try {
              change();
              seen.push('no error');
            } catch (err) {
              seen.push((err as { code?: string }).code);
            }
          }
        }),
      'GET',
      '/',
    );
    expect(got.seen).toEqual(['ERR_HTTP_HEADERS_SENT', 'ERR_HTTP_HEADERS_SENT', 'ERR_HTTP_HEADERS_SENT']);
  });

  it('should let a writeHead hook read and change the headers (on-headers style)', async () => {
    const got = await expectSame(
      (app, seen) => {
        app.use(
          onWriteHead((res) => {
            seen.push({ type: res.getHeader('Content-Type'), hasLength: res.hasHeader('Content-Length') });
            res.setHeader('X-Response-Time', '1ms');
            res.removeHeader('Content-Length');
            res.setHeader('Content-Encoding', 'identity');
          }),
        );
        app.get('/', (_q: Any, res: Any) => res.json({ hooked: true }));
      },
      'GET',
      '/',
    );
    expect(got.lines).toContain('X-Response-Time: 1ms');
    expect(got.lines.some((l) => l.startsWith('Content-Length'))).toBe(false);
    expect(got.body).toBe('{"hooked":true}');
  });

  it('should let a writeHead hook that only reads pass the fast send through', async () => {
    const got = await expectSame(
      (app, seen) => {
        app.use(onWriteHead((res) => seen.push(res.getHeader('content-length'))));
        app.get('/', (_q: Any, res: Any) => res.send('timed'));
      },
      'GET',
      '/',
    );
    expect(got.seen).toEqual(['5']);
  });

  it('should include X-Powered-By when a handler writes the head itself', async () => {
    await expectSame(
      (app) =>
        app.get('/', (_q: Any, res: Any) => {
          res.writeHead(200, { 'Content-Type': 'text/plain' });
          res.end('own head');
        }),
      'GET',
      '/',
    );
    await expectSame((app) => app.get('/', (_q: Any, res: Any) => res.end('implicit head')), 'GET', '/');
    await expectSame(
      (app) =>
        app.get('/', (_q: Any, res: Any) => {
          res.write('streamed');
          res.end();
        }),
      'GET',
      '/',
    );
  });

  it('should keep headers set before the app ran, in order', async () => {
    const got = await expectSame(
      (app) => app.get('/', (_q: Any, res: Any) => res.json({ a: 1 })),
      'GET',
      '/',
      undefined,
      (app) => (req, res) => {
        res.setHeader('X-Before', 'yes');
        app(req, res);
      },
    );
    expect(got.lines.slice(0, 2)).toEqual(['X-Before: yes', 'X-Powered-By: <present>']);
  });

  it('should apply x-powered-by of mounted apps as express does', async () => {
    for (const [parentOn, childOn] of [
      [true, false],
      [false, true],
      [false, false],
    ]) {
      const build = (fw: Framework) => (app: Any) => {
        if (!parentOn) app.disable('x-powered-by');
        const child = fw();
        if (!childOn) child.disable('x-powered-by');
        child.get('/', (_q: Any, res: Any) => res.json({ parentOn, childOn }));
        app.use('/sub', child);
      };
      const want = await observe(frameworks.express, build(frameworks.express), 'GET', '/sub');
      const got = await observe(frameworks.webfw, build(frameworks.webfw), 'GET', '/sub');
      expect(got).toEqual(want);
      expect(got.lines.some((l) => l.startsWith('X-Powered-By'))).toBe(parentOn || childOn);
    }
  });

  it('should answer conditional GET, HEAD and 204/304 through the full logic', async () => {
    const build = (app: Any): void => {
      app.get('/', (_q: Any, res: Any) => res.json({ a: 1 }));
      app.get('/empty', (_q: Any, res: Any) => res.status(204).json({ a: 1 }));
      app.get('/not-modified', (_q: Any, res: Any) => res.status(304).send('x'));
    };
    const fresh = await expectSame(build, 'GET', '/', { 'If-None-Match': 'W/"7-n4nHQM60bXQYySSnisV5QdXpZSA"' });
    expect(fresh.status).toBe(304);
    const head = await expectSame(build, 'HEAD', '/');
    expect(head.body).toBe('');
    expect(head.lines).toContain('Content-Length: 7');
    expect((await expectSame(build, 'GET', '/empty')).status).toBe(204);
    expect((await expectSame(build, 'GET', '/not-modified')).status).toBe(304);
    await expectSame(build, 'GET', '/', { 'If-Modified-Since': new Date().toUTCString() });
  });

  it('should hand a custom etag function the body as a Buffer', async () => {
    const got = await expectSame(
      (app, seen) => {
        app.set('etag', (body: unknown) => {
          seen.push(Buffer.isBuffer(body));
          return '"custom"';
        });
        app.get('/', (_q: Any, res: Any) => res.json({ a: 1 }));
      },
      'GET',
      '/',
    );
    expect(got.seen).toEqual([true]);
    expect(got.lines).toContain('ETag: "custom"');
  });
});

describe('stand-in responses (unit-test mocks)', () => {
  /** A minimal mock response, as unit tests hand to `app.handle`: its own header methods. */
  function mockResponse(): Any {
    const headers: Record<string, unknown> = {};
    return {
      headers,
      statusCode: 200,
      setHeader(name: string, value: unknown) {
        headers[name.toLowerCase()] = value;
      },
      getHeader(name: string) {
        return headers[name.toLowerCase()];
      },
      end(body?: string) {
        this.body = body;
      },
    };
  }

  it('should store X-Powered-By with the stand-in own setHeader, as express does', () => {
    for (const fw of [frameworks.express, frameworks.webfw]) {
      const app = fw();
      app.get('/', (_q: Any, res: Any) => res.end('from handler'));
      const res = mockResponse();
      app.handle({ method: 'GET', url: '/', headers: {} }, res, () => undefined);
      expect(res.body).toBe('from handler');
      expect(typeof res.headers['x-powered-by']).toBe('string');
    }
  });
});
