import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { json, text } from '@webfw/body-parser';

/**
 * The reader (src/read/stream.ts) looks at node's readable state (`_readableState`, `_decoder`) to
 * refuse a stream whose encoding was set, as raw-body does. On the running node the state is
 * where the reader looks; a stream without it (a stream-like object of another library) is
 * read as it is.
 */
type Request = IncomingMessage & { body?: unknown };

/** Runs `parser` on `req`: the error passed to next, or the body it set. */
function parse(parser: ReturnType<typeof json>, req: Request): Promise<{ error?: Record<string, unknown>; body?: unknown }> {
  return new Promise((resolve) => {
    parser(req, {} as ServerResponse, (err?: unknown) => {
      if (err) resolve({ error: { status: (err as { status?: number }).status, type: (err as { type?: string }).type } });
      else resolve({ body: req.body });
    });
  });
}

/** A request-like stream carrying `body` with its headers. */
function withHeaders<T extends object>(stream: T, body: string, contentType: string): T & Request {
  return Object.assign(stream, {
    headers: { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) },
    method: 'POST',
    url: '/',
  }) as T & Request;
}

describe('the reader and node readable state', () => {
  it("should find node's readable state on this node's streams, with the encoding a setEncoding call leaves", () => {
    const stream = new Readable({ read() {} }) as Readable & { _readableState?: { encoding?: unknown; decoder?: unknown } };
    expect(stream._readableState).toEqual(expect.objectContaining({ encoding: null, decoder: null }));
    stream.setEncoding('utf8');
    expect(stream._readableState?.encoding).toBe('utf8');
    expect(stream._readableState?.decoder).toBeTruthy();
  });

  it('should 500 stream.encoding.set for a node stream whose encoding was set', async () => {
    const stream = new Readable({ read() {} });
    stream.setEncoding('utf8');
    const req = withHeaders(stream, '{"a":1}', 'application/json');
    stream.push('{"a":1}');
    stream.push(null);
    expect(await parse(json(), req)).toEqual({ error: { status: 500, type: 'stream.encoding.set' } });
  });

  it('should read a node stream as it is when no encoding was set', async () => {
    const stream = new Readable({ read() {} });
    const req = withHeaders(stream, '{"a":1}', 'application/json');
    stream.push('{"a":1}');
    stream.push(null);
    expect(await parse(json(), req)).toEqual({ body: { a: 1 } });
  });

  it("should read a stream-like object without node's readable state as it is", async () => {
    const emitter = new EventEmitter();
    const req = withHeaders(emitter, 'hello', 'text/plain');
    const parsed = parse(text(), req);
    setImmediate(() => {
      emitter.emit('data', Buffer.from('hel'));
      emitter.emit('data', Buffer.from('lo'));
      emitter.emit('end');
    });
    expect(await parsed).toEqual({ body: 'hello' });
    expect('_readableState' in emitter).toBe(false);
  });
});
