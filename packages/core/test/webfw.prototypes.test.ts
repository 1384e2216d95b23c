import request from 'supertest';
import webfw from '@webfw/core';
import type { Request, Response } from '@webfw/core';

type Extended = Request & { shout?: () => string };
type ExtendedRes = Response & { hello?: () => void };

describe('app.request / app.response', () => {
  it('should give requests the app.request prototype', async () => {
    const app = webfw();
    (app.request as Extended).shout = function (this: Request) {
      return `${this.method}!`;
    };
    app.get('/', (req, res) => {
      res.end(`${(req as Extended).shout?.()} ${String(Object.getPrototypeOf(req) === app.request)}`);
    });
    await request(app).get('/').expect(200, 'GET! true');
  });

  it('should give responses the app.response prototype', async () => {
    const app = webfw();
    (app.response as ExtendedRes).hello = function (this: Response) {
      this.end('hello from proto');
    };
    app.get('/', (_req, res) => {
      (res as ExtendedRes).hello?.();
    });
    await request(app).get('/').expect(200, 'hello from proto');
  });

  it('should link req.app, res.app, req.res and res.req', async () => {
    const app = webfw();
    app.get('/', (req, res) => {
      res.end(JSON.stringify([req.app === app, res.app === app, req.res === res, res.req === req]));
    });
    await request(app).get('/').expect(200, '[true,true,true,true]');
  });

  it('should extend every app through webfw.request and webfw.response', async () => {
    const proto = webfw.request as Extended;
    proto.shout = function (this: Request) {
      return 'global';
    };
    try {
      const app = webfw();
      app.get('/', (req, res) => {
        res.end((req as Extended).shout?.());
      });
      await request(app).get('/').expect(200, 'global');
    } finally {
      delete proto.shout;
    }
  });

  it("should use a sub-app's own extensions inside it and restore the parent's after", async () => {
    const parent = webfw();
    const child = webfw();
    (parent.request as Extended).shout = () => 'parent';
    (child.request as Extended).shout = () => 'child';
    const seen: string[] = [];
    child.use((req, _res, next) => {
      seen.push(`child:${(req as Extended).shout?.()}:${String(req.app === child)}`);
      next();
    });
    parent.use('/sub', child);
    parent.use((req, res) => {
      seen.push(`parent:${(req as Extended).shout?.()}:${String(req.app === parent)}`);
      res.end(seen.join(' '));
    });
    await request(parent).get('/sub/x').expect(200, 'child:child:true parent:parent:true');
  });

  it("should let a sub-app inherit its parent's extensions it does not override", async () => {
    const parent = webfw();
    const child = webfw();
    (parent.request as Extended).shout = () => 'from parent';
    child.get('/', (req, res) => {
      res.end((req as Extended).shout?.());
    });
    parent.use('/sub', child);
    await request(parent).get('/sub').expect(200, 'from parent');
  });

  it('should restore the parent prototypes when the sub-app passes an error on', async () => {
    const parent = webfw();
    const child = webfw();
    child.get('/', () => {
      throw new Error('inner');
    });
    parent.use('/sub', child);
    parent.use((err: Error, req: Request, res: Response, _next: unknown) => {
      res.end(`${err.message} ${String(req.app === parent)} ${String(res.app === parent)}`);
    });
    await request(parent).get('/sub').expect(200, 'inner true true');
  });
});
