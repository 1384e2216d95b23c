import request from 'supertest';
import { appFor } from './res-support';

describe('res.type(type)', () => {
  const app = appFor((req, res) => {
    res.type(req.query.t as string).end();
  });

  it('should look up an extension with its charset', async () => {
    await request(app).get('/?t=html').expect('Content-Type', 'text/html; charset=utf-8');
    await request(app).get('/?t=json').expect('Content-Type', 'application/json; charset=utf-8');
    await request(app).get('/?t=png').expect('Content-Type', 'image/png');
  });

  it('should accept an extension with a leading dot', async () => {
    await request(app).get('/?t=.txt').expect('Content-Type', 'text/plain; charset=utf-8');
  });

  it('should use a value containing / as the type', async () => {
    await request(app).get('/?t=application/vnd.api%2Bjson').expect('Content-Type', 'application/vnd.api+json');
    await request(app).get('/?t=text/x-custom').expect('Content-Type', 'text/x-custom; charset=utf-8');
  });

  it('should fall back to application/octet-stream for an unknown extension', async () => {
    await request(app).get('/?t=nope-such-ext').expect('Content-Type', 'application/octet-stream');
  });

  it('should be aliased as res.contentType', async () => {
    const alias = appFor((_req, res) => {
      res.contentType('css').end();
    });
    await request(alias).get('/').expect('Content-Type', 'text/css; charset=utf-8');
  });
});

describe('res.attachment([filename])', () => {
  it('should set Content-Disposition to attachment', async () => {
    const app = appFor((_req, res) => {
      res.attachment().end();
    });
    const res = await request(app).get('/').expect('Content-Disposition', 'attachment').expect(200);
    expect(res.headers['content-type']).toBeUndefined();
  });

  it('should add the base name and the Content-Type of the extension', async () => {
    const app = appFor((_req, res) => {
      res.attachment('path/to/report.json').send('{}');
    });
    await request(app)
      .get('/')
      .expect('Content-Disposition', 'attachment; filename=report.json')
      .expect('Content-Type', 'application/json; charset=utf-8')
      .expect(200, '{}');
  });

  it('should encode a non-ASCII file name (RFC 5987) with an ASCII fallback', async () => {
    const app = appFor((_req, res) => {
      res.attachment('résumé.pdf').end();
    });
    await request(app)
      .get('/')
      .expect('Content-Disposition', 'attachment; filename="r?sum?.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf')
      .expect('Content-Type', 'application/pdf');
  });

  it('should quote a name with a quote or CR/LF instead of breaking the header', async () => {
    const app = appFor((req, res) => {
      res.attachment(req.query.name as string).end();
    });
    const res = await request(app)
      .get('/?name=' + encodeURIComponent('a"b\r\nX-Evil: 1.txt'))
      .expect(200);
    expect(res.headers['x-evil']).toBeUndefined();
    expect(res.headers['content-disposition']).toBe('attachment; filename="a\\"b??X-Evil: 1.txt"; filename*=UTF-8\'\'a%22b%0D%0AX-Evil%3A%201.txt');
  });
});

describe('res.vary(field)', () => {
  it('should add the field to Vary', async () => {
    const app = appFor((_req, res) => {
      res.vary('Accept').vary('Origin').vary('accept').end();
    });
    await request(app).get('/').expect('Vary', 'Accept, Origin');
  });

  it('should accept an array of fields', async () => {
    const app = appFor((_req, res) => {
      res.vary(['Accept-Encoding', 'Accept-Language']).end();
    });
    await request(app).get('/').expect('Vary', 'Accept-Encoding, Accept-Language');
  });

  it('should leave Vary unset for an empty array', async () => {
    const app = appFor((_req, res) => {
      res.vary([]).end();
    });
    const res = await request(app).get('/').expect(200);
    expect(res.headers.vary).toBeUndefined();
  });

  it('should throw a TypeError for an invalid field name', async () => {
    const app = appFor((_req, res) => {
      res.vary('bad name').end();
    });
    await request(app).get('/').expect(500, { name: 'TypeError', message: 'field argument contains an invalid header name' });
  });

  it('should throw a TypeError without a field', async () => {
    const app = appFor((_req, res) => {
      (res.vary as (field?: string) => unknown)();
      res.end();
    });
    await request(app).get('/').expect(500, { name: 'TypeError', message: 'field argument is required' });
  });
});

describe('res.links(links)', () => {
  it('should set the Link header', async () => {
    const app = appFor((_req, res) => {
      res.links({ next: 'http://api.example.com/users?page=2', last: 'http://api.example.com/users?page=5' }).end();
    });
    await request(app).get('/').expect('Link', '<http://api.example.com/users?page=2>; rel="next", <http://api.example.com/users?page=5>; rel="last"');
  });

  it('should append to an existing Link header and expand arrays', async () => {
    const app = appFor((_req, res) => {
      res.links({ next: '/p2' });
      res.links({ alternate: ['/a.json', '/a.xml'] }).end();
    });
    await request(app).get('/').expect('Link', '</p2>; rel="next", </a.json>; rel="alternate", </a.xml>; rel="alternate"');
  });
});

describe('res.location(url)', () => {
  const app = appFor((req, res) => {
    res.location(req.query.to as string).end();
  });

  it('should set Location', async () => {
    await request(app)
      .get('/?to=' + encodeURIComponent('http://example.com/a?b=c'))
      .expect('Location', 'http://example.com/a?b=c');
  });

  it('should percent-encode what is not already encoded', async () => {
    await request(app)
      .get('/?to=' + encodeURIComponent('/ü?a=b c#ü'))
      .expect('Location', '/%C3%BC?a=b%20c#%C3%BC');
  });

  it('should keep valid escapes and encode a lone %', async () => {
    await request(app)
      .get('/?to=' + encodeURIComponent('/%20a%zz'))
      .expect('Location', '/%20a%25zz');
  });

  it('should encode CR/LF so no header can be injected', async () => {
    const res = await request(app)
      .get('/?to=' + encodeURIComponent('/a\r\nSet-Cookie: admin=1'))
      .expect('Location', '/a%0D%0ASet-Cookie:%20admin=1')
      .expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("should not treat 'back' specially (5.x)", async () => {
    await request(app).get('/?to=back').set('Referer', 'http://example.com/from').expect('Location', 'back');
  });
});
