/**
 * Type-level contracts of the public surface. The `expectTypeOf` assertions are checked by the
 * workspace type-check (`tsc -p tsconfig.json`, run by `npm test` and CI; ts-jest only
 * transpiles); each test also runs the code.
 */
import { expectTypeOf } from 'expect-type';
import request from 'supertest';
import webfw from '@webfw/core';
import type { Application, NextFunction, ParamsDictionary, Request, Response } from '@webfw/core';

describe('public types', () => {
  it('should infer req.params from a path literal', async () => {
    const app = webfw();
    app.get('/users/:id/files/*path', (req, res) => {
      expectTypeOf(req.params.id).toEqualTypeOf<string>();
      expectTypeOf(req.params.path).toEqualTypeOf<string[]>();
      // @ts-expect-error: no such parameter in the path
      void req.params.nope;
      res.end(`${req.params.id} ${req.params.path.join('/')}`);
    });
    await request(app).get('/users/7/files/a/b').expect(200, '7 a/b');
  });

  it('should type app.get(name) as a setting read', () => {
    const app: Application = webfw();
    const env: string = app.get('env');
    const offset: number = app.get('subdomain offset');
    expect([env, offset]).toEqual(['test', 2]);
  });

  it('should accept error handlers with annotated parameters and express-typed middleware', async () => {
    const app = webfw();
    const onError = (err: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction): void => {
      res.statusCode = err.status ?? 500;
      res.end(err.message);
    };
    const nodeStyle = (_req: import('node:http').IncomingMessage, _res: import('node:http').ServerResponse, next: (err?: unknown) => void): void => next();
    app.use(nodeStyle);
    app.get('/', () => {
      throw Object.assign(new Error('typed'), { status: 409 });
    });
    app.use(onError);
    await request(app).get('/').expect(409, 'typed');
  });

  it('should type the request getters', async () => {
    const app = webfw();
    app.get('/', (req, res) => {
      expectTypeOf(req.ips).toEqualTypeOf<string[]>();
      expectTypeOf(req.secure).toEqualTypeOf<boolean>();
      expectTypeOf(req.hostname).toEqualTypeOf<string | undefined>();
      expectTypeOf<ReturnType<typeof req.acceptsLanguages>>().toEqualTypeOf<string | false>();
      res.end(req.protocol);
    });
    await request(app).get('/').expect(200, 'http');
  });

  it('should type req.params of a non-literal path with string values, as @types/express', async () => {
    const app = webfw();
    const path: string = '/p/:name';
    app.use(path, (req: Request, res: Response) => {
      expectTypeOf(req.params).toEqualTypeOf<ParamsDictionary>();
      expectTypeOf<ParamsDictionary[string]>().toEqualTypeOf<string>();
      res.end(String(req.params.name).toUpperCase());
    });
    await request(app).get('/p/x').expect(200, 'X');
  });

  it('should type webfw.Router() handlers with the webfw request and response', async () => {
    const app = webfw();
    const router = webfw.Router();
    router.get('/r/:id', (req, res) => {
      expectTypeOf(req.params.id).toEqualTypeOf<string>();
      res.status(201).json({ id: req.params.id, host: req.hostname });
    });
    app.use(router);
    await request(app).get('/r/5').set('Host', 'h.example').expect(201, { id: '5', host: 'h.example' });
  });
});
