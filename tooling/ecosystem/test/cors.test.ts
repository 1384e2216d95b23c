import cors, { type CorsOptions } from 'cors';
import type { NextFunction, Request, Response } from 'express';
import { build, closeAll } from './support/pair';
import { captureOutput } from './support/output';

captureOutput();
afterEach(closeAll);

describe('cors on express 5 and webfw', () => {
  test('app.use(cors()): simple request gets Access-Control-Allow-Origin: *', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(cors());
      app.get('/products/:id', (req, res) => {
        res.json({ msg: 'Hello', id: req.params.id });
      });
      return app;
    });
    const { express: r } = await pair.send({ path: '/products/7', headers: { Origin: 'http://client.example' } });
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.json()).toEqual({ msg: 'Hello', id: '7' });
  });

  test('app.use(cors()): preflight answers 204 with the allowed methods and reflected headers', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(cors());
      app.delete('/products/:id', (_req, res) => {
        res.json({ deleted: true });
      });
      return app;
    });
    const { express: r } = await pair.send({
      method: 'OPTIONS',
      path: '/products/7',
      headers: { Origin: 'http://client.example', 'Access-Control-Request-Method': 'DELETE', 'Access-Control-Request-Headers': 'X-Token, Content-Type' },
    });
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-methods']).toBe('GET,HEAD,PUT,PATCH,POST,DELETE');
    expect(r.headers['access-control-allow-headers']).toBe('X-Token, Content-Type');
    expect(r.headers.vary).toBe('Access-Control-Request-Headers');
    expect(r.headers['content-length']).toBe('0');
    expect(r.body.length).toBe(0);
  });

  test('per-route cors with a fixed origin and optionsSuccessStatus 200 (README "Configuring CORS")', async () => {
    const options: CorsOptions = { origin: 'http://example.com', optionsSuccessStatus: 200 };
    const pair = await build((fw) => {
      const app = fw();
      app.options('/products/:id', cors(options));
      app.get('/products/:id', cors(options), (_req, res) => {
        res.json({ msg: 'Hello' });
      });
      app.get('/open', (_req, res) => {
        res.send('no cors here');
      });
      return app;
    });
    const simple = await pair.send({ path: '/products/1', headers: { Origin: 'http://other.example' } });
    expect(simple.express.headers['access-control-allow-origin']).toBe('http://example.com');
    expect(simple.express.headers.vary).toBe('Origin');

    const preflight = await pair.send({
      method: 'OPTIONS',
      path: '/products/1',
      headers: { Origin: 'http://example.com', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(preflight.express.status).toBe(200);
    expect(preflight.express.headers['access-control-allow-origin']).toBe('http://example.com');

    const open = await pair.send({ path: '/open', headers: { Origin: 'http://example.com' } });
    expect(open.express.headers['access-control-allow-origin']).toBeUndefined();
    expect(open.express.text).toBe('no cors here');

    // OPTIONS on a path with no cors route: the framework's own automatic OPTIONS answer
    const auto = await pair.send({ method: 'OPTIONS', path: '/open' });
    expect(auto.express.status).toBe(200);
    expect(auto.express.headers.allow).toBe('GET, HEAD');
  });

  test('origin list with a RegExp, credentials, exposed headers and maxAge', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(
        cors({
          origin: ['http://a.example', /\.trusted\.example$/],
          credentials: true,
          exposedHeaders: ['X-Total-Count', 'Link'],
          maxAge: 600,
          methods: ['GET', 'POST'],
          allowedHeaders: 'Content-Type,Authorization',
        }),
      );
      app.get('/items', (_req, res) => {
        res.set('X-Total-Count', '2').json([1, 2]);
      });
      return app;
    });
    const allowed = await pair.send({ path: '/items', headers: { Origin: 'https://app.trusted.example' } });
    expect(allowed.express.headers['access-control-allow-origin']).toBe('https://app.trusted.example');
    expect(allowed.express.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.express.headers['access-control-expose-headers']).toBe('X-Total-Count,Link');

    const denied = await pair.send({ path: '/items', headers: { Origin: 'http://evil.example' } });
    expect(denied.express.headers['access-control-allow-origin']).toBeUndefined();
    expect(denied.express.status).toBe(200);

    const preflight = await pair.send({
      method: 'OPTIONS',
      path: '/items',
      headers: { Origin: 'http://a.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'X-Other' },
    });
    expect(preflight.express.status).toBe(204);
    expect(preflight.express.headers['access-control-max-age']).toBe('600');
    expect(preflight.express.headers['access-control-allow-headers']).toBe('Content-Type,Authorization');
    expect(preflight.express.headers['access-control-allow-methods']).toBe('GET,POST');
  });

  test('preflightContinue hands the OPTIONS request to the next handler', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(cors({ preflightContinue: true }));
      app.options('/x', (_req, res) => {
        res.status(202).send('custom preflight');
      });
      return app;
    });
    const { express: r } = await pair.send({
      method: 'OPTIONS',
      path: '/x',
      headers: { Origin: 'http://client.example', 'Access-Control-Request-Method': 'PATCH' },
    });
    expect(r.status).toBe(202);
    expect(r.text).toBe('custom preflight');
    expect(r.headers['access-control-allow-methods']).toBe('GET,HEAD,PUT,PATCH,POST,DELETE');
  });

  test('dynamic origin callback and per-request options; an origin error reaches the error handler', async () => {
    const pair = await build((fw) => {
      const app = fw();
      const dynamicOrigin = cors({
        origin(origin, callback) {
          // as a lookup in a backing store would answer
          if (origin === 'http://blocked.example') callback(new Error('origin not allowed'));
          else callback(null, origin === 'http://db.example' ? ['http://db.example'] : false);
        },
      });
      app.get('/dyn', dynamicOrigin, (_req, res) => {
        res.send('Hello');
      });
      app.use(
        cors((req: Request, callback) => {
          callback(null, req.path.startsWith('/auth/') ? { origin: 'http://mydomain.com', credentials: true } : { origin: '*' });
        }),
      );
      app.get(['/auth/connect', '/public'], (_req, res) => {
        res.send('Hello');
      });
      app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
        res.status(403).json({ error: err.message });
      });
      return app;
    });
    const fromDb = await pair.send({ path: '/dyn', headers: { Origin: 'http://db.example' } });
    expect(fromDb.express.headers['access-control-allow-origin']).toBe('http://db.example');
    const other = await pair.send({ path: '/dyn', headers: { Origin: 'http://x.example' } });
    expect(other.express.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.express.text).toBe('Hello');
    const blocked = await pair.send({ path: '/dyn', headers: { Origin: 'http://blocked.example' } });
    expect(blocked.express.status).toBe(403);
    expect(blocked.express.json()).toEqual({ error: 'origin not allowed' });
    const auth = await pair.send({ path: '/auth/connect', headers: { Origin: 'http://x.example' } });
    expect(auth.express.headers['access-control-allow-origin']).toBe('http://mydomain.com');
    expect(auth.express.headers['access-control-allow-credentials']).toBe('true');
    const pub = await pair.send({ path: '/public' });
    expect(pub.express.headers['access-control-allow-origin']).toBe('*');
  });
});
