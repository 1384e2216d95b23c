import request from 'supertest';
import { appFor } from './res-support';

// ETags below are those express 5 sends for the same bodies (weak, sha1 based).
const HELLO_ETAG = 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"';

describe('res.send(body)', () => {
  describe('with a string', () => {
    it('should send it as text/html with its length', async () => {
      const app = appFor((_req, res) => {
        res.send('hello');
      });
      await request(app)
        .get('/')
        .expect('Content-Type', 'text/html; charset=utf-8')
        .expect('Content-Length', '5')
        .expect('ETag', HELLO_ETAG)
        .expect(200, 'hello');
    });

    it('should count UTF-8 bytes in Content-Length', async () => {
      const app = appFor((_req, res) => {
        res.send('héllo ☃');
      });
      await request(app).get('/').expect('Content-Length', '10').expect('ETag', 'W/"a-eqMzmTcvGAFd2l4Ld1GDZtZLhis"').expect(200, 'héllo ☃');
    });

    it('should keep a Content-Type already set, with charset utf-8', async () => {
      const app = appFor((_req, res) => {
        res.type('text/plain').send('hello');
      });
      await request(app).get('/').expect('Content-Type', 'text/plain; charset=utf-8').expect(200, 'hello');
    });

    it('should replace another charset with utf-8 and keep other parameters in order', async () => {
      const app = appFor((_req, res) => {
        res.setHeader('Content-Type', 'TEXT/Plain; B=1; charset=iso-8859-1; a="x y"');
        res.send('hello');
      });
      await request(app).get('/').expect('Content-Type', 'text/plain; b=1; charset=utf-8; a="x y"').expect(200, 'hello');
    });

    it('should throw a TypeError when the Content-Type set is malformed', async () => {
      const app = appFor((_req, res) => {
        res.setHeader('Content-Type', 'foo');
        try {
          res.send('x');
        } catch (err) {
          res.removeHeader('Content-Type');
          res.status(500).json({ name: (err as Error).name, message: (err as Error).message });
        }
      });
      await request(app).get('/').expect(500, { name: 'TypeError', message: 'Invalid type: foo' });
    });

    it('should send an empty string with length 0', async () => {
      const app = appFor((_req, res) => {
        res.send('');
      });
      await request(app)
        .get('/')
        .expect('Content-Type', 'text/html; charset=utf-8')
        .expect('Content-Length', '0')
        .expect('ETag', 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"')
        .expect(200, '');
    });

    it('should send a long string whole', async () => {
      const body = 'x'.repeat(5000);
      const app = appFor((_req, res) => {
        res.send(body);
      });
      await request(app).get('/').expect('Content-Length', '5000').expect(200, body);
    });
  });

  describe('with a Buffer', () => {
    it('should send it as application/octet-stream', async () => {
      const app = appFor((_req, res) => {
        res.send(Buffer.from('abc'));
      });
      const res = await request(app)
        .get('/')
        .expect('Content-Type', 'application/octet-stream')
        .expect('Content-Length', '3')
        .expect('ETag', 'W/"3-qZk+NkcGgWq6PiVxeFDCbJzQ2J0"')
        .expect(200);
      expect(res.body.toString()).toBe('abc');
    });

    it('should keep a Content-Type already set, without adding a charset', async () => {
      const app = appFor((_req, res) => {
        res.setHeader('Content-Type', 'image/png');
        res.send(Buffer.from([1, 2, 3]));
      });
      await request(app).get('/').expect('Content-Type', 'image/png').expect('Content-Length', '3');
    });

    it('should send any typed array', async () => {
      const app = appFor((_req, res) => {
        res.send(new Uint8Array([65, 66]));
      });
      const res = await request(app)
        .get('/')
        .expect('Content-Type', 'application/octet-stream')
        .expect('Content-Length', '2')
        .expect('ETag', 'W/"2-BtlFlCqiamG+GMPiK/GbvKjdK10"')
        .expect(200);
      expect(res.body.toString()).toBe('AB');
    });
  });

  describe('with an object, array, number or boolean', () => {
    it('should send an object as JSON', async () => {
      const app = appFor((_req, res) => {
        res.send({ a: 1 });
      });
      await request(app)
        .get('/')
        .expect('Content-Type', 'application/json; charset=utf-8')
        .expect('Content-Length', '7')
        .expect('ETag', 'W/"7-n4nHQM60bXQYySSnisV5QdXpZSA"')
        .expect(200, '{"a":1}');
    });

    it('should send an array as JSON', async () => {
      const app = appFor((_req, res) => {
        res.send([1, 2]);
      });
      await request(app).get('/').expect('Content-Type', 'application/json; charset=utf-8').expect(200, '[1,2]');
    });

    it('should send a number as JSON (5.x: not a status)', async () => {
      const app = appFor((_req, res) => {
        res.send(42);
      });
      await request(app).get('/').expect('Content-Type', 'application/json; charset=utf-8').expect(200, '42');
    });

    it('should send a boolean as JSON', async () => {
      const app = appFor((_req, res) => {
        res.send(true);
      });
      await request(app).get('/').expect('Content-Type', 'application/json; charset=utf-8').expect('Content-Length', '4').expect(200, 'true');
    });
  });

  describe('with null or nothing', () => {
    it('should send null as an empty body without Content-Type', async () => {
      const app = appFor((_req, res) => {
        res.send(null);
      });
      const res = await request(app).get('/').expect('Content-Length', '0').expect(200, '');
      expect(res.headers['content-type']).toBeUndefined();
      expect(res.headers.etag).toBe('W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"');
    });

    it('should send no body, no Content-Type and no ETag without an argument', async () => {
      const app = appFor((_req, res) => {
        res.send();
      });
      const res = await request(app).get('/').expect('Content-Length', '0').expect(200, '');
      expect(res.headers['content-type']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
    });
  });

  describe('with HEAD', () => {
    it('should send the headers of the GET answer and no body', async () => {
      const app = appFor((_req, res) => {
        res.send('hello');
      });
      const res = await request(app)
        .head('/')
        .expect('Content-Type', 'text/html; charset=utf-8')
        .expect('Content-Length', '5')
        .expect('ETag', HELLO_ETAG)
        .expect(200);
      expect(res.text).toBeUndefined();
    });
  });

  describe('with a status without body', () => {
    it('should strip the body and its headers for 204', async () => {
      const app = appFor((_req, res) => {
        res.status(204).set('Transfer-Encoding', 'chunked').send('x');
      });
      const res = await request(app).get('/').expect(204, '');
      expect(res.headers['content-type']).toBeUndefined();
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.headers['transfer-encoding']).toBeUndefined();
    });

    it('should strip the body and its headers for 304', async () => {
      const app = appFor((_req, res) => {
        res.status(304).send('x');
      });
      const res = await request(app).get('/').expect(304, '');
      expect(res.headers['content-type']).toBeUndefined();
      expect(res.headers['content-length']).toBeUndefined();
    });

    it('should send Content-Length 0 and no body for 205', async () => {
      const app = appFor((_req, res) => {
        res.status(205).send('x');
      });
      const res = await request(app).get('/').expect('Content-Length', '0').expect(205, '');
      expect(res.headers['transfer-encoding']).toBeUndefined();
    });
  });

  describe('after the headers were sent', () => {
    it('should throw ERR_HTTP_HEADERS_SENT and leave the first response intact', async () => {
      let error: (Error & { code?: string }) | undefined;
      const app = appFor((_req, res) => {
        res.send('one');
        try {
          res.send('two');
        } catch (err) {
          error = err as Error;
        }
      });
      await request(app).get('/').expect('Content-Length', '3').expect(200, 'one');
      expect(error?.code).toBe('ERR_HTTP_HEADERS_SENT');
      expect(error?.message).toBe('Cannot set headers after they are sent to the client');
    });

    it('should throw when a Buffer is sent after res.end', async () => {
      let error: (Error & { code?: string }) | undefined;
      const app = appFor((_req, res) => {
        res.end('done');
        try {
          res.send(Buffer.from('late'));
        } catch (err) {
          error = err as Error;
        }
      });
      await request(app).get('/').expect(200, 'done');
      expect(error?.code).toBe('ERR_HTTP_HEADERS_SENT');
    });
  });

  it('should flip res.headersSent from false to true', async () => {
    const states: boolean[] = [];
    const app = appFor((_req, res) => {
      states.push(res.headersSent);
      res.send('x');
      states.push(res.headersSent);
    });
    await request(app).get('/').expect(200, 'x');
    expect(states).toEqual([false, true]);
  });
});
