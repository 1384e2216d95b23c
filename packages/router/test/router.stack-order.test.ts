import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import Router, { type NextFunction } from '@webfw/router';
import { createServer, expectAnswers } from './support/helpers';

type Req = IncomingMessage & { trail?: string[] };

/** A middleware that records `name` and calls next. */
const mark =
  (name: string) =>
  (req: Req, _res: ServerResponse, next: NextFunction): void => {
    (req.trail ??= []).push(name);
    next();
  };

const finish = (req: Req, res: ServerResponse): void => {
  res.end((req.trail ?? []).join(','));
};

describe('stack order with compiled lookup', () => {
  it('should visit middleware, literal routes and patterns of different first segments in mounting order', async () => {
    const router = Router();
    router.use(mark('use/'));
    router.get('/a/:x', mark('get/a/:x'));
    router.use('/a', mark('use/a'));
    router.get('/:any/lit', mark('get/:any/lit'));
    router.get('/b/lit', mark('get/b/lit'));
    router.get(/lit$/, mark('get/re'));
    router.get('/a/lit', mark('get/a/lit'));
    router.use('/A/LIT', mark('use/A/LIT'));
    router.all('/*all', mark('all/*'));
    router.use(finish);
    await expectAnswers(router, [
      ['/a/lit', 200, 'use/,get/a/:x,use/a,get/:any/lit,get/re,get/a/lit,use/A/LIT,all/*'],
      ['/b/lit', 200, 'use/,get/:any/lit,get/b/lit,get/re,all/*'],
      ['/c', 200, 'use/,all/*'],
    ]);
  });

  it('should answer the first and the last of 500 routes', async () => {
    const router = Router();
    for (let i = 0; i < 500; i++) {
      if (i % 2) router.get(`/r${i}/:id`, (req, res) => res.end(`pattern ${i} ${req.params.id}`));
      else router.get(`/r${i}`, (_req, res) => res.end(`literal ${i}`));
    }
    await expectAnswers(router, [
      ['/r0', 200, 'literal 0'],
      ['/r499/x', 200, 'pattern 499 x'],
      ['/r498/', 200, 'literal 498'],
      ['/R250', 200, 'literal 250'],
      ['/r500', 404],
    ]);
  });

  it('should see a layer added while a request is being handled', async () => {
    const router = Router();
    let added = false;
    router.use((_req, _res, next) => {
      if (!added) {
        added = true;
        router.get('/late', (_req2, res) => res.end('added at run time'));
      }
      next();
    });
    await request(createServer(router)).get('/late').expect(200, 'added at run time');
  });

  it('should follow layers removed or replaced in router.stack', async () => {
    const router = Router();
    router.get('/x', (_req, res) => res.end('old x'));
    router.get('/y', (_req, res) => res.end('y'));
    const server = createServer(router);
    await request(server).get('/x').expect(200, 'old x');
    router.stack.splice(0, 1);
    await request(server).get('/x').expect(404);
    await request(server).get('/y').expect(200, 'y');
    const other = Router();
    other.get('/z', (_req, res) => res.end('z replaced y'));
    router.stack[0] = other.stack[0]!;
    await request(server).get('/y').expect(404);
    await request(server).get('/z').expect(200, 'z replaced y');
  });

  it('should keep routing right when a middleware rewrites req.url to another first segment', async () => {
    const router = Router();
    router.get('/b', mark('b-before'));
    router.use((req, _res, next) => {
      if (req.url === '/a') req.url = '/b';
      next();
    });
    router.get('/a', mark('a'));
    router.get('/b', mark('b-after'));
    router.use(finish);
    await request(createServer(router)).get('/a').expect(200, 'b-after');
  });

  it('should match non-ASCII paths exactly as the regular expressions do (direct call)', async () => {
    const router = Router();
    router.get('/café', (_req, res) => res.end('literal café'));
    router.get('/k', (_req, res) => res.end('k'));
    router.get('/σ/:x', (req, res) => res.end(`sigma ${req.params.x}`));
    const run = (url: string): Promise<string> =>
      new Promise((resolve) =>
        router({ method: 'GET', url, headers: {} } as IncomingMessage, { end: resolve } as unknown as ServerResponse, () => resolve('no match')),
      );
    expect(await run('/CAFÉ')).toBe('literal café');
    // U+212A KELVIN SIGN lower-cases to "k" but case-insensitive RegExp matching (no u flag) keeps them apart.
    expect(await run('/\u212a')).toBe('no match');
    expect(await run('/Σ/1')).toBe('sigma 1');
  });

  it('should call a route layer handle that was wrapped (as instrumentation does) with route.dispatch', async () => {
    const router = Router();
    router.get('/w/:id', (req, res) => res.end(`route ${req.params.id}`));
    const seen: string[] = [];
    for (const layer of router.stack) {
      const original = layer.handle as (req: Req, res: ServerResponse, next: NextFunction) => void;
      layer.handle = function wrapped(req: Req, res: ServerResponse, next: NextFunction): void {
        seen.push(`wrapped ${layer.name}`);
        original(req, res, next);
      };
    }
    await request(createServer(router)).get('/w/5').expect(200, 'route 5');
    expect(seen).toEqual(['wrapped handle']);
  });
});
