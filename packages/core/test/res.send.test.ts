import { appFor, expectCase, type ResponseCase } from './support/res';
import type { Response } from '@webfw/core';
import { expectResponse, type Expected } from './support/helpers';

// ETags below are those express 5 sends for the same bodies (weak, sha1 based).
const HELLO_ETAG = 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"';
const EMPTY_ETAG = 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const LONG = 'x'.repeat(5000);

describe('res.send(body)', () => {
  describe('with a string', () => {
    it.each<ResponseCase>([
      {
        name: 'should send it as text/html with its length',
        handler: (_req, res) => res.send('hello'),
        expected: { status: 200, headers: { 'content-type': HTML, 'content-length': '5', etag: HELLO_ETAG }, body: 'hello' },
      },
      {
        name: 'should count UTF-8 bytes in Content-Length',
        handler: (_req, res) => res.send('héllo ☃'),
        expected: { status: 200, headers: { 'content-length': '10', etag: 'W/"a-eqMzmTcvGAFd2l4Ld1GDZtZLhis"' }, body: 'héllo ☃' },
      },
      {
        name: 'should keep a Content-Type already set, with charset utf-8',
        handler: (_req, res) => res.type('text/plain').send('hello'),
        expected: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'hello' },
      },
      {
        name: 'should replace another charset with utf-8 and keep other parameters in order',
        handler: (_req, res) => res.setHeader('Content-Type', 'TEXT/Plain; B=1; charset=iso-8859-1; a="x y"').send('hello'),
        expected: { status: 200, headers: { 'content-type': 'text/plain; b=1; charset=utf-8; a="x y"' }, body: 'hello' },
      },
      {
        name: 'should throw a TypeError when the Content-Type set is malformed',
        handler: (_req, res) => {
          res.setHeader('Content-Type', 'foo');
          try {
            res.send('x');
          } catch (err) {
            res.removeHeader('Content-Type');
            res.status(500).json({ name: (err as Error).name, message: (err as Error).message });
          }
        },
        expected: { status: 500, json: { name: 'TypeError', message: 'Invalid type: foo' } },
      },
      {
        name: 'should send an empty string with length 0',
        handler: (_req, res) => res.send(''),
        expected: { status: 200, headers: { 'content-type': HTML, 'content-length': '0', etag: EMPTY_ETAG }, body: '' },
      },
      {
        name: 'should send a long string whole',
        handler: (_req, res) => res.send(LONG),
        expected: { status: 200, headers: { 'content-length': '5000' }, body: LONG },
      },
    ])('$name', expectCase);
  });

  describe('with a Buffer', () => {
    it.each<ResponseCase>([
      {
        name: 'should send it as application/octet-stream',
        handler: (_req, res) => res.send(Buffer.from('abc')),
        expected: {
          status: 200,
          headers: { 'content-type': 'application/octet-stream', 'content-length': '3', etag: 'W/"3-qZk+NkcGgWq6PiVxeFDCbJzQ2J0"' },
          body: 'abc',
        },
      },
      {
        name: 'should keep a Content-Type already set, without adding a charset',
        handler: (_req, res) => res.setHeader('Content-Type', 'image/png').send(Buffer.from([1, 2, 3])),
        expected: { status: 200, headers: { 'content-type': 'image/png', 'content-length': '3' } },
      },
      {
        name: 'should send any typed array',
        handler: (_req, res) => res.send(new Uint8Array([65, 66])),
        expected: {
          status: 200,
          headers: { 'content-type': 'application/octet-stream', 'content-length': '2', etag: 'W/"2-BtlFlCqiamG+GMPiK/GbvKjdK10"' },
          body: 'AB',
        },
      },
    ])('$name', expectCase);
  });

  describe('with an object, array, number or boolean', () => {
    it.each<ResponseCase>([
      {
        name: 'should send an object as JSON',
        handler: (_req, res) => res.send({ a: 1 }),
        expected: { status: 200, headers: { 'content-type': JSON_TYPE, 'content-length': '7', etag: 'W/"7-n4nHQM60bXQYySSnisV5QdXpZSA"' }, body: '{"a":1}' },
      },
      {
        name: 'should send an array as JSON',
        handler: (_req, res) => res.send([1, 2]),
        expected: { status: 200, headers: { 'content-type': JSON_TYPE }, body: '[1,2]' },
      },
      {
        name: 'should send a number as JSON (5.x: not a status)',
        handler: (_req, res) => res.send(42),
        expected: { status: 200, headers: { 'content-type': JSON_TYPE }, body: '42' },
      },
      {
        name: 'should send a boolean as JSON',
        handler: (_req, res) => res.send(true),
        expected: { status: 200, headers: { 'content-type': JSON_TYPE, 'content-length': '4' }, body: 'true' },
      },
    ])('$name', expectCase);
  });

  describe('with null or nothing', () => {
    it.each<ResponseCase>([
      {
        name: 'should send null as an empty body without Content-Type',
        handler: (_req, res) => res.send(null),
        expected: { status: 200, headers: { 'content-length': '0', 'content-type': undefined, etag: EMPTY_ETAG }, body: '' },
      },
      {
        name: 'should send no body, no Content-Type and no ETag without an argument',
        handler: (_req, res) => res.send(),
        expected: { status: 200, headers: { 'content-length': '0', 'content-type': undefined, etag: undefined }, body: '' },
      },
    ])('$name', expectCase);
  });

  describe('with HEAD', () => {
    it('should send the headers of the GET answer and no body', async () => {
      const app = appFor((_req, res) => res.send('hello'));
      const res = await expectResponse(
        app,
        { method: 'head', path: '/' },
        { status: 200, headers: { 'content-type': HTML, 'content-length': '5', etag: HELLO_ETAG } },
      );
      expect(res.text).toBeUndefined();
    });
  });

  describe('with a status without body', () => {
    it.each<ResponseCase>([
      {
        name: 'should strip the body and its headers for 204',
        handler: (_req, res) => res.status(204).set('Transfer-Encoding', 'chunked').send('x'),
        expected: { status: 204, headers: { 'content-type': undefined, 'content-length': undefined, 'transfer-encoding': undefined }, body: '' },
      },
      {
        name: 'should strip the body and its headers for 304',
        handler: (_req, res) => res.status(304).send('x'),
        expected: { status: 304, headers: { 'content-type': undefined, 'content-length': undefined }, body: '' },
      },
      {
        name: 'should send Content-Length 0 and no body for 205',
        handler: (_req, res) => res.status(205).send('x'),
        expected: { status: 205, headers: { 'content-length': '0', 'transfer-encoding': undefined }, body: '' },
      },
    ])('$name', expectCase);
  });

  describe('after the headers were sent', () => {
    it.each<{ name: string; first: (res: Response) => void; late: (res: Response) => void; expected: Expected }>([
      {
        name: 'should throw ERR_HTTP_HEADERS_SENT and leave the first response intact',
        first: (res) => res.send('one'),
        late: (res) => res.send('two'),
        expected: { status: 200, headers: { 'content-length': '3' }, body: 'one' },
      },
      {
        name: 'should throw when a Buffer is sent after res.end',
        first: (res) => res.end('done'),
        late: (res) => res.send(Buffer.from('late')),
        expected: { status: 200, body: 'done' },
      },
    ])('$name', async ({ first, late, expected }) => {
      let error: (Error & { code?: string }) | undefined;
      const app = appFor((_req, res) => {
        first(res);
        try {
          late(res);
        } catch (err) {
          error = err as Error;
        }
      });
      await expectResponse(app, '/', expected);
      expect(error?.code).toBe('ERR_HTTP_HEADERS_SENT');
      expect(error?.message).toBe('Cannot set headers after they are sent to the client');
    });
  });

  it('should flip res.headersSent from false to true', async () => {
    const states: boolean[] = [];
    const app = appFor((_req, res) => {
      states.push(res.headersSent);
      res.send('x');
      states.push(res.headersSent);
    });
    await expectResponse(app, '/', { status: 200, body: 'x' });
    expect(states).toEqual([false, true]);
  });
});
