import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import Router, { type ErrorRequestHandler } from '@webfw/router';
import { createServer, expectAnswers } from './support/helpers';

type Req = IncomingMessage & { params: Record<string, string>; calls?: string[] };

const answerError: ErrorRequestHandler = (err, _req, res, _next) => {
  res.statusCode = (err as { status?: number }).status ?? 500;
  res.end(`error ${(err as Error).message}`);
};

function log(req: Req, entry: string): void {
  (req.calls ??= []).push(entry);
}

describe('router.param(name, fn)', () => {
  it('should run before the handlers with the decoded value and the name', async () => {
    const router = Router();
    router.param('user', (req, _res, next, value, name) => {
      log(req as Req, `${name}=${value}`);
      next();
    });
    router.get('/u/:user', (req: Req, res) => res.end(req.calls!.join()));
    await request(createServer(router)).get('/u/J%C3%BCrgen').expect(200, 'user=Jürgen');
  });

  it('should run once per request for the same value, across layers', async () => {
    const router = Router();
    let count = 0;
    router.param('id', (_req, _res, next) => {
      count++;
      next();
    });
    router.use('/item/:id', (_req, _res, next) => next());
    router.get('/item/:id', (_req, _res, next) => next());
    router.get('/item/:id', (_req, res) => res.end(`count ${count}`));
    await request(createServer(router)).get('/item/5').expect(200, 'count 1');
  });

  it('should run again for another value in the same request', async () => {
    const router = Router();
    const values: string[] = [];
    router.param('id', (_req, _res, next, value) => {
      values.push(value);
      next();
    });
    router.get('/:id', (req, _res, next) => {
      req.url = '/second';
      next();
    });
    router.get('/:id', (_req, res) => res.end(values.join()));
    await request(createServer(router)).get('/first').expect(200, 'first,second');
  });

  it('should run the callbacks of one name in declared order, and names in path order', async () => {
    const router = Router();
    router.param('b', (req, _res, next) => (log(req as Req, 'b1'), next()));
    router.param('a', (req, _res, next) => (log(req as Req, 'a1'), next()));
    router.param('a', (req, _res, next) => (log(req as Req, 'a2'), next()));
    router.get('/:a/:b', (req: Req, res) => res.end(req.calls!.join()));
    await request(createServer(router)).get('/x/y').expect(200, 'a1,a2,b1');
  });

  it('should keep a value the callback changed for later layers with the same value', async () => {
    const router = Router();
    router.param('id', (req, _res, next, value) => {
      (req as Req).params.id = `#${value}`;
      next();
    });
    router.get('/v/:id', (req: Req, _res, next) => {
      log(req, req.params.id!);
      req.params.id = 'handler change is reset';
      next();
    });
    router.get('/v/:id', (req: Req, res) => res.end(`${req.calls!.join()} ${req.params.id}`));
    await request(createServer(router)).get('/v/7').expect(200, '#7 #7');
  });

  it('should be local to the router that defines it', async () => {
    const child = Router({ mergeParams: true });
    child.get('/:id', (req: Req, res) => res.end(`child ${String(req.calls)}`));
    const router = Router();
    router.param('id', (req, _res, next) => (log(req as Req, 'parent'), next()));
    router.use('/c', child);
    router.get('/p/:id', (req: Req, res) => res.end(`parent ${String(req.calls)}`));
    await expectAnswers(router, [
      ['/c/1', 200, 'child undefined'],
      ['/p/1', 200, 'parent parent'],
    ]);
  });

  it('should not run for parameters that are absent', async () => {
    const router = Router();
    router.param('opt', (req, _res, next) => (log(req as Req, 'opt'), next()));
    router.get('/o{/:opt}', (req: Req, res) => res.end(String(req.calls)));
    await expectAnswers(router, [
      ['/o', 200, 'undefined'],
      ['/o/1', 200, 'opt'],
    ]);
  });

  it("should skip to the next route on next('route')", async () => {
    const router = Router();
    router.param('id', (req, _res, next, value) => (value === 'skip' ? next('route') : next()));
    router.get('/r/:id', (_req, res) => res.end('first'));
    router.get('/r/:other', (_req, res) => res.end('second'));
    await expectAnswers(router, [
      ['/r/1', 200, 'first'],
      ['/r/skip', 200, 'second'],
    ]);
  });

  it('should pass an error given to next(err) to the error handlers, once per request', async () => {
    const router = Router();
    let runs = 0;
    router.param('id', (_req, _res, next) => {
      runs++;
      next(Object.assign(new Error('bad id'), { status: 422 }));
    });
    router.get('/e/:id', (_req, res) => res.end('unreached'));
    router.get('/e/:id', (_req, res) => res.end('unreached'));
    router.use(answerError);
    await request(createServer(router)).get('/e/1').expect(422, 'error bad id');
    expect(runs).toBe(1);
  });

  it.each<[string, () => unknown, string]>([
    [
      'pass an error a param callback throws to next(err)',
      () => {
        throw new Error('param threw');
      },
      'error param threw',
    ],
    [
      'pass a rejection of an async param callback to next(err)',
      async () => {
        throw new Error('param rejected');
      },
      'error param rejected',
    ],
  ])('should %s', async (_name, callback, body) => {
    const router = Router();
    router.param('id', callback);
    router.get('/t/:id', (_req, res) => res.end('unreached'));
    router.use(answerError);
    await request(createServer(router)).get('/t/1').expect(500, body);
  });

  it('should wait for an async param callback that calls next later', async () => {
    const router = Router();
    router.param('id', (req, _res, next, value) => {
      setTimeout(() => {
        (req as Req & { user?: string }).user = `user${value}`;
        next();
      }, 5);
    });
    router.get('/w/:id', (req: Req & { user?: string }, res) => res.end(req.user));
    await request(createServer(router)).get('/w/3').expect(200, 'user3');
  });

  it('should run for parameters of middleware paths too', async () => {
    const router = Router();
    router.param('org', (req, _res, next, value) => (log(req as Req, value), next()));
    router.use('/orgs/:org', (req: Req, res) => res.end(`${req.calls!.join()} ${req.url}`));
    await request(createServer(router)).get('/orgs/acme/repos').expect(200, 'acme /repos');
  });
});
