import zlib from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import { json, raw, text } from '@webfw/body-parser';
import { describeError, head, post, rawExchange, serve } from './helpers';

describe('request.aborted', () => {
  it('should report 400 request.aborted with received and expected when the client disconnects mid-body', async () => {
    const s = await serve(json());
    try {
      const error = s.nextError();
      const reply = await rawExchange(s.port, [head({ 'Content-Type': 'application/json', 'Content-Length': 100 }), '{"a":'], { end: 'destroy' });
      expect(describeError(await error)).toEqual({
        name: 'BadRequestError',
        message: 'request aborted',
        status: 400,
        statusCode: 400,
        expose: true,
        code: 'ECONNABORTED',
        expected: 100,
        length: 100,
        received: 5,
        type: 'request.aborted',
      });
      expect(reply).toBe('');
    } finally {
      await s.close();
    }
  });

  it('should report request.aborted for a truncated upload (client half-closes before Content-Length bytes)', async () => {
    const s = await serve(text());
    try {
      const error = s.nextError();
      const reply = await rawExchange(s.port, [head({ 'Content-Type': 'text/plain', 'Content-Length': 50 }), 'only ten b'], { end: 'end' });
      expect(describeError(await error)).toEqual({
        name: 'BadRequestError',
        message: 'request aborted',
        status: 400,
        statusCode: 400,
        expose: true,
        code: 'ECONNABORTED',
        expected: 50,
        length: 50,
        received: 10,
        type: 'request.aborted',
      });
      // node:http itself answers the malformed (truncated) message and closes
      expect(reply).toBe('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
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
      await rawExchange(s.port, [head({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': gz.length }), part], { end: 'destroy' });
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
  it('should 400 when the body is shorter than the Content-Length the parser was given', async () => {
    const lie = (req: IncomingMessage, _res: unknown, next: () => void): void => {
      req.headers['content-length'] = '20';
      next();
    };
    const s = await serve(lie, json());
    try {
      const res = await post(s.port, 'application/json', '{"str":');
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        error: {
          name: 'BadRequestError',
          message: 'request size did not match content length',
          status: 400,
          statusCode: 400,
          expose: true,
          expected: 20,
          length: 20,
          received: 7,
          type: 'request.size.invalid',
        },
      });
    } finally {
      await s.close();
    }
  });

  it('should 400 when the body is longer than the Content-Length the parser was given', async () => {
    const lie = (req: IncomingMessage, _res: unknown, next: () => void): void => {
      req.headers['content-length'] = '3';
      next();
    };
    const s = await serve(lie, text());
    try {
      const res = await post(s.port, 'text/plain', 'abcdef');
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        error: {
          name: 'BadRequestError',
          message: 'request size did not match content length',
          status: 400,
          statusCode: 400,
          expose: true,
          expected: 3,
          length: 3,
          received: 6,
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
      const reply = await rawExchange(s.port, [head({ 'Content-Type': 'application/octet-stream', 'Transfer-Encoding': 'chunked' }), framed], { end: 'keep', responses: 1 });
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

  it('should keep the connection usable: the rest is discarded and the next request is answered', async () => {
    const s = await serve(text({ limit: 10 }));
    try {
      const first = head({ 'Content-Type': 'text/plain', 'Content-Length': 30 }) + 'x'.repeat(30);
      const second = head({ 'Content-Type': 'text/plain', 'Content-Length': 2 }) + 'ok';
      // half-close only once both answers are in: node:http drops answers still pending at the FIN
      const reply = await rawExchange(s.port, [first, second], { end: 'end', responses: 2 });
      const answers = reply.split(/(?=HTTP\/1\.1 )/);
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
      expect(answers[1]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answers[1]).toContain('\r\n\r\n{"has":true,"kind":"string","body":"ok"}');
    } finally {
      await s.close();
    }
  });
});

describe('a rejected compressed body', () => {
  it('should stop inflating, drain the rest and answer the next request on the connection', async () => {
    const s = await serve(json({ limit: '10kb' }));
    try {
      const bomb = zlib.gzipSync(Buffer.alloc(5 * 1024 * 1024, 0x20));
      const first = Buffer.concat([Buffer.from(head({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': bomb.length })), bomb]);
      const second = head({ 'Content-Type': 'application/json', 'Content-Length': 8 }) + '{"n":2}\n';
      // half-close only once both answers are in: node:http drops answers still pending at the FIN
      const reply = await rawExchange(s.port, [first, second], { end: 'end', gapMs: 50, responses: 2 });
      const answers = reply.split(/(?=HTTP\/1\.1 )/);
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
      expect(answers[1]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answers[1]).toContain('\r\n\r\n{"has":true,"kind":"object","body":{"n":2}}');
    } finally {
      await s.close();
    }
  });
});

describe('stream.encoding.set', () => {
  it('should 500 when something called req.setEncoding before the parser', async () => {
    const setEncoding = (req: IncomingMessage, _res: unknown, next: () => void): void => {
      req.setEncoding('utf8');
      next();
    };
    const s = await serve(setEncoding, json());
    try {
      const res = await post(s.port, 'application/json', '{"a":1}');
      expect(res.status).toBe(500);
      expect(res.json).toEqual({
        error: {
          name: 'InternalServerError',
          message: 'stream encoding should not be set',
          status: 500,
          statusCode: 500,
          expose: false,
          type: 'stream.encoding.set',
        },
      });
      const gz = await post(s.port, 'application/json', zlib.gzipSync('{"a":1}'), { 'Content-Encoding': 'gzip' });
      expect(gz.status).toBe(500);
      expect((gz.json.error as { type: string }).type).toBe('stream.encoding.set');
    } finally {
      await s.close();
    }
  });
});

describe('stream.not.readable', () => {
  it('should 500 when the request stream can no longer be read', async () => {
    // what a stream consumer that gave up on the request leaves behind: a stream marked unreadable
    const consumedElsewhere = (req: IncomingMessage, _res: unknown, next: () => void): void => {
      req.readable = false;
      next();
    };
    const s = await serve(consumedElsewhere, text());
    try {
      const res = await post(s.port, 'text/plain', 'hello');
      expect(res.status).toBe(500);
      expect(res.json).toEqual({
        error: {
          name: 'InternalServerError',
          message: 'stream is not readable',
          status: 500,
          statusCode: 500,
          expose: false,
          type: 'stream.not.readable',
        },
      });
      const gz = await post(s.port, 'text/plain', zlib.gzipSync('hello'), { 'Content-Encoding': 'gzip' });
      expect(gz.status).toBe(500);
      expect((gz.json.error as { type: string }).type).toBe('stream.not.readable');
    } finally {
      await s.close();
    }
  });

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
