import request from 'supertest';
import { appFor, bodyJson } from './res-support';

describe('res.redirect([status,] url)', () => {
  const app = appFor((req, res) => {
    const to = req.query.to as string;
    if (req.query.status) res.redirect(Number(req.query.status), to);
    else res.redirect(to);
  });

  it('should redirect with 302 and a text body by default', async () => {
    const res = await request(app)
      .get('/?to=/login')
      .expect('Location', '/login')
      .expect('Vary', 'Accept')
      .expect('Content-Type', 'text/plain; charset=utf-8')
      .expect('Content-Length', '28')
      .expect(302, 'Found. Redirecting to /login');
    expect(res.headers.etag).toBeUndefined();
  });

  it('should use the given status', async () => {
    await request(app).get('/?status=301&to=/new').expect('Location', '/new').expect(301, 'Moved Permanently. Redirecting to /new');
    await request(app).get('/?status=303&to=/next').expect(303, 'See Other. Redirecting to /next');
  });

  it('should send an HTML body (escaped) when HTML is accepted', async () => {
    await request(app)
      .get('/?to=' + encodeURIComponent('/search?q=<b>&x="1"'))
      .set('Accept', 'text/html')
      .expect('Content-Type', 'text/html; charset=utf-8')
      .expect('Location', '/search?q=%3Cb%3E&x=%221%22')
      .expect(302, '<!DOCTYPE html><head><title>Found</title></head><body><p>Found. Redirecting to /search?q=%3Cb%3E&amp;x=%221%22</p></body>');
  });

  it('should send an empty body when neither text nor HTML is accepted', async () => {
    const res = await request(app).get('/?to=/x').set('Accept', 'image/png').expect('Location', '/x').expect('Content-Length', '0').expect(302, '');
    expect(res.headers['content-type']).toBeUndefined();
  });

  it('should send headers and no body for HEAD', async () => {
    const res = await request(app).head('/?to=/x').expect('Location', '/x').expect('Content-Length', '24').expect(302);
    expect(res.text).toBeUndefined();
  });

  it('should encode the URL (non-ASCII, spaces)', async () => {
    await request(app)
      .get('/?to=' + encodeURIComponent('http://example.com/ü a'))
      .expect('Location', 'http://example.com/%C3%BC%20a')
      .expect(302);
  });

  it('should say undefined for a status without reason phrase', async () => {
    await request(app).get('/?status=399&to=/x').expect(399, 'undefined. Redirecting to /x');
  });

  it('should throw a RangeError for a status out of range', async () => {
    const res = await request(app).get('/?status=1000&to=/x').expect(500);
    expect(bodyJson(res)).toEqual({ name: 'RangeError', message: 'Invalid status code: 1000. Status code must be greater than 99 and less than 1000.' });
  });

  describe('with hostile input', () => {
    it('should encode CR/LF so no header can be injected', async () => {
      const res = await request(app)
        .get('/?to=' + encodeURIComponent('/ok\r\nSet-Cookie: session=stolen'))
        .expect('Location', '/ok%0D%0ASet-Cookie:%20session=stolen')
        .expect(302, 'Found. Redirecting to /ok%0D%0ASet-Cookie:%20session=stolen');
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('should pass a protocol-relative URL through unchanged (the app must validate targets)', async () => {
      await request(app)
        .get('/?to=' + encodeURIComponent('//evil.example'))
        .expect('Location', '//evil.example')
        .expect(302);
    });

    it('should pass a backslash through unchanged, as express does (the app must validate targets)', async () => {
      await request(app)
        .get('/?to=' + encodeURIComponent('/\\evil.example'))
        .expect('Location', '/\\evil.example')
        .expect(302);
    });

    it('should escape a javascript: URL in the HTML body', async () => {
      await request(app)
        .get('/?to=' + encodeURIComponent('javascript:alert("x")'))
        .set('Accept', 'text/html')
        .expect('Location', 'javascript:alert(%22x%22)')
        .expect(302, '<!DOCTYPE html><head><title>Found</title></head><body><p>Found. Redirecting to javascript:alert(%22x%22)</p></body>');
    });

    it('should escape markup that survives encoding in the HTML body', async () => {
      await request(app)
        .get('/?to=' + encodeURIComponent("/a'b&c"))
        .set('Accept', 'text/html')
        .expect('Location', "/a'b&c")
        .expect(302, '<!DOCTYPE html><head><title>Found</title></head><body><p>Found. Redirecting to /a&#39;b&amp;c</p></body>');
    });
  });
});
