import cookieParser from 'cookie-parser';
import { sign } from 'cookie-signature';
import request from 'supertest';
import webfw from '@webfw/core';
import type { Request, Response } from '@webfw/core';

/**
 * One request: a handler answering `answer(req)`, routed with `app.get(get)` or mounted with
 * `app.use(use)`, must answer 200 with `body` for GET `path`.
 */
interface RoutingCase {
  name: string;
  get?: string | RegExp;
  use?: string;
  answer: (req: Request) => string;
  path: string;
  body: string;
}

async function expectRouting({ get, use, answer, path, body }: RoutingCase): Promise<void> {
  const app = webfw();
  const handler = (req: Request, res: Response) => res.end(answer(req));
  if (use !== undefined) app.use(use, handler);
  else app.get(get ?? '/', handler);
  await request(app).get(path).expect(200, body);
}

const params = (req: Request): string => JSON.stringify(req.params);

describe('req.params', () => {
  it.each<RoutingCase>([
    { name: 'should be {} when the route has no parameters', get: '/', answer: params, path: '/', body: '{}' },
    {
      name: 'should hold decoded named parameters',
      get: '/file/:name',
      answer: (req) => req.params.name as string,
      path: '/file/hello%20world%2Fx',
      body: 'hello world/x',
    },
    {
      name: 'should hold regular-expression captures by index',
      get: /^\/commits\/(\w+)\.\.(\w+)$/,
      answer: (req) => `${(req.params as Record<string, string>)[0]} ${(req.params as Record<string, string>)[1]}`,
      path: '/commits/abc..def',
      body: 'abc def',
    },
    { name: 'should hold a {*splat} wildcard as segments', get: '/files/*path', answer: params, path: '/files/a/b/c.txt', body: '{"path":["a","b","c.txt"]}' },
    { name: 'should hold an absent {optional} part as nothing', get: '/opt{/:maybe}', answer: params, path: '/opt', body: '{}' },
    { name: 'should hold a present {optional} part', get: '/opt{/:maybe}', answer: params, path: '/opt/yes', body: '{"maybe":"yes"}' },
  ])('$name', expectRouting);

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

  it.each<RoutingCase>([
    { name: "should be '' at the top level", get: '/x', answer: (req) => `[${req.baseUrl}] ${req.originalUrl}`, path: '/x', body: '[] /x' },
    {
      name: 'should give the matched URL, not the pattern, as baseUrl',
      use: '/item/:id',
      answer: (req) => req.baseUrl,
      path: '/item/42/more',
      body: '/item/42',
    },
    {
      name: 'should expose the matched route',
      get: '/user/:id',
      answer: (req) => {
        const route = req.route as { path: string; methods: Record<string, boolean> };
        return `${route.path} ${String(route.methods.get)}`;
      },
      path: '/user/1',
      body: '/user/:id true',
    },
  ])('$name', expectRouting);
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
