import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import Router, { type PathArgument, type RouterOptions } from '@webfw/router';
import { createServer, expectAnswers } from './support/helpers';

type Req = IncomingMessage & { params: Record<string, unknown> };

/** Answers with `req.params` as JSON. */
function params(req: Req, res: ServerResponse): void {
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(req.params));
}

// req.params of each kind of path (named, optional, splat, RegExp...): router.routing.test.ts.
describe('req.params', () => {
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
    await expectAnswers(router, [
      ['/s/a', 200, '{"v":"a"}'],
      ['/s/b', 200, '{"v":"b"}'],
    ]);
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
  it.each<[string, RouterOptions | undefined, PathArgument, PathArgument, string, object]>([
    ['not see the parent params by default', undefined, '/:b', '/:a', '/x/y', { b: 'y' }],
    ['merge the parent params when enabled', { mergeParams: true }, '/:b', '/:a', '/x/y', { a: 'x', b: 'y' }],
    ["let the child's value win on a name conflict", { mergeParams: true }, '/:id', '/:id', '/parent/child', { id: 'child' }],
    ['shift numbered captures after the parent ones', { mergeParams: true }, /^\/(\d+)$/, /^\/(\w+)/, '/abc/42', { 0: 'abc', 1: '42' }],
  ])('should %s', async (_name, options, childPath, mountPath, url, expected) => {
    const child = Router(options);
    child.get(childPath, params);
    const router = Router();
    router.use(mountPath, child);
    await request(createServer(router)).get(url).expect(200, expected);
  });

  it('should restore the parent params after the child router', async () => {
    const child = Router({ mergeParams: true });
    child.use('/:b', (_req, _res, next) => next());
    const router = Router();
    router.use('/:a', child, params);
    await request(createServer(router)).get('/x/y').expect(200, { a: 'x' });
  });
});
