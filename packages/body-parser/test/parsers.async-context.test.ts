/**
 * The body is read in the async context of the request that asked for it: an
 * AsyncLocalStorage store entered before the parser is still there in the next middleware,
 * for plain, chunked and gzip bodies (body-parser 2 behaves the same through raw-body).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, raw } from '@webfw/body-parser';
import { rawExchange } from '@webfw/test-support';
import { post, head, withServe } from './support/helpers';

const storage = new AsyncLocalStorage<string>();

/** Enters a store naming the request, runs the rest of the chain inside it. */
function tagRequest(req: IncomingMessage, _res: ServerResponse, next: () => void): void {
  storage.run(`request ${req.headers['x-id'] as string}`, next);
}

/** Puts what the store holds after parsing into the body the test server describes. */
function recordStore(req: IncomingMessage & { body?: unknown }, _res: ServerResponse, next: () => void): void {
  req.body = { parsed: req.body, store: storage.getStore() ?? null };
  next();
}

describe('async context', () => {
  it('should keep the AsyncLocalStorage store of the request across reading a plain body', async () => {
    await withServe([tagRequest, json(), recordStore], async (s) => {
      const res = await post(s.port, 'application/json', '{"a":1}', { 'X-Id': '7' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ has: true, kind: 'object', body: { parsed: { a: 1 }, store: 'request 7' } });
    });
  });

  it('should keep it across a body sent in several chunks', async () => {
    await withServe([tagRequest, json(), recordStore], async (s) => {
      const reply = await rawExchange(s.port, [head({ 'Content-Type': 'application/json', 'Content-Length': 16, 'X-Id': '8' }), '{"list":', '[1,2,3]}'], {
        end: 'end',
      });
      expect(reply).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(reply.slice(reply.indexOf('\r\n\r\n') + 4)).toBe(
        JSON.stringify({ has: true, kind: 'object', body: { parsed: { list: [1, 2, 3] }, store: 'request 8' } }),
      );
    });
  });

  it('should keep it across an inflated body', async () => {
    await withServe([tagRequest, json(), recordStore], async (s) => {
      const res = await post(s.port, 'application/json', zlib.gzipSync('{"z":true}'), { 'Content-Encoding': 'gzip', 'X-Id': '9' });
      expect(res.json).toEqual({ has: true, kind: 'object', body: { parsed: { z: true }, store: 'request 9' } });
    });
  });

  it('should hand raw() the exact bytes of a body sent in several chunks', async () => {
    await withServe(raw(), async (s) => {
      const reply = await rawExchange(
        s.port,
        [head({ 'Content-Type': 'application/octet-stream', 'Content-Length': 6 }), Buffer.from([0, 1, 2]), Buffer.from([253, 254, 255])],
        {
          end: 'end',
        },
      );
      expect(reply.slice(reply.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ has: true, kind: 'buffer', body: '000102fdfeff' }));
    });
  });
});
