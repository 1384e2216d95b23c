/**
 * Property: whatever string an app passes to `res.set`, `res.append`, `res.cookie`,
 * `res.redirect`, `res.location`, `res.attachment` or `res.type` (CR, LF, NUL, other controls,
 * non-latin1 characters, lone surrogates, ready-made injections), no header and no response is
 * ever injected: the head holds only CRLF-separated lines without CR, LF or NUL inside them,
 * only the headers the call sets, exactly one response per request on a keep-alive connection
 * (the next request is answered normally), and the answer is express 5's (status, body and the
 * header the call sets). Runs bounded under `npm test`, for as long as asked under `npm run fuzz`.
 */
import type { Server } from 'node:http';
import fc from 'fast-check';
import webfw from '@webfw/core';
import { close, listen, portOf } from '@webfw/test-support';
import { checkProperty } from '@webfw/test-support/fuzz/fuzz-run';
import { CLOSED, Connection, type WireResponse } from '@webfw/test-support/fuzz/connection';
import { hostileString } from '@webfw/test-support/fuzz/arbitraries';
import type { Any, Framework } from './support/differential';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express = require('express') as Framework;

/** The header each operation writes (what is compared with express and allowed in the head). */
const OPERATIONS = {
  set: 'x-fuzz',
  'set-name': 'x-fuzz',
  append: 'link',
  cookie: 'set-cookie',
  'cookie-options': 'set-cookie',
  redirect: 'location',
  location: 'location',
  attachment: 'content-disposition',
  type: 'content-type',
} as const;
type Operation = keyof typeof OPERATIONS;

/** Headers any answer of the test app may carry besides the one its operation writes. */
const ALWAYS = new Set([
  'x-powered-by',
  'content-type',
  'content-length',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'vary',
  'content-security-policy',
  'x-content-type-options',
]);

/** The strings of a request, carried in the query as base64url JSON (lone surrogates survive). */
const pack = (values: string[]): string => Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
const unpack = (q: unknown): string[] => JSON.parse(Buffer.from(String(q), 'base64url').toString('utf8')) as string[];

function build(fw: Framework): Any {
  const app = fw();
  app.set('env', 'production');
  app.get('/op/:name', (req: Any, res: Any) => {
    const [a = '', b = ''] = unpack(req.query.v);
    switch (req.params.name as Operation) {
      case 'set':
        return res.set('X-Fuzz', a).send('ok');
      case 'set-name':
        return res.set(a, b).send('ok');
      case 'append':
        return res.append('Link', [a, b]).send('ok');
      case 'cookie':
        return res.cookie(a, b).send('ok');
      case 'cookie-options':
        return res.cookie('c', a, { path: b, domain: b.length % 2 === 0 ? undefined : a, sameSite: b.length % 3 === 0 ? 'lax' : undefined }).send('ok');
      case 'redirect':
        return res.redirect(a);
      case 'location':
        return res.location(a).send('ok');
      case 'attachment':
        return res.attachment(a).send('ok');
      case 'type':
        return res.type(a).send('ok');
    }
  });
  app.get('/probe', (_req: Any, res: Any) => res.send('probe'));
  app.use((err: Any, _req: Any, res: Any, _next: Any) =>
    res
      .status(500)
      .set('Content-Type', 'text/plain; charset=utf-8')
      .send(`${err.name}${err.code === undefined ? '' : ` ${err.code}`}`),
  );
  return app;
}

/** A head is CRLF-separated lines; no line holds a CR, an LF or a NUL, and each header line is `name: value`. */
function expectCleanHead(response: WireResponse): void {
  expect(response.statusLine).toMatch(/^HTTP\/1\.1 \d{3} [^\r\n\0]*$/);
  for (const line of response.head.split('\r\n').slice(1)) {
    expect(line).not.toMatch(/[\r\n\0]/);
    expect(line).toMatch(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+: ?/);
  }
}

interface Seen {
  status: number;
  header: string[];
  body: string;
}

/** Sends operation `op` with `values`, then a probe on the same connection; checks the wire and resolves with what to compare. */
async function run(port: number, op: Operation, values: string[]): Promise<Seen> {
  const conn = await Connection.open(port);
  try {
    const answer = await conn.exchange(`GET /op/${op}?v=${pack(values)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    if (answer === CLOSED) throw new Error('the server closed the connection without an answer');
    expectCleanHead(answer);
    const names = answer.headers.map(([n]) => n.toLowerCase());
    const own = op === 'set-name' ? [OPERATIONS[op], values[0]!.toLowerCase()] : [OPERATIONS[op]];
    for (const n of names) if (!ALWAYS.has(n) && !own.includes(n)) throw new Error(`unexpected header ${JSON.stringify(n)} in ${JSON.stringify(answer.head)}`);
    expect(names.filter((n) => n === 'set-cookie').length).toBeLessThanOrEqual(1);
    // exactly one response: nothing after it, and the next request on the connection is answered as usual
    expect(conn.unread.length).toBe(0);
    const probe = await conn.exchange('GET /probe HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(probe === CLOSED ? 'closed' : { status: probe.status, body: probe.body.toString('latin1') }).toEqual({ status: 200, body: 'probe' });
    expect(conn.unread.length).toBe(0);
    const header = answer.headers.filter(([n]) => own.includes(n.toLowerCase())).map(([n, v]) => `${n.toLowerCase()}: ${v}`);
    return { status: answer.status, header, body: answer.body.toString('latin1') };
  } finally {
    conn.destroy();
  }
}

describe('response headers under hostile values (property)', () => {
  let ours: Server;
  let theirs: Server;
  // `res.redirect('')` is deprecated in both: the warnings go to this listener, not the console
  const quiet = (): void => undefined;
  beforeAll(async () => {
    process.on('deprecation', quiet);
    ours = await listen(build(webfw));
    theirs = await listen(build(express));
  });
  afterAll(async () => {
    await close(ours);
    await close(theirs);
    process.off('deprecation', quiet);
  });

  it('should never inject a header or a response, and answer as express 5', async () => {
    const values = fc.array(
      fc.oneof(hostileString(6), fc.constantFrom('https://example.com/a b', '/path?q=1#frag', 'name', 'a.txt', 'text/html', 'json', '')),
      {
        minLength: 2,
        maxLength: 2,
      },
    );
    await checkProperty(
      'response headers: set, append, cookie, redirect, location, attachment, type',
      150,
      fc.asyncProperty(fc.constantFrom(...(Object.keys(OPERATIONS) as Operation[])), values, async (op, v) => {
        const mine = await run(portOf(ours), op, v);
        const ref = await run(portOf(theirs), op, v);
        expect(mine).toEqual(ref);
      }),
    );
  });
});
