import { METHODS } from 'node:http';
import request from 'supertest';
import Router, { Layer, Route, Router as NamedRouter, methods } from '@webfw/router';
import { createServer } from './support/helpers';

describe('Router([options])', () => {
  it('should create a router function without new', async () => {
    const router = Router();
    expect(typeof router).toBe('function');
    expect(router.length).toBe(3);
    router.get('/', (_req, res) => res.end('hello'));
    await request(createServer(router)).get('/').expect(200, 'hello');
  });

  it('should create a router function with new', async () => {
    const router = new Router();
    expect(typeof router).toBe('function');
    expect(router instanceof Router).toBe(true);
    router.get('/', (_req, res) => res.end('with new'));
    await request(createServer(router)).get('/').expect(200, 'with new');
  });

  it('should export the same Router as default and named export', () => {
    expect(NamedRouter).toBe(Router);
    expect(Router().constructor).toBe(Router);
  });

  it('should expose stack, params and the options on the instance', () => {
    const router = Router({ caseSensitive: true, strict: true, mergeParams: true });
    expect(router.stack).toEqual([]);
    expect(Object.keys(router.params)).toEqual([]);
    expect('toString' in router.params).toBe(false);
    expect(router.caseSensitive).toBe(true);
    expect(router.strict).toBe(true);
    expect(router.mergeParams).toBe(true);
    const plain = Router();
    expect([plain.caseSensitive, plain.strict, plain.mergeParams]).toEqual([undefined, undefined, undefined]);
  });

  it('should keep the layers in mounting order in stack', () => {
    const router = Router();
    const mw = (_req: unknown, _res: unknown, next: () => void): void => next();
    router.use(mw);
    const route = router.route('/a');
    router.get('/b', mw);
    expect(router.stack).toHaveLength(3);
    expect(router.stack.every((l) => l instanceof Layer)).toBe(true);
    expect(router.stack[0]!.route).toBeUndefined();
    expect(router.stack[0]!.handle).toBe(mw);
    expect(router.stack[0]!.name).toBe('mw');
    expect(router.stack[1]!.route).toBe(route);
    expect((router.stack[2]!.route as InstanceType<typeof Route>).path).toBe('/b');
  });

  it('should have a method for every method node:http knows, plus all', () => {
    const router = Router();
    for (const m of METHODS) expect(typeof (router as unknown as Record<string, unknown>)[m.toLowerCase()]).toBe('function');
    expect(typeof router.all).toBe('function');
    expect(typeof router['m-search']).toBe('function');
    expect(methods).toEqual(METHODS.map((m) => m.toLowerCase()));
  });

  it('should throw when handle is called without a callback', () => {
    const router = Router();
    expect(() => (router.handle as (...a: unknown[]) => void)({ url: '/', method: 'GET' }, {})).toThrow(new TypeError('argument callback is required'));
  });

  it('should throw for param without a name, with a non-string name or without a function', () => {
    const router = Router() as unknown as { param: (...a: unknown[]) => unknown };
    expect(() => router.param()).toThrow(new TypeError('argument name is required'));
    expect(() => router.param(1, () => {})).toThrow(new TypeError('argument name must be a string'));
    expect(() => router.param('id')).toThrow(new TypeError('argument fn is required'));
    expect(() => router.param('id', 1)).toThrow(new TypeError('argument fn must be a function'));
  });

  it('should throw for use without a handler or with a non-function', () => {
    const router = Router() as unknown as { use: (...a: unknown[]) => unknown };
    expect(() => router.use()).toThrow(new TypeError('argument handler is required'));
    expect(() => router.use('/x')).toThrow(new TypeError('argument handler is required'));
    expect(() => router.use([])).toThrow(new TypeError('argument handler is required'));
    expect(() => router.use('/x', 1)).toThrow(new TypeError('argument handler must be a function'));
  });

  it('should throw for a method route without a handler or with a non-function', () => {
    const router = Router() as unknown as { get: (...a: unknown[]) => unknown };
    expect(() => router.get('/x')).toThrow(new TypeError('argument handler is required'));
    expect(() => router.get('/x', 'nope')).toThrow(new TypeError('argument handler must be a function'));
  });

  it('should throw path-to-regexp errors for an invalid path at registration', () => {
    const router = Router();
    expect(() => router.route('/:')).toThrow(/Missing parameter name at index 2: \/:/);
    expect(() => router.route('/a(b)')).toThrow(/Unexpected \( at index 2/);
    expect(() => router.use('/{x', () => {})).toThrow(/Unexpected end at index 3, expected }/);
  });

  it('should return the router from use, param and METHOD for chaining', () => {
    const router = Router();
    const fn = (): void => {};
    expect(router.use(fn)).toBe(router);
    expect(router.param('id', fn)).toBe(router);
    expect(router.get('/', fn)).toBe(router);
    expect(router.all('/', fn)).toBe(router);
  });
});
