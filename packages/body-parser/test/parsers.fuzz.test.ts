/**
 * Property: whatever body a client sends (random bytes, JSON and forms aiming at prototypes,
 * any Content-Type and charset, gzip/deflate/br bodies intact or broken, chunked or not, lying
 * Content-Length), the parsers answer through `next` with 2xx or one of the 4xx the spec lists,
 * never touch `Object.prototype`, answer as body-parser 2.x (express's parsers) does, and leave
 * the keep-alive connection able to carry the next request. Runs bounded under `npm test`,
 * for as long as asked under `npm run fuzz` (tooling/reliability).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import fc from 'fast-check';
import bodyParser, { type BodyParserMiddleware } from '@webfw/body-parser';
import { close, listen, portOf } from '@webfw/test-support';
import { checkProperty } from '@webfw/test-support/fuzz/fuzz-run';
import { CLOSED, Connection, type WireResponse } from '@webfw/test-support/fuzz/connection';
import {
  CODINGS,
  type Coding,
  chunked,
  cut,
  encodeBody,
  formBody,
  hostileJson,
  hostileString,
  prototypeSnapshot,
  splitPoints,
} from '@webfw/test-support/fuzz/arbitraries';
import { describeBody } from './support/helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express = require('express') as Library;

/** The four factories, as @webfw/body-parser and body-parser 2.x (express.json ...) both have them. */
interface Library {
  json(options?: Record<string, unknown>): BodyParserMiddleware;
  raw(options?: Record<string, unknown>): BodyParserMiddleware;
  text(options?: Record<string, unknown>): BodyParserMiddleware;
  urlencoded(options?: Record<string, unknown>): BodyParserMiddleware;
}

/** The parser stacks under test: defaults, tight limits and options, inflate off. */
const STACKS: Record<string, (lib: Library) => BodyParserMiddleware[]> = {
  defaults: (lib) => [lib.json(), lib.urlencoded(), lib.text(), lib.raw()],
  tight: (lib) => [
    lib.json({ strict: false, limit: '2kb' }),
    lib.urlencoded({ extended: true, parameterLimit: 20, depth: 3, limit: '2kb' }),
    lib.text({ type: 'text/*', defaultCharset: 'iso-8859-1', limit: '2kb' }),
    lib.raw({ type: 'application/*', limit: '1kb' }),
  ],
  noInflate: (lib) => [
    lib.json({ inflate: false }),
    lib.urlencoded({ extended: true, inflate: false }),
    lib.text({ inflate: false }),
    lib.raw({ inflate: false }),
  ],
};

/** The errors the spec lets a parser report for client input: status and `type` (zlib's errors carry none). */
const ALLOWED_ERRORS = new Set([
  '400 entity.parse.failed',
  '400 request.aborted',
  '400 request.size.invalid',
  '400 querystring.parse.rangeError',
  '400 undefined',
  '413 entity.too.large',
  '413 parameters.too.many',
  '415 encoding.unsupported',
  '415 charset.unsupported',
]);

interface Served {
  server: http.Server;
  port: number;
  /** `status type` of every error that reached the end of the stack. */
  errors: string[];
}

/** A bare node:http server running `steps`, answering 200 with the body it parsed or the error's status with `{status, type}`. */
async function serve(steps: BodyParserMiddleware[]): Promise<Served> {
  const errors: string[] = [];
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    let i = 0;
    const next = (err?: unknown): void => {
      if (err) {
        const e = err as { status?: number; type?: string };
        const status = e.status ?? 500;
        errors.push(`${status} ${e.type}`);
        const payload = JSON.stringify({ status, type: e.type ?? null });
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
          res.end(payload);
        }
        return;
      }
      const step = steps[i++];
      if (step) return step(req, res, next);
      const payload = JSON.stringify(describeBody(req));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
      res.end(payload);
    };
    next();
  });
  await listen(server);
  return { server, port: portOf(server), errors };
}

const MEDIA_TYPES = [
  'application/json',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'text/html',
  'application/octet-stream',
  'application/xml',
  'image/png',
  'json',
  '/',
  'application/',
  'text/plain; charset',
  ';;;',
  '*/*',
];
const CHARSETS = [
  'utf-8',
  'UTF-8',
  '"utf-8"',
  'utf8',
  'utf-16',
  'utf-16le',
  'utf-16be',
  'utf-32',
  'iso-8859-1',
  'latin1',
  'koi8-r',
  'x-bogus',
  '',
  'utf-8;charset=latin1',
];

/** One request: head fields and body, and how the body is framed on the wire. */
interface Case {
  stack: string;
  method: string;
  contentType: string | undefined;
  charset: string | undefined;
  extraParam: string | undefined;
  body: Buffer;
  coding: Coding;
  salt: number;
  framing: 'length' | 'chunked' | 'none' | 'short' | 'long' | 'bad-length' | 'bad-chunk';
  cuts: number[];
}

const bodyArb: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  hostileJson(5).map((v) => Buffer.from(JSON.stringify(v) ?? 'null', 'utf8')),
  formBody(40).map((f) => Buffer.from(f, 'utf8')),
  hostileString(8).map((s) => Buffer.from(s, 'utf8')),
  fc.constantFrom('', '{', '[', '{"a":', 'null', '"x"', '1', 'a[b][c][d][e][f]=1', '__proto__[polluted]=1&a=1', 'a=%zz&b=%').map((s) => Buffer.from(s)),
  fc.integer({ min: 1, max: 3000 }).map((n) => Buffer.from(`{"a":"${'x'.repeat(n)}"}`)),
  fc.integer({ min: 1, max: 60 }).map((n) => Buffer.from(Array.from({ length: n }, (_, i) => `k${i}=${i}`).join('&'))),
);

/** Bodies shaped for each parser (so most requests get past the type check), or anything. */
const SHAPED: Record<string, { types: string[]; body: fc.Arbitrary<Buffer> }> = {
  json: { types: ['application/json', 'application/vnd.api+json'], body: hostileJson(5).map((v) => Buffer.from(JSON.stringify(v) ?? 'null', 'utf8')) },
  form: { types: ['application/x-www-form-urlencoded'], body: formBody(40).map((f) => Buffer.from(f, 'utf8')) },
  text: { types: ['text/plain', 'text/html'], body: hostileString(8).map((s) => Buffer.from(s, 'utf8')) },
  raw: { types: ['application/octet-stream', 'application/xml'], body: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)) },
};

const caseArb: fc.Arbitrary<Case> = fc.constantFrom('json', 'json', 'form', 'form', 'text', 'raw', 'any').chain((shape) =>
  fc.record({
    stack: fc.constantFrom(...Object.keys(STACKS)),
    method: fc.constantFrom('POST', 'POST', 'PUT', 'GET', 'DELETE'),
    contentType:
      shape === 'any'
        ? fc.option(fc.oneof(fc.constantFrom(...MEDIA_TYPES), hostileString(2)), { nil: undefined, freq: 8 })
        : fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...SHAPED[shape]!.types) }, { weight: 1, arbitrary: fc.constantFrom(...MEDIA_TYPES) }),
    charset: fc.option(fc.constantFrom(...CHARSETS), { nil: undefined, freq: 2 }),
    extraParam: fc.option(fc.constantFrom('boundary=x', 'q=1', 'a="b;c"', 'charset=utf-16'), { nil: undefined, freq: 4 }),
    body: shape === 'any' ? bodyArb : fc.oneof({ weight: 4, arbitrary: SHAPED[shape]!.body }, { weight: 1, arbitrary: bodyArb }),
    coding: fc.oneof({ weight: 3, arbitrary: fc.constant('none' as const) }, { weight: 4, arbitrary: fc.constantFrom(...CODINGS) }),
    salt: fc.nat(),
    framing: fc.constantFrom('length', 'length', 'length', 'chunked', 'chunked', 'none', 'short', 'long', 'bad-length', 'bad-chunk'),
    cuts: splitPoints(4),
  }),
);

/** True when `framing` is one a well-behaved client sends (the strict invariants apply). */
const wellFramed = (c: Case): boolean => c.framing === 'length' || c.framing === 'chunked' || c.framing === 'none';

/** A header value safe to write (node's client and the wire refuse CR, LF, NUL and non-latin1). */
const headerSafe = (value: string): string => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '');

/** The request bytes of `c`: head and framed body (`pending` is what a `short` body still owes and never sends). */
function requestBytes(c: Case): Buffer {
  const { header: encoding, bytes } = encodeBody(c.body, c.coding, c.salt);
  let head = `${c.method} /fuzz HTTP/1.1\r\nHost: localhost\r\n`;
  if (c.contentType !== undefined) {
    let value = c.contentType;
    if (c.charset !== undefined) value += `; charset=${c.charset}`;
    if (c.extraParam !== undefined) value += `; ${c.extraParam}`;
    head += `Content-Type: ${headerSafe(value)}\r\n`;
  }
  if (encoding !== undefined && c.framing !== 'none') head += `Content-Encoding: ${encoding}\r\n`;
  switch (c.framing) {
    case 'none':
      return Buffer.from(`${head}\r\n`, 'latin1');
    case 'length':
      return Buffer.concat([Buffer.from(`${head}Content-Length: ${bytes.length}\r\n\r\n`, 'latin1'), bytes]);
    case 'chunked':
      return Buffer.concat([Buffer.from(`${head}Transfer-Encoding: chunked\r\n\r\n`, 'latin1'), chunked(cut(bytes, c.cuts))]);
    case 'short': // Content-Length promises more than is sent; the client then gives up
      return Buffer.concat([Buffer.from(`${head}Content-Length: ${bytes.length + 1 + (c.salt % 500)}\r\n\r\n`, 'latin1'), bytes]);
    case 'long': // Content-Length says less than is sent: the rest reaches the server as the next "request"
      return Buffer.concat([Buffer.from(`${head}Content-Length: ${Math.floor(bytes.length / 2)}\r\n\r\n`, 'latin1'), bytes]);
    case 'bad-length':
      return Buffer.concat([
        Buffer.from(`${head}Content-Length: ${['-1', 'abc', '1, 2', '0x10', '99999999999999999999'][c.salt % 5]}\r\n\r\n`, 'latin1'),
        bytes,
      ]);
    case 'bad-chunk':
      return Buffer.concat([
        Buffer.from(`${head}Transfer-Encoding: chunked\r\n\r\n`, 'latin1'),
        Buffer.from(['zz\r\n', `${(bytes.length + 9).toString(16)}\r\n`, '-1\r\n'][c.salt % 3]!, 'latin1'),
        bytes,
      ]);
  }
}

const PROBE = 'GET /probe HTTP/1.1\r\nHost: localhost\r\n\r\n';
const PROBE_BODY = JSON.stringify({ has: true, kind: 'undefined', body: null });

/** What a client sees of one request: the first response (status and JSON body) or that the connection closed. */
interface Outcome {
  answer: { status: number; body: string } | 'closed';
  /** On a well-framed request: the answer to a probe sent next on the same connection. */
  probe?: { status: number; body: string } | 'closed';
}

const shown = (r: WireResponse | typeof CLOSED): { status: number; body: string } | 'closed' =>
  r === CLOSED ? 'closed' : { status: r.status, body: r.body.toString('utf8') };

/** Sends `c` to `port` on a fresh connection (and, when well framed, a probe after it) and reports what came back. */
async function exchange(port: number, c: Case): Promise<Outcome> {
  const conn = await Connection.open(port);
  try {
    const bytes = requestBytes(c);
    if (c.framing === 'short' || c.framing === 'bad-chunk') {
      conn.write(bytes);
      conn.end(); // the client gives up before the promised end (a chunk may promise more than it sends)
      return { answer: shown(await conn.read()) };
    }
    // bodies written in pieces, as they arrive from a real network
    for (const piece of cut(bytes, c.cuts)) conn.write(piece);
    const answer = await conn.read();
    if (!wellFramed(c)) {
      conn.destroy();
      return { answer: shown(answer) };
    }
    if (answer === CLOSED || answer.closing) return { answer: shown(answer), probe: 'closed' };
    return { answer: shown(answer), probe: shown(await conn.exchange(PROBE)) };
  } finally {
    conn.destroy();
  }
}

/** `status type` of an error answer of the test server. */
function errorOf(answer: { status: number; body: string }): string {
  const json = JSON.parse(answer.body) as { status: number; type: string | null };
  return `${json.status} ${json.type ?? undefined}`;
}

describe('body parsers under hostile bodies (property)', () => {
  const ours: Record<string, Served> = {};
  const theirs: Record<string, Served> = {};
  const before = prototypeSnapshot();

  beforeAll(async () => {
    for (const [name, build] of Object.entries(STACKS)) {
      ours[name] = await serve(build(bodyParser as unknown as Library));
      theirs[name] = await serve(build(express));
    }
  });
  afterAll(async () => {
    for (const s of [...Object.values(ours), ...Object.values(theirs)]) await close(s.server);
  });

  it('should answer every request with 2xx or a spec 4xx, as body-parser 2.x does, and keep the connection usable', async () => {
    await checkProperty(
      'body parsers: any body, any framing',
      200,
      fc.asyncProperty(caseArb, async (c) => {
        const mine = ours[c.stack]!;
        const errorsBefore = mine.errors.length;
        const got = await exchange(mine.port, c);

        // never touches a prototype
        expect(prototypeSnapshot()).toBe(before);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        // every error that reached the end of the stack is one the spec lists
        for (const e of mine.errors.slice(errorsBefore)) expect(ALLOWED_ERRORS).toContain(e);

        if (wellFramed(c)) {
          // answered, with 200 or a listed 4xx, and the next request on the connection is parsed as if alone
          expect(got.answer).not.toBe('closed');
          const answer = got.answer as { status: number; body: string };
          if (answer.status !== 200) expect(ALLOWED_ERRORS).toContain(errorOf(answer));
          expect(got.probe).toEqual({ status: 200, body: PROBE_BODY });
          // and as body-parser 2.x answers
          const ref = await exchange(theirs[c.stack]!.port, c);
          expect(got).toEqual(ref);
        } else if (got.answer !== 'closed' && got.answer.body.startsWith('{"status"')) {
          expect(ALLOWED_ERRORS).toContain(errorOf(got.answer));
        }
        // the server still serves a fresh connection
        const after = await Connection.open(mine.port);
        try {
          expect(shown(await after.exchange(PROBE))).toEqual({ status: 200, body: PROBE_BODY });
        } finally {
          after.destroy();
        }
      }),
    );
  });
});
