import zlib from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import { json, raw, text } from '@webfw/body-parser';
import { rawExchange } from '@webfw/test-support';
import { describeError, expectStoppedAtLimit, head, httpError, post, recordBodies, tooLarge, withServe, type Step } from './support/helpers';

/** 400 request.aborted: the client went away before the body was in. */
function aborted(props: { expected: number | null; length: number | null; received: unknown }): Record<string, unknown> {
  return httpError(400, 'BadRequestError', 'request aborted', { code: 'ECONNABORTED', ...props, type: 'request.aborted' });
}

/** The JSON body of a raw response. */
function bodyOf(reply: string): Record<string, unknown> {
  return JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
}

/** A JSON request whose body is `gz`, declared gzip-encoded. */
function gzipRequest(gz: Buffer): Buffer {
  return Buffer.concat([Buffer.from(head({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': gz.length })), gz]);
}

describe('request.aborted', () => {
  it.each([
    {
      title: 'should report 400 request.aborted with received and expected when the client disconnects mid-body',
      parser: json(),
      contentType: 'application/json',
      declared: 100,
      sent: '{"a":',
      end: 'destroy' as const,
      // the client is gone: nothing is answered
      reply: '',
    },
    {
      title: 'should report request.aborted for a truncated upload (client half-closes before Content-Length bytes)',
      parser: text(),
      contentType: 'text/plain',
      declared: 50,
      sent: 'only ten b',
      end: 'end' as const,
      // node:http itself answers the malformed (truncated) message and closes
      reply: 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n',
    },
  ])('$title', ({ parser, contentType, declared, sent, end, reply }) =>
    withServe(parser, async (s) => {
      const error = s.nextError();
      const answer = await rawExchange(s.port, [head({ 'Content-Type': contentType, 'Content-Length': declared }), sent], { end });
      expect(describeError(await error)).toEqual(aborted({ expected: declared, length: declared, received: Buffer.byteLength(sent) }));
      expect(answer).toBe(reply);
    }),
  );

  it('should report request.aborted for an aborted gzip upload instead of waiting forever', () =>
    withServe(json(), async (s) => {
      const error = s.nextError();
      const gz = zlib.gzipSync(JSON.stringify({ data: 'x'.repeat(5000) }));
      const part = gz.subarray(0, 30);
      await rawExchange(s.port, [head({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': gz.length }), part], {
        end: 'destroy',
      });
      const described = describeError(await error);
      expect(described).toEqual(aborted({ expected: null, length: null, received: described.received }));
      expect(described.received as number).toBeLessThan(5000);
    }));
});

describe('request.size.invalid', () => {
  it.each([
    {
      title: 'should 400 when the body is shorter than the Content-Length the parser was given',
      declared: 20,
      parser: json(),
      contentType: 'application/json',
      body: '{"str":',
    },
    {
      title: 'should 400 when the body is longer than the Content-Length the parser was given',
      declared: 3,
      parser: text(),
      contentType: 'text/plain',
      body: 'abcdef',
    },
  ])('$title', ({ declared, parser, contentType, body }) => {
    const lie: Step = (req, _res, next) => {
      req.headers['content-length'] = String(declared);
      next();
    };
    return withServe([lie, parser], async (s) => {
      const res = await post(s.port, contentType, body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        error: httpError(400, 'BadRequestError', 'request size did not match content length', {
          expected: declared,
          length: declared,
          received: Buffer.byteLength(body),
          type: 'request.size.invalid',
        }),
      });
    });
  });
});

describe('lying Content-Length', () => {
  it('should 413 from a Content-Length above limit without waiting for the body', () =>
    withServe(json({ limit: '1kb' }), async (s) => {
      // only the head is sent: the answer must come without a single body byte
      const reply = await rawExchange(s.port, [head({ 'Content-Type': 'application/json', 'Content-Length': 10_000_000 })], { end: 'keep', responses: 1 });
      expect(reply).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
      expect(bodyOf(reply)).toEqual({ error: tooLarge({ expected: 10_000_000, length: 10_000_000, limit: 1024 }) });
    }));

  it('should parse only Content-Length bytes when the client sends more', () => {
    const seen: unknown[] = [];
    return withServe([json(), recordBodies(seen)], async (s) => {
      // the extra bytes are not a request: node:http rejects them as the next message
      const reply = await rawExchange(s.port, [head({ 'Content-Type': 'application/json', 'Content-Length': 7 }) + '{"a":1}{"b":2}'], { end: 'end' });
      expect(seen).toEqual([{ a: 1 }]);
      expect(reply).toContain('HTTP/1.1 400 Bad Request\r\n');
    });
  });
});

describe('oversize uploads stop being read at the limit', () => {
  it('should answer 413 while a chunked upload is still being sent', () =>
    withServe(raw({ limit: '100kb' }), async (s) => {
      const chunk = Buffer.alloc(200 * 1024, 0x61);
      const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
      // the terminating 0-chunk is never sent: the request stays open until the answer is in
      const reply = await rawExchange(s.port, [head({ 'Content-Type': 'application/octet-stream', 'Transfer-Encoding': 'chunked' }), framed], {
        end: 'keep',
        responses: 1,
      });
      expect(reply).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
      expectStoppedAtLimit(bodyOf(reply).error as Record<string, unknown>, 102_400);
    }));

  it.each([
    {
      title: 'should keep the connection usable: the rest is discarded and the next request is answered',
      parser: text({ limit: 10 }),
      first: head({ 'Content-Type': 'text/plain', 'Content-Length': 30 }) + 'x'.repeat(30),
      second: head({ 'Content-Type': 'text/plain', 'Content-Length': 2 }) + 'ok',
      gapMs: undefined,
      answer: '{"has":true,"kind":"string","body":"ok"}',
    },
    {
      title: 'should stop inflating a rejected compressed body, drain the rest and answer the next request on the connection',
      parser: json({ limit: '10kb' }),
      first: gzipRequest(zlib.gzipSync(Buffer.alloc(5 * 1024 * 1024, 0x20))),
      second: head({ 'Content-Type': 'application/json', 'Content-Length': 8 }) + '{"n":2}\n',
      gapMs: 50,
      answer: '{"has":true,"kind":"object","body":{"n":2}}',
    },
  ])('$title', ({ parser, first, second, gapMs, answer }) =>
    withServe(parser, async (s) => {
      // half-close only once both answers are in: node:http drops answers still pending at the FIN
      const reply = await rawExchange(s.port, [first, second], { end: 'end', gapMs, responses: 2 });
      const answers = reply.split(/(?=HTTP\/1\.1 )/);
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
      expect(answers[1]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answers[1]).toContain(`\r\n\r\n${answer}`);
    }),
  );
});

describe.each([
  {
    type: 'stream.encoding.set',
    title: 'should 500 when something called req.setEncoding before the parser',
    step: (req: IncomingMessage, _res: unknown, next: () => void): void => {
      req.setEncoding('utf8');
      next();
    },
    parser: json(),
    contentType: 'application/json',
    body: '{"a":1}',
    message: 'stream encoding should not be set',
  },
  {
    type: 'stream.not.readable',
    title: 'should 500 when the request stream can no longer be read',
    // what a stream consumer that gave up on the request leaves behind: a stream marked unreadable
    step: (req: IncomingMessage, _res: unknown, next: () => void): void => {
      req.readable = false;
      next();
    },
    parser: text(),
    contentType: 'text/plain',
    body: 'hello',
    message: 'stream is not readable',
  },
])('$type', ({ type, title, step, parser, contentType, body, message }) => {
  it(title, () =>
    withServe([step, parser], async (s) => {
      const res = await post(s.port, contentType, body);
      expect(res.status).toBe(500);
      expect(res.json).toEqual({ error: httpError(500, 'InternalServerError', message, { type }) });
      const gz = await post(s.port, contentType, zlib.gzipSync(body), { 'Content-Encoding': 'gzip' });
      expect(gz.status).toBe(500);
      expect((gz.json.error as { type: string }).type).toBe(type);
    }),
  );
});

describe('stream.not.readable', () => {
  it('should skip, without error, a request whose body was already read to its end', async () => {
    const readFirst: Step = (req, _res, next) => {
      req.resume();
      req.on('end', () => next());
    };
    await withServe([readFirst, json()], async (s) => {
      const res = await post(s.port, 'application/json', '{"a":1}');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ has: false, kind: 'undefined', body: null });
    });
  });
});
