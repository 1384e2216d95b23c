import zlib from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import { json, raw, text } from '@webfw/body-parser';
import { rawExchange } from '../../../tooling/test-support';
import { describeError, head, post, serve } from './helpers';

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
  ])('$title', async ({ parser, contentType, declared, sent, end, reply }) => {
    const s = await serve(parser);
    try {
      const error = s.nextError();
      const answer = await rawExchange(s.port, [head({ 'Content-Type': contentType, 'Content-Length': declared }), sent], { end });
      expect(describeError(await error)).toEqual({
        name: 'BadRequestError',
        message: 'request aborted',
        status: 400,
        statusCode: 400,
        expose: true,
        code: 'ECONNABORTED',
        expected: declared,
        length: declared,
        received: Buffer.byteLength(sent),
        type: 'request.aborted',
      });
      expect(answer).toBe(reply);
    } finally {
      await s.close();
    }
  });

  it('should report request.aborted for an aborted gzip upload instead of waiting forever', async () => {
    const s = await serve(json());
    try {
      const error = s.nextError();
      const gz = zlib.gzipSync(JSON.stringify({ data: 'x'.repeat(5000) }));
      const part = gz.subarray(0, 30);
      await rawExchange(s.port, [head({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': gz.length }), part], {
        end: 'destroy',
      });
      const described = describeError(await error);
      expect(described).toEqual({
        name: 'BadRequestError',
        message: 'request aborted',
        status: 400,
        statusCode: 400,
        expose: true,
        code: 'ECONNABORTED',
        expected: null,
        length: null,
        received: described.received,
        type: 'request.aborted',
      });
      expect(described.received as number).toBeLessThan(5000);
    } finally {
      await s.close();
    }
  });
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
  ])('$title', async ({ declared, parser, contentType, body }) => {
    const lie = (req: IncomingMessage, _res: unknown, next: () => void): void => {
      req.headers['content-length'] = String(declared);
      next();
    };
    const s = await serve(lie, parser);
    try {
      const res = await post(s.port, contentType, body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        error: {
          name: 'BadRequestError',
          message: 'request size did not match content length',
          status: 400,
          statusCode: 400,
          expose: true,
          expected: declared,
          length: declared,
          received: Buffer.byteLength(body),
          type: 'request.size.invalid',
        },
      });
    } finally {
      await s.close();
    }
  });
});

describe('lying Content-Length', () => {
  it('should 413 from a Content-Length above limit without waiting for the body', async () => {
    const s = await serve(json({ limit: '1kb' }));
    try {
      // only the head is sent: the answer must come without a single body byte
      const reply = await rawExchange(s.port, [head({ 'Content-Type': 'application/json', 'Content-Length': 10_000_000 })], { end: 'keep', responses: 1 });
      expect(reply).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
      const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      expect(body).toEqual({
        error: {
          name: 'PayloadTooLargeError',
          message: 'request entity too large',
          status: 413,
          statusCode: 413,
          expose: true,
          expected: 10_000_000,
          length: 10_000_000,
          limit: 1024,
          type: 'entity.too.large',
        },
      });
    } finally {
      await s.close();
    }
  });

  it('should parse only Content-Length bytes when the client sends more', async () => {
    const seen: unknown[] = [];
    const record = (req: IncomingMessage, _res: unknown, next: () => void): void => {
      seen.push((req as IncomingMessage & { body?: unknown }).body);
      next();
    };
    const s = await serve(json(), record);
    try {
      // the extra bytes are not a request: node:http rejects them as the next message
      const reply = await rawExchange(s.port, [head({ 'Content-Type': 'application/json', 'Content-Length': 7 }) + '{"a":1}{"b":2}'], { end: 'end' });
      expect(seen).toEqual([{ a: 1 }]);
      expect(reply).toContain('HTTP/1.1 400 Bad Request\r\n');
    } finally {
      await s.close();
    }
  });
});

describe('oversize uploads stop being read at the limit', () => {
  it('should answer 413 while a chunked upload is still being sent', async () => {
    const s = await serve(raw({ limit: '100kb' }));
    try {
      const chunk = Buffer.alloc(200 * 1024, 0x61);
      const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
      // the terminating 0-chunk is never sent: the request stays open until the answer is in
      const reply = await rawExchange(s.port, [head({ 'Content-Type': 'application/octet-stream', 'Transfer-Encoding': 'chunked' }), framed], {
        end: 'keep',
        responses: 1,
      });
      expect(reply).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
      const error = (JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { error: Record<string, unknown> }).error;
      expect(error).toEqual({
        name: 'PayloadTooLargeError',
        message: 'request entity too large',
        status: 413,
        statusCode: 413,
        expose: true,
        limit: 102_400,
        received: error.received,
        type: 'entity.too.large',
      });
      expect(error.received as number).toBeGreaterThan(102_400);
      expect(error.received as number).toBeLessThanOrEqual(102_400 + 65_536);
    } finally {
      await s.close();
    }
  });

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
  ])('$title', async ({ parser, first, second, gapMs, answer }) => {
    const s = await serve(parser);
    try {
      // half-close only once both answers are in: node:http drops answers still pending at the FIN
      const reply = await rawExchange(s.port, [first, second], { end: 'end', gapMs, responses: 2 });
      const answers = reply.split(/(?=HTTP\/1\.1 )/);
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
      expect(answers[1]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answers[1]).toContain(`\r\n\r\n${answer}`);
    } finally {
      await s.close();
    }
  });
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
  it(title, async () => {
    const s = await serve(step, parser);
    try {
      const res = await post(s.port, contentType, body);
      expect(res.status).toBe(500);
      expect(res.json).toEqual({
        error: {
          name: 'InternalServerError',
          message,
          status: 500,
          statusCode: 500,
          expose: false,
          type,
        },
      });
      const gz = await post(s.port, contentType, zlib.gzipSync(body), { 'Content-Encoding': 'gzip' });
      expect(gz.status).toBe(500);
      expect((gz.json.error as { type: string }).type).toBe(type);
    } finally {
      await s.close();
    }
  });
});

describe('stream.not.readable', () => {
  it('should skip, without error, a request whose body was already read to its end', async () => {
    const readFirst = (req: IncomingMessage, _res: unknown, next: () => void): void => {
      req.resume();
      req.on('end', () => next());
    };
    const s = await serve(readFirst, json());
    try {
      const res = await post(s.port, 'application/json', '{"a":1}');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ has: false, kind: 'undefined', body: null });
    } finally {
      await s.close();
    }
  });
});
