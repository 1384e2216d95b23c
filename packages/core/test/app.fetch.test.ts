/**
 * `app.fetch(request, env?, ctx?)` called directly, as Bun.serve, Deno.serve and workerd call
 * it: what the app sees of the request (address from each runtime's shape, scheme, headers,
 * body), the Response (status, status text, each Set-Cookie, HEAD and bodyless statuses), its
 * streaming (first byte before the app ends, backpressure), a client that goes away, and the
 * member itself (bound, on 5.x and /v4 apps, not an own key, assignable).
 */
import webfw from '@webfw/core';
import webfwV4 from '@webfw/core/v4';
import logger from '@webfw/logger';
import type { Application, Request, Response } from '@webfw/core';
import { get, type RequestListener } from 'node:http';
import { close, listen, portOf } from '@webfw/test-support';

type Fetch = (request: globalThis.Request, env?: unknown, ctx?: unknown) => Promise<globalThis.Response>;
const fetchOf = (app: Application): Fetch => (app as unknown as { fetch: Fetch }).fetch;

/** An app answering every request with `handler`. */
function appFor(handler: (req: Request, res: Response) => void): Application {
  const app = webfw();
  app.use(handler);
  return app;
}

/** The request as the app saw it. */
const describeRequest = (req: Request, res: Response): void => {
  res.json({
    ip: req.ip,
    port: req.socket.remotePort,
    family: req.socket.remoteFamily,
    protocol: req.protocol,
    secure: req.secure,
    hostname: req.hostname,
    method: req.method,
    url: req.url,
    httpVersion: req.httpVersion,
    headers: req.headers,
    rawHeaders: req.rawHeaders,
    env: (req as unknown as { env?: unknown }).env === undefined ? null : 'given',
    ctx: (req as unknown as { ctx?: unknown }).ctx === undefined ? null : 'given',
  });
};

describe('app.fetch: the request the app sees', () => {
  const app = appFor(describeRequest);

  it("takes the client's address from Bun's server.requestIP", async () => {
    const server = { requestIP: () => ({ address: '192.0.2.7', family: 'IPv4', port: 40001 }) };
    const res = await fetchOf(app)(new Request('http://example.com/a/b?c=1&d=2', { headers: { 'X-Custom': 'yes' } }), server);
    expect(await res.json()).toEqual({
      ip: '192.0.2.7',
      port: 40001,
      family: 'IPv4',
      protocol: 'http',
      secure: false,
      hostname: 'example.com',
      method: 'GET',
      url: '/a/b?c=1&d=2',
      httpVersion: '1.1',
      headers: { host: 'example.com', 'x-custom': 'yes' },
      rawHeaders: ['host', 'example.com', 'x-custom', 'yes'],
      env: 'given',
      ctx: null,
    });
  });

  it("takes it from Deno's info.remoteAddr, IPv6 too", async () => {
    const res = await fetchOf(app)(new Request('http://[::1]:8080/'), { remoteAddr: { hostname: '2001:db8::1', port: 5, transport: 'tcp' } });
    expect(await res.json()).toMatchObject({ ip: '2001:db8::1', port: 5, family: 'IPv6', hostname: '[::1]', headers: { host: '[::1]:8080' } });
  });

  it("takes it from workerd's CF-Connecting-IP, with env and ctx on the request", async () => {
    const request = new Request('https://worker.example/x', { headers: { 'CF-Connecting-IP': '203.0.113.9' } });
    const res = await fetchOf(app)(request, { KV: {} }, { waitUntil() {} });
    expect(await res.json()).toMatchObject({ ip: '203.0.113.9', family: 'IPv4', protocol: 'https', secure: true, env: 'given', ctx: 'given' });
  });

  it('has no address when the runtime gives none', async () => {
    const res = await fetchOf(app)(new Request('http://localhost/'));
    const seen = (await res.json()) as { ip?: string; env: unknown };
    expect([seen.ip, seen.env]).toEqual([undefined, null]);
  });

  it('gives a body without Content-Length a chunked framing, so body parsers read it', async () => {
    const parsing = webfw();
    parsing.use(webfw.json(), webfw.text());
    parsing.post('/', (req, res) => res.json({ body: req.body, te: req.headers['transfer-encoding'] ?? null, cl: req.headers['content-length'] ?? null }));
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"a":'));
        c.enqueue(new TextEncoder().encode('[1,2]}'));
        c.close();
      },
    });
    const streamed = await fetchOf(parsing)(
      new Request('http://localhost/', { method: 'POST', body: stream, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit),
    );
    expect(await streamed.json()).toEqual({ body: { a: [1, 2] }, te: 'chunked', cl: null });
    const sized = await fetchOf(parsing)(
      new Request('http://localhost/', { method: 'POST', body: 'plain', headers: { 'content-type': 'text/plain', 'content-length': '5' } }),
    );
    expect(await sized.json()).toEqual({ body: 'plain', te: null, cl: '5' });
  });

  it('answers a body past the limit with 413, as over node:http', async () => {
    const limited = webfw();
    limited.use(webfw.json({ limit: 10 }));
    limited.use((err: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: unknown) =>
      res.status(err.status ?? 500).json({ type: err.type }),
    );
    const res = await fetchOf(limited)(
      new Request('http://localhost/', { method: 'POST', body: JSON.stringify({ long: 'x'.repeat(100) }), headers: { 'content-type': 'application/json' } }),
    );
    expect([res.status, await res.json()]).toEqual([413, { type: 'entity.too.large' }]);
  });
});

describe('app.fetch: the Response', () => {
  it('carries the status, the status text, every header and each Set-Cookie on its own, without the connection headers', async () => {
    const app = appFor((_req, res) => {
      res.statusMessage = 'Made';
      res.status(201).cookie('a', '1').cookie('b', '2').set('X-Many', ['1', '2']).send('made');
    });
    const res = await fetchOf(app)(new Request('http://localhost/'));
    expect([res.status, res.statusText, res.headers.getSetCookie(), res.headers.get('x-many'), res.headers.get('content-length')]).toEqual([
      201,
      'Made',
      ['a=1; Path=/', 'b=2; Path=/'],
      '1, 2',
      '4',
    ]);
    expect(['connection', 'keep-alive', 'transfer-encoding'].filter((n) => res.headers.has(n))).toEqual([]);
    expect(await res.text()).toBe('made');
  });

  it('has no body for HEAD, 204 and 304, and keeps the headers', async () => {
    const app = webfw();
    app.get('/', (_req, res) => res.send('hello'));
    app.get('/none', (_req, res) => res.sendStatus(204));
    const head = await fetchOf(app)(new Request('http://localhost/', { method: 'HEAD' }));
    const none = await fetchOf(app)(new Request('http://localhost/none'));
    const etag = head.headers.get('etag')!;
    const cached = await fetchOf(app)(new Request('http://localhost/', { headers: { 'if-none-match': etag } }));
    expect([head.status, head.body, head.headers.get('content-length')]).toEqual([200, null, '5']);
    expect([none.status, none.body]).toEqual([204, null]);
    expect([cached.status, cached.body, cached.headers.get('etag')]).toEqual([304, null, etag]);
  });

  it('skips informational answers (100 Continue, 103 Early Hints) before the response', async () => {
    const app = appFor((_req, res) => {
      res.writeContinue();
      res.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
      res.send('after hints');
    });
    const res = await fetchOf(app)(new Request('http://localhost/'));
    expect([res.status, await res.text()]).toEqual([200, 'after hints']);
  });

  it('rejects a status a web Response cannot carry (600..999), with its RangeError', async () => {
    const app = appFor((_req, res) => res.status(600).send('odd'));
    await expect(fetchOf(app)(new Request('http://localhost/'))).rejects.toThrow(/must be in the range of 200 to 599/);
  });

  it('rejects when the app closes the connection without answering', async () => {
    const app = appFor((req) => req.socket.destroy());
    await expect(fetchOf(app)(new Request('http://localhost/'))).rejects.toThrow('webfw: the app closed the connection without answering');
  });
});

/**
 * The events `app` records (into `events`, or none) for one GET served by node:http itself, the
 * client going away after the first bytes when `abort`.
 */
async function eventsOverNode(app: Application, abort: boolean, events?: string[]): Promise<string[]> {
  const server = await listen(app as unknown as RequestListener);
  try {
    const recorded = events ?? [];
    await new Promise<void>((resolve) => {
      const req = get({ port: portOf(server), path: '/', agent: false }, (res) => {
        if (abort) res.once('data', () => req.destroy());
        else res.resume();
        res.on('close', () => resolve());
      });
      req.on('error', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 20));
    return recorded.splice(0);
  } finally {
    await close(server);
  }
}

describe('app.fetch: streaming', () => {
  it('gives the Response and its first bytes before the app ends', async () => {
    let end!: () => void;
    const app = appFor((_req, res) => {
      res.type('text').write('first ');
      end = () => res.end('last');
    });
    const res = await fetchOf(app)(new Request('http://localhost/'));
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first ');
    end();
    const rest: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(new TextDecoder().decode(r.value));
    expect(rest.join('')).toBe('last');
  });

  it("holds the app's writes while the reader of the body is full (backpressure)", async () => {
    const piece = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    let blocked = false;
    const app = appFor((_req, res) => {
      res.type('text');
      const more = (): void => {
        while (written < 64) {
          written++;
          if (!res.write(piece)) {
            blocked = true;
            res.once('drain', more);
            return;
          }
        }
        res.end();
      };
      more();
    });
    const res = await fetchOf(app)(new Request('http://localhost/'));
    await new Promise((r) => setTimeout(r, 50));
    // nothing read yet: the app was told to wait long before writing 4 MB
    expect([blocked, written < 64]).toEqual([true, true]);
    const body = Buffer.from(await res.arrayBuffer());
    expect([written, body.length]).toEqual([64, 64 * piece.length]);
  });

  it("closes the app's response and aborts its request when the client goes away", async () => {
    const events: string[] = [];
    let ended!: () => void;
    const done = new Promise<void>((r) => (ended = r));
    const app = appFor((req, res) => {
      req.on('aborted', () => events.push('req aborted'));
      res.on('close', () => {
        events.push(`res close, finished ${res.writableFinished}`);
        ended();
      });
      res.type('text').write('partial');
    });
    const client = new AbortController();
    const res = await fetchOf(app)(new Request('http://localhost/', { signal: client.signal }));
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    await done;
    const fetched = events.splice(0);
    expect(fetched).toEqual(['req aborted', 'res close, finished false']);
    expect(fetched).toEqual(await eventsOverNode(app, true, events));
    // the request's signal aborting has the same effect while the request body is still coming
    const slow = new ReadableStream({ pull: () => new Promise(() => {}) });
    const abortedApp = appFor((req, res) => {
      req.on('aborted', () => events.push('upload aborted'));
      res.on('close', () => events.push('upload res close'));
      req.resume();
    });
    const pending = fetchOf(abortedApp)(new Request('http://localhost/', { method: 'POST', body: slow, signal: client.signal, duplex: 'half' } as RequestInit));
    await new Promise((r) => setTimeout(r, 20));
    client.abort();
    // (the runtime gets an answer no one reads: 499, "client closed request")
    expect((await pending).status).toBe(499);
    expect(events).toEqual(['upload aborted', 'upload res close']);
  });

  it("emits the response's finish and close, and the request's end, as node's server does", async () => {
    const events: string[] = [];
    const app = appFor((req, res) => {
      req.on('end', () => events.push('req end'));
      res.on('finish', () => events.push('res finish'));
      res.on('close', () => events.push('res close'));
      res.send('ok');
    });
    const res = await fetchOf(app)(new Request('http://localhost/'));
    await res.text();
    await new Promise((r) => setTimeout(r, 20));
    const fetched = events.splice(0);
    const overNode = await eventsOverNode(app, false, events);
    // the same events, the response's in the same order; where the request's `end` falls
    // between them is node's own scheduling, which changed in 26 (20 to 24: after `close`)
    expect([...fetched].sort()).toEqual([...overNode].sort());
    expect(fetched.filter((e) => e.startsWith('res'))).toEqual(['res finish', 'res close']);
    expect(overNode.filter((e) => e.startsWith('res'))).toEqual(['res finish', 'res close']);
  });
});

describe('app.fetch: the request logger', () => {
  it('logs what it logs under node:http: the method, URL, status, length and a response time', async () => {
    const lines: string[] = [];
    const app = webfw();
    app.use(
      logger(':remote-addr :method :url HTTP/:http-version :status :res[content-length] :response-time', {
        stream: { write: (line: string) => lines.push(line) },
      }),
    );
    app.get('/hello', (_req, res) => res.send('hello'));
    const res = await fetchOf(app)(new Request('http://localhost/hello?x=1'), { remoteAddr: { hostname: '198.51.100.4', port: 1 } });
    await res.text();
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^198\.51\.100\.4 GET \/hello\?x=1 HTTP\/1\.1 200 5 \d+\.\d{3}\n$/);
  });
});

describe('app.fetch: the member', () => {
  it('is bound to its app, made once, on 5.x and /v4 apps, and not an own key of the app', async () => {
    const app = appFor((_req, res) => res.send('five'));
    const v4 = webfwV4();
    v4.get('/', (_req: Request, res: Response) => res.send('four'));
    const { fetch } = app as unknown as { fetch: Fetch };
    const fetch4 = (v4 as unknown as { fetch: Fetch }).fetch;
    expect(await (await fetch(new Request('http://localhost/'))).text()).toBe('five');
    expect(await (await fetch4.call(undefined, new Request('http://localhost/'))).text()).toBe('four');
    expect([fetchOf(app) === fetch, Object.keys(app).includes('fetch'), Object.keys(v4).includes('fetch')]).toEqual([true, false, false]);
  });

  it('can be assigned, as any member of an app', () => {
    const app = webfw() as unknown as { fetch: unknown };
    app.fetch = 'mine';
    expect(app.fetch).toBe('mine');
  });

  it("serves a sub-app's requests with the app's prototypes (mounting unchanged)", async () => {
    const app = webfw();
    const sub = webfw();
    sub.get('/x', (req: Request, res: Response) => res.json({ app: req.app === sub, baseUrl: req.baseUrl, proto: Object.getPrototypeOf(req) === sub.request }));
    app.use('/sub', sub);
    const res = await fetchOf(app)(new Request('http://localhost/sub/x'));
    expect(await res.json()).toEqual({ app: true, baseUrl: '/sub', proto: true });
  });
});
