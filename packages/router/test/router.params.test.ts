import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import Router from '@webfw/router';
import { createServer } from './helpers';

type Req = IncomingMessage & { params: Record<string, unknown> };

/** Answers with `req.params` as JSON. */
function params(req: Req, res: ServerResponse): void {
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(req.params));
}

describe('req.params', () => {
  it('should hold named parameters', async () => {
    const router = Router();
    router.get('/users/:userId/books/:bookId', params);
    await request(createServer(router)).get('/users/34/books/8989').expect(200, { userId: '34', bookId: '8989' });
  });

  it('should percent-decode parameter values', async () => {
    const router = Router();
    router.get('/f/:name', params);
    await request(createServer(router)).get('/f/caf%C3%A9%20%2F%20bar').expect(200, { name: 'café / bar' });
  });

  it('should split parameters on - and . as path-to-regexp does', async () => {
    const router = Router();
    router.get('/flights/:from-:to', params);
    router.get('/plantae/:genus.:species', params);
    const server = createServer(router);
    await request(server).get('/flights/LAX-SFO').expect(200, { from: 'LAX', to: 'SFO' });
    await request(server).get('/plantae/Prunus.persica').expect(200, { genus: 'Prunus', species: 'persica' });
  });

  it('should omit an optional parameter that is absent', async () => {
    const router = Router();
    router.get('/files{/:name}', params);
    router.get('/:lang{/:region}/home', params);
    const server = createServer(router);
    await request(server).get('/files').expect(200, {});
    await request(server).get('/files/a.txt').expect(200, { name: 'a.txt' });
    await request(server).get('/en/home').expect(200, { lang: 'en' });
    await request(server).get('/en/us/home').expect(200, { lang: 'en', region: 'us' });
  });

  it('should give a splat as the array of its decoded segments', async () => {
    const router = Router();
    router.get('/assets/*path', params);
    router.get('/opt{/*rest}', params);
    const server = createServer(router);
    await request(server).get('/assets/css/site%20main.css').expect(200, { path: ['css', 'site main.css'] });
    await request(server).get('/assets/a%2Fb//c').expect(200, { path: ['a/b', '', 'c'] });
    await request(server).get('/assets').expect(404);
    await request(server).get('/opt').expect(200, {});
    await request(server).get('/opt/x/y').expect(200, { rest: ['x', 'y'] });
  });

  it('should number the captures of a regular expression and name its named groups', async () => {
    const router = Router();
    router.get(/^\/item\/(\d+)\/(?<slug>[a-z%0-9]+)$/, params);
    router.get(/^\/lit\/(?:a|b)\/(\w+)$/, params);
    const server = createServer(router);
    await request(server).get('/item/12/b%61r').expect(200, { 0: '12', slug: 'bar' });
    await request(server).get('/lit/a/z').expect(200, { 0: 'z' });
  });

  it('should accept quoted parameter names', async () => {
    const router = Router();
    router.get('/q/:"with space"', params);
    await request(createServer(router)).get('/q/v').expect(200, { 'with space': 'v' });
  });

  it('should match escaped special characters literally', async () => {
    const router = Router();
    router.get('/price\\:usd/\\*', params);
    await request(createServer(router)).get('/price:usd/*').expect(200, {});
  });

  it('should default to an empty object for middleware without parameters', async () => {
    const router = Router();
    router.use(params);
    await request(createServer(router)).get('/x').expect(200, {});
  });

  it('should reset changes made by a handler for the next layer', async () => {
    const router = Router();
    router.get('/p/:id', (req: Req, _res, next) => {
      req.params.id = 'changed';
      req.params.extra = 'added';
      next();
    });
    router.get('/p/:id', params);
    await request(createServer(router)).get('/p/1').expect(200, { id: '1' });
  });

  it('should not share a params object between requests', async () => {
    const router = Router();
    router.get('/s/:v', (req: Req, res) => {
      const before = JSON.stringify(req.params);
      req.params.v = 'mutated';
      res.end(before);
    });
    const server = createServer(router);
    await request(server).get('/s/a').expect(200, '{"v":"a"}');
    await request(server).get('/s/b').expect(200, '{"v":"b"}');
  });

  it('should keep names like __proto__ and constructor as plain keys', async () => {
    const router = Router();
    router.get('/:__proto__/:constructor', (req: Req, res) =>
      res.end(`${String(req.params['__proto__'])} ${String(req.params['constructor'])} ${String(({} as Record<string, unknown>).polluted)}`),
    );
    await request(createServer(router)).get('/x/y').expect(200, 'x y undefined');
  });
});

describe('Router option mergeParams', () => {
  it('should not see the parent params by default', async () => {
    const child = Router();
    child.get('/:b', params);
    const router = Router();
    router.use('/:a', child);
    await request(createServer(router)).get('/x/y').expect(200, { b: 'y' });
  });

  it('should merge the parent params when enabled', async () => {
    const child = Router({ mergeParams: true });
    child.get('/:b', params);
    const router = Router();
    router.use('/:a', child);
    await request(createServer(router)).get('/x/y').expect(200, { a: 'x', b: 'y' });
  });

  it("should let the child's value win on a name conflict", async () => {
    const child = Router({ mergeParams: true });
    child.get('/:id', params);
    const router = Router();
    router.use('/:id', child);
    await request(createServer(router)).get('/parent/child').expect(200, { id: 'child' });
  });

  it('should shift numbered captures after the parent ones', async () => {
    const child = Router({ mergeParams: true });
    child.get(/^\/(\d+)$/, params);
    const router = Router();
    router.use(/^\/(\w+)/, child);
    await request(createServer(router)).get('/abc/42').expect(200, { 0: 'abc', 1: '42' });
  });

  it('should restore the parent params after the child router', async () => {
    const child = Router({ mergeParams: true });
    child.use('/:b', (_req, _res, next) => next());
    const router = Router();
    router.use('/:a', child, params);
    await request(createServer(router)).get('/x/y').expect(200, { a: 'x' });
  });
});
