import request from 'supertest';
import webfw from '@webfw/core';
import type { Application, Request } from '@webfw/core';
import { close, listen } from '@webfw/test-support';
import { rawRequest } from './support/helpers';

function echo(fn: (req: Request) => unknown, configure?: (app: Application) => void): Application {
  const app = webfw();
  configure?.(app);
  app.use((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    const out = fn(req);
    res.end(JSON.stringify(out === undefined ? null : out));
  });
  return app;
}

async function raw(app: Application, text: string) {
  const server = await listen(app);
  try {
    return await rawRequest(server, text);
  } finally {
    await close(server);
  }
}

describe('req.hostname / req.host', () => {
  it('should take the hostname from Host without the port', async () => {
    const app = echo((req) => [req.hostname, req.host]);
    expect((await request(app).get('/').set('Host', 'example.com:3000')).body).toEqual(['example.com', 'example.com:3000']);
    expect((await request(app).get('/').set('Host', 'example.com')).body).toEqual(['example.com', 'example.com']);
  });

  it('should keep the brackets of an IPv6 host and drop its port', async () => {
    const app = echo((req) => [req.hostname, req.host]);
    expect((await request(app).get('/').set('Host', '[::1]:3000')).body).toEqual(['[::1]', '[::1]:3000']);
    expect((await request(app).get('/').set('Host', '[2001:db8::1]')).body).toEqual(['[2001:db8::1]', '[2001:db8::1]']);
  });

  it('should be undefined without a Host header', async () => {
    const res = await raw(
      echo((req) => [req.hostname ?? 'none', req.host ?? 'none', req.subdomains]),
      'GET / HTTP/1.0\r\n\r\n',
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual(['none', 'none', []]);
  });

  it('should survive malformed Host headers', async () => {
    const app = echo((req) => [req.hostname ?? 'none', req.subdomains]);
    const cases: [string, unknown][] = [
      ['a:b:c', ['a', []]],
      ['[::1', ['[', []]],
      [':8080', ['', []]],
      ['...', ['...', ['', '']]],
      ['a..b.c.d', ['a..b.c.d', ['b', '', 'a']]],
    ];
    for (const [host, expected] of cases) {
      const res = await raw(app, `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect([host, res.status, JSON.parse(res.body)]).toEqual([host, 200, expected]);
    }
  });

  it('should answer 400 (node) for a Host header with forbidden characters', async () => {
    const res = await raw(
      echo((req) => req.hostname),
      'GET / HTTP/1.1\r\nHost: bad\u0001host\r\nConnection: close\r\n\r\n',
    );
    expect(res.status).toBe(400);
  });

  it('should ignore X-Forwarded-Host without trust proxy', async () => {
    const res = await request(echo((req) => req.hostname))
      .get('/')
      .set('Host', 'real.example')
      .set('X-Forwarded-Host', 'forged.example');
    expect(res.body).toBe('real.example');
  });

  it('should use X-Forwarded-Host under trust proxy', async () => {
    const app = echo(
      (req) => [req.hostname, req.host],
      (a) => a.enable('trust proxy'),
    );
    expect((await request(app).get('/').set('Host', 'real.example').set('X-Forwarded-Host', 'proxy.example:8443')).body).toEqual([
      'proxy.example',
      'proxy.example:8443',
    ]);
  });

  it('should take the first of several X-Forwarded-Host values', async () => {
    const app = echo(
      (req) => req.hostname,
      (a) => a.enable('trust proxy'),
    );
    expect((await request(app).get('/').set('X-Forwarded-Host', 'one.example , two.example')).body).toBe('one.example');
    const repeated = await raw(
      app,
      'GET / HTTP/1.1\r\nHost: h\r\nX-Forwarded-Host: first.example\r\nX-Forwarded-Host: second.example\r\nConnection: close\r\n\r\n',
    );
    expect(JSON.parse(repeated.body)).toBe('first.example');
  });

  it('should fall back to Host when X-Forwarded-Host is empty', async () => {
    const app = echo(
      (req) => req.hostname,
      (a) => a.enable('trust proxy'),
    );
    expect((await request(app).get('/').set('Host', 'real.example').set('X-Forwarded-Host', '')).body).toBe('real.example');
  });
});

describe('req.subdomains', () => {
  it('should list subdomains, most specific last', async () => {
    const res = await request(echo((req) => req.subdomains))
      .get('/')
      .set('Host', 'tobi.ferrets.example.com');
    expect(res.body).toEqual(['ferrets', 'tobi']);
  });

  it('should be empty for a domain without subdomains', async () => {
    expect(
      (
        await request(echo((req) => req.subdomains))
          .get('/')
          .set('Host', 'example.com')
      ).body,
    ).toEqual([]);
  });

  it('should honour subdomain offset', async () => {
    const app = echo(
      (req) => req.subdomains,
      (a) => a.set('subdomain offset', 3),
    );
    expect((await request(app).get('/').set('Host', 'tobi.ferrets.example.co.uk')).body).toEqual(['ferrets', 'tobi']);
    const zero = echo(
      (req) => req.subdomains,
      (a) => a.set('subdomain offset', 0),
    );
    expect((await request(zero).get('/').set('Host', 'a.example.com')).body).toEqual(['com', 'example', 'a']);
  });

  it('should be empty for IP hosts', async () => {
    const app = echo((req) => req.subdomains);
    expect((await request(app).get('/').set('Host', '127.0.0.1:80')).body).toEqual([]);
    expect((await request(app).get('/').set('Host', '[::1]:80')).body).toEqual([]);
  });

  it('should use X-Forwarded-Host under trust proxy', async () => {
    const app = echo(
      (req) => req.subdomains,
      (a) => a.enable('trust proxy'),
    );
    expect((await request(app).get('/').set('Host', 'x.y').set('X-Forwarded-Host', 'api.v2.example.com')).body).toEqual(['v2', 'api']);
  });
});

describe('req.protocol / req.secure', () => {
  it('should be http and not secure on a plain connection', async () => {
    expect((await request(echo((req) => [req.protocol, req.secure])).get('/')).body).toEqual(['http', false]);
  });

  it('should ignore a forged X-Forwarded-Proto without trust proxy', async () => {
    const res = await request(echo((req) => [req.protocol, req.secure]))
      .get('/')
      .set('X-Forwarded-Proto', 'https');
    expect(res.body).toEqual(['http', false]);
  });

  it('should use the first X-Forwarded-Proto value under trust proxy', async () => {
    const app = echo(
      (req) => [req.protocol, req.secure],
      (a) => a.enable('trust proxy'),
    );
    expect((await request(app).get('/').set('X-Forwarded-Proto', 'https')).body).toEqual(['https', true]);
    expect((await request(app).get('/').set('X-Forwarded-Proto', ' https , http')).body).toEqual(['https', true]);
    expect((await request(app).get('/')).body).toEqual(['http', false]);
  });
});

describe('req.ip / req.ips', () => {
  it('should be the socket address and [] without trust proxy', async () => {
    const res = await request(echo((req) => [req.ip === req.socket.remoteAddress, req.ips]))
      .get('/')
      .set('X-Forwarded-For', '1.2.3.4');
    expect(res.body).toEqual([true, []]);
  });

  it('should be the left-most X-Forwarded-For entry under trust proxy', async () => {
    const app = echo(
      (req) => [req.ip, req.ips],
      (a) => a.enable('trust proxy'),
    );
    expect((await request(app).get('/').set('X-Forwarded-For', '1.2.3.4, 5.6.7.8')).body).toEqual(['1.2.3.4', ['1.2.3.4', '5.6.7.8']]);
  });

  it('should give [] for ips under trust proxy without X-Forwarded-For', async () => {
    const app = echo(
      (req) => req.ips,
      (a) => a.enable('trust proxy'),
    );
    expect((await request(app).get('/')).body).toEqual([]);
  });

  it('should skip junk in a forged X-Forwarded-For', async () => {
    const app = echo(
      (req) => [req.ip, req.ips],
      (a) => a.set('trust proxy', 'loopback'),
    );
    const res = await request(app).get('/').set('X-Forwarded-For', 'not-an-ip, <script>, 10.0.0.1');
    expect(res.body).toEqual(['10.0.0.1', ['10.0.0.1']]);
  });
});

describe('req.path', () => {
  it('should be the path of the URL without the query', async () => {
    const app = echo((req) => req.path);
    expect((await request(app).get('/a/b?c=d')).body).toBe('/a/b');
    expect((await request(app).get('/')).body).toBe('/');
  });

  it('should exclude the mount path inside mounted middleware', async () => {
    const app = webfw();
    app.use('/admin', (req, res) => {
      res.end(req.path);
    });
    await request(app).get('/admin/users?x=1').expect(200, '/users');
  });

  it('should take the path of an absolute-form request target', async () => {
    const res = await raw(
      echo((req) => [req.path, req.query]),
      'GET http://example.com/abs/path?x=1 HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n',
    );
    expect(JSON.parse(res.body)).toEqual(['/abs/path', { x: '1' }]);
  });

  it('should drop a fragment', async () => {
    const res = await raw(
      echo((req) => [req.path, req.query]),
      'GET /frag?y=2#hash HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n',
    );
    expect(JSON.parse(res.body)).toEqual(['/frag', { y: '2' }]);
  });
});
