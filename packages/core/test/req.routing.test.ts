import cookieParser from 'cookie-parser';
import { sign } from 'cookie-signature';
import request from 'supertest';
import webfw from '@webfw/core';

describe('req.params', () => {
  it('should be {} when the route has no parameters', async () => {
    const app = webfw();
    app.get('/', (req, res) => {
      res.end(JSON.stringify(req.params));
    });
    await request(app).get('/').expect(200, '{}');
  });

  it('should hold decoded named parameters', async () => {
    const app = webfw();
    app.get('/file/:name', (req, res) => {
      res.end(req.params.name);
    });
    await request(app).get('/file/hello%20world%2Fx').expect(200, 'hello world/x');
  });

  it('should hold regular-expression captures by index', async () => {
    const app = webfw();
    app.get(/^\/commits\/(\w+)\.\.(\w+)$/, (req, res) => {
      const params = req.params as Record<string, string>;
      res.end(`${params[0]} ${params[1]}`);
    });
    await request(app).get('/commits/abc..def').expect(200, 'abc def');
  });

  it('should hold a {*splat} wildcard as segments and {optional} parts', async () => {
    const app = webfw();
    app.get('/files/*path', (req, res) => {
      res.end(JSON.stringify(req.params));
    });
    app.get('/opt{/:maybe}', (req, res) => {
      res.end(JSON.stringify(req.params));
    });
    await request(app).get('/files/a/b/c.txt').expect(200, '{"path":["a","b","c.txt"]}');
    await request(app).get('/opt').expect(200, '{}');
    await request(app).get('/opt/yes').expect(200, '{"maybe":"yes"}');
  });

  it('should reset changes made by earlier middleware', async () => {
    const app = webfw();
    app.get('/u/:id', (req, _res, next) => {
      req.params.id = 'changed';
      next();
    });
    app.get('/u/:id', (req, res) => {
      res.end(req.params.id);
    });
    await request(app).get('/u/original').expect(200, 'original');
  });

  it("should merge the parent's params with mergeParams, the child's winning", async () => {
    const app = webfw();
    const router = webfw.Router({ mergeParams: true });
    router.get('/:id', (req, res) => {
      res.end(JSON.stringify(req.params));
    });
    app.use('/org/:org/:id', router);
    await request(app).get('/org/acme/1/2').expect(200, '{"org":"acme","id":"2"}');
  });
});

describe('req.baseUrl / req.originalUrl / req.route', () => {
  it('should give the matched mount path and the original URL', async () => {
    const app = webfw();
    const greet = webfw.Router();
    greet.get('/jp', (req, res) => {
      res.end(`${req.baseUrl} ${req.originalUrl} ${req.url}`);
    });
    app.use('/greet', greet);
    await request(app).get('/greet/jp?x=1').expect(200, '/greet /greet/jp?x=1 /jp?x=1');
  });

  it("should be '' at the top level", async () => {
    const app = webfw();
    app.get('/x', (req, res) => {
      res.end(`[${req.baseUrl}] ${req.originalUrl}`);
    });
    await request(app).get('/x').expect(200, '[] /x');
  });

  it('should give the matched URL, not the pattern, as baseUrl', async () => {
    const app = webfw();
    app.use('/item/:id', (req, res) => {
      res.end(req.baseUrl);
    });
    await request(app).get('/item/42/more').expect(200, '/item/42');
  });

  it('should expose the matched route', async () => {
    const app = webfw();
    app.get('/user/:id', (req, res) => {
      const route = req.route as { path: string; methods: Record<string, boolean> };
      res.end(`${route.path} ${String(route.methods.get)}`);
    });
    await request(app).get('/user/1').expect(200, '/user/:id true');
  });
});

describe('req.cookies / req.signedCookies (cookie-parser)', () => {
  it('should hold the cookies cookie-parser parsed', async () => {
    const app = webfw();
    app.use(cookieParser('secret'));
    app.get('/', (req, res) => {
      res.end(JSON.stringify({ cookies: req.cookies, signed: req.signedCookies }));
    });
    const res = await request(app).get('/').set('Cookie', 'a=1; b=two');
    expect(JSON.parse(res.text)).toEqual({ cookies: { a: '1', b: 'two' }, signed: {} });
  });

  it('should verify signed cookies and reject tampered ones', async () => {
    const app = webfw();
    app.use(cookieParser('secret'));
    app.get('/', (req, res) => {
      res.end(JSON.stringify({ cookies: req.cookies, signed: req.signedCookies, secret: req.secret }));
    });
    const signed = `s:${sign('tobi', 'secret')}`;
    const ok = await request(app)
      .get('/')
      .set('Cookie', `user=${encodeURIComponent(signed)}`);
    expect(JSON.parse(ok.text)).toEqual({ cookies: {}, signed: { user: 'tobi' }, secret: 'secret' });
    const bad = await request(app)
      .get('/')
      .set('Cookie', `user=${encodeURIComponent(signed.replace('tobi', 'root'))}`);
    expect(JSON.parse(bad.text)).toEqual({ cookies: {}, signed: { user: false }, secret: 'secret' });
  });

  it('should be undefined without cookie-parser', async () => {
    const app = webfw();
    app.get('/', (req, res) => {
      res.end(`${typeof req.cookies} ${typeof req.signedCookies}`);
    });
    await request(app).get('/').set('Cookie', 'a=1').expect(200, 'undefined undefined');
  });
});
