import request from 'supertest';
import { appFor } from './res-support';

const WEAK = 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"';
const STRONG = '"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"';

describe('res.send() and the etag setting', () => {
  const sendHello = appFor.bind(null, (_req, res) => {
    res.send('hello');
  });

  it('should send a weak ETag by default', async () => {
    await request(sendHello()).get('/').expect('ETag', WEAK).expect(200, 'hello');
  });

  it("should send a weak ETag for true and 'weak'", async () => {
    await request(sendHello((app) => app.set('etag', true)))
      .get('/')
      .expect('ETag', WEAK);
    await request(sendHello((app) => app.set('etag', 'weak')))
      .get('/')
      .expect('ETag', WEAK);
  });

  it("should send a strong ETag for 'strong'", async () => {
    await request(sendHello((app) => app.set('etag', 'strong')))
      .get('/')
      .expect('ETag', STRONG);
  });

  it('should send no ETag for false', async () => {
    const res = await request(sendHello((app) => app.set('etag', false)))
      .get('/')
      .expect(200, 'hello');
    expect(res.headers.etag).toBeUndefined();
  });

  it('should hand a custom generator the body as a Buffer', async () => {
    const seen: unknown[] = [];
    const app = sendHello((a) =>
      a.set('etag', (body: Buffer | string, encoding?: BufferEncoding) => {
        seen.push(Buffer.isBuffer(body), body.toString(), encoding);
        return '"custom"';
      }),
    );
    await request(app).get('/').expect('ETag', '"custom"').expect(200, 'hello');
    expect(seen).toEqual([true, 'hello', undefined]);
  });

  it('should send no ETag when a custom generator returns nothing', async () => {
    const res = await request(sendHello((a) => a.set('etag', () => undefined as unknown as string)))
      .get('/')
      .expect(200, 'hello');
    expect(res.headers.etag).toBeUndefined();
  });

  it('should keep an ETag set by the handler', async () => {
    const app = appFor((_req, res) => {
      res.set('ETag', '"mine"').send('hello');
    });
    await request(app).get('/').expect('ETag', '"mine"').expect(200, 'hello');
  });

  it('should hash a Buffer body as is', async () => {
    const app = appFor((_req, res) => {
      res.send(Buffer.from('hello'));
    });
    await request(app).get('/').expect('ETag', WEAK);
  });
});

describe('res.send() and freshness', () => {
  const app = appFor((req, res) => {
    if (req.query.status) res.status(Number(req.query.status));
    res.send('hello');
  });

  it('should answer 304 without body when If-None-Match matches', async () => {
    const res = await request(app).get('/').set('If-None-Match', WEAK).expect('ETag', WEAK).expect(304, '');
    expect(res.headers['content-type']).toBeUndefined();
    expect(res.headers['content-length']).toBeUndefined();
  });

  it('should answer 304 for If-None-Match: *', async () => {
    await request(app).get('/').set('If-None-Match', '*').expect(304, '');
  });

  it('should answer 200 when If-None-Match differs', async () => {
    await request(app).get('/').set('If-None-Match', 'W/"5-other"').expect(200, 'hello');
  });

  it('should answer 304 when If-Modified-Since is not older than Last-Modified', async () => {
    const fresh = appFor(
      (_req, res) => {
        res.set('Last-Modified', 'Sun, 01 Jan 2023 00:00:00 GMT').send('hello');
      },
      (a) => a.set('etag', false),
    );
    await request(fresh).get('/').set('If-Modified-Since', 'Mon, 02 Jan 2023 00:00:00 GMT').expect(304, '');
    await request(fresh).get('/').set('If-Modified-Since', 'Sat, 31 Dec 2022 00:00:00 GMT').expect(200, 'hello');
  });

  it('should ignore conditional headers for POST', async () => {
    await request(app).post('/').set('If-None-Match', WEAK).expect(200, 'hello');
  });

  it('should ignore conditional headers for an error status', async () => {
    await request(app).get('/?status=500').set('If-None-Match', WEAK).expect(500, 'hello');
  });

  it('should answer 304 to HEAD when fresh', async () => {
    await request(app).head('/').set('If-None-Match', WEAK).expect(304);
  });

  it('should honour Cache-Control: no-cache', async () => {
    await request(app).get('/').set('If-None-Match', WEAK).set('Cache-Control', 'no-cache').expect(200, 'hello');
  });
});
