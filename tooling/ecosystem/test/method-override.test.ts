import type { Request, Response } from 'express';
import methodOverride from 'method-override';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by method-override: the method the request arrived with. */
      originalMethod?: string;
    }
  }
}
import { build, closeAll, type Factory } from './support/pair';
import { captureOutput } from './support/output';

captureOutput();
afterEach(closeAll);

function routes(app: ReturnType<Factory>): void {
  const answer = (req: Request, res: Response): void => {
    res.json({ method: req.method, originalMethod: req.originalMethod, url: req.url, body: req.body ?? null });
  };
  app.get('/resource', answer);
  app.post('/resource', answer);
  app.put('/resource', answer);
  app.delete('/resource', answer);
  app.patch('/resource', answer);
}

describe('method-override on express 5 and webfw', () => {
  test('override using a header (X-HTTP-Method-Override), POST only by default', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(methodOverride('X-HTTP-Method-Override'));
      routes(app);
      return app;
    });
    const put = await pair.send({ method: 'POST', path: '/resource', headers: { 'X-HTTP-Method-Override': 'PUT' } });
    expect(put.express.json()).toEqual({ method: 'PUT', originalMethod: 'POST', url: '/resource', body: null });
    expect(put.express.headers.vary).toBe('X-HTTP-Method-Override');

    const getStays = await pair.send({ path: '/resource', headers: { 'X-HTTP-Method-Override': 'DELETE' } });
    expect(getStays.express.json()).toEqual({ method: 'GET', originalMethod: 'GET', url: '/resource', body: null });

    const unknown = await pair.send({ method: 'POST', path: '/resource', headers: { 'X-HTTP-Method-Override': 'BREW' } });
    expect(unknown.express.json()).toMatchObject({ method: 'POST' });

    // a list: the first value wins
    const list = await pair.send({ method: 'POST', path: '/resource', headers: { 'X-HTTP-Method-Override': 'patch, delete' } });
    expect(list.express.json()).toMatchObject({ method: 'PATCH', originalMethod: 'POST' });
  });

  test('override using a query value (_method), with the methods option', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(methodOverride('_method', { methods: ['POST', 'GET'] }));
      routes(app);
      return app;
    });
    const del = await pair.send({ method: 'POST', path: '/resource?_method=DELETE' });
    expect(del.express.json()).toEqual({ method: 'DELETE', originalMethod: 'POST', url: '/resource?_method=DELETE', body: null });
    expect(del.express.headers.vary).toBeUndefined();
    const fromGet = await pair.send({ path: '/resource?_method=patch' });
    expect(fromGet.express.json()).toMatchObject({ method: 'PATCH', originalMethod: 'GET' });
    const missing = await pair.send({ method: 'POST', path: '/resource?_method=' });
    expect(missing.express.json()).toMatchObject({ method: 'POST' });
  });

  test('custom logic reading req.body after the urlencoded parser (README)', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(fw.urlencoded({ extended: false }));
      app.use(
        // as in the README: no return value when there is no _method (the typings want a string)
        methodOverride(((req: Request) => {
          if (req.body && typeof req.body === 'object' && '_method' in req.body) {
            const method = req.body._method as string;
            delete req.body._method;
            return method;
          }
          return undefined;
        }) as (req: Request) => string),
      );
      routes(app);
      return app;
    });
    const { express: r } = await pair.send({
      method: 'POST',
      path: '/resource',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '_method=DELETE&id=7',
    });
    expect(r.json()).toEqual({ method: 'DELETE', originalMethod: 'POST', url: '/resource', body: { id: '7' } });
    const plain = await pair.send({ method: 'POST', path: '/resource', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'id=8' });
    expect(plain.express.json()).toEqual({ method: 'POST', originalMethod: 'POST', url: '/resource', body: { id: '8' } });
  });

  test('several overrides stacked (X-HTTP-Method, X-HTTP-Method-Override, X-Method-Override); 404 for an unrouted method (OPTIONS included)', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(methodOverride('X-HTTP-Method'));
      app.use(methodOverride('X-HTTP-Method-Override'));
      app.use(methodOverride('X-Method-Override'));
      routes(app);
      return app;
    });
    const ibm = await pair.send({ method: 'POST', path: '/resource', headers: { 'X-Method-Override': 'PUT' } });
    expect(ibm.express.json()).toMatchObject({ method: 'PUT', originalMethod: 'POST' });
    expect(ibm.express.headers.vary).toBe('X-HTTP-Method, X-HTTP-Method-Override, X-Method-Override');
    // the router answers OPTIONS itself only for requests that arrived as OPTIONS
    const options = await pair.send({ method: 'POST', path: '/resource', headers: { 'X-HTTP-Method': 'OPTIONS' } });
    expect(options.express.status).toBe(404);
    expect(options.express.text).toContain('Cannot OPTIONS /resource');
    const notFound = await pair.send({ method: 'POST', path: '/resource', headers: { 'X-HTTP-Method': 'PROPFIND' } });
    expect(notFound.express.status).toBe(404);
  });
});
