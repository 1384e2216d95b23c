import { Layer } from '@webfw/router';

/**
 * `layer.match(path)` gives router 2.3's match (`params`, `path`, `keys`, `pattern`) or false,
 * compared with router 2.3's own `Layer`; nothing of the match is kept on the layer.
 */
type RefLayer = new (path: unknown, options: unknown, fn: unknown) => { match(path: unknown): unknown };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Reference = require('router/lib/layer') as RefLayer;

function noop(): void {}

const OPTIONS = [
  { end: true, strict: false, sensitive: false },
  { end: false, strict: false, sensitive: false },
  { end: true, strict: true, sensitive: true },
];
const PATHS: unknown[] = ['/', '/user', '/user/:id', '/user{/:id}', '/files/*rest', '/:a.:b', /^\/re\/(\d+)$/, /^\/(?<name>[a-z]+)/, ['/a', '/b/:x']];
const URLS = ['/', '/user', '/user/', '/USER/42', '/user/42', '/user/a%20b', '/files/x/y', '/a.b', '/re/12', '/abc', '/b/1', '/a', undefined];

describe('layer.match(path)', () => {
  const cases = OPTIONS.flatMap((options) => PATHS.flatMap((path) => URLS.map((url) => [options, path, url] as const)));

  it.each(cases)('should match as router 2.3 (options %j, path %p, url %p)', (options, path, url) => {
    const ours = new Layer(path as string, options, noop);
    const reference = new Reference(path, options, noop);
    expect(ours.match(url)).toEqual(reference.match(url));
  });

  it('should keep nothing of a match on the layer', () => {
    const layer = new Layer('/user/:id', {}, noop);
    const before = Object.keys(layer).sort();
    const match = layer.match('/user/1');
    expect(match).toEqual({ params: { id: '1' }, path: '/user/1', keys: ['id'], pattern: '/user/:id' });
    expect(Object.keys(layer).sort()).toEqual(before);
    expect(layer).not.toHaveProperty('params');
  });

  it('should throw the 400 URIError of a malformed escape in a parameter', () => {
    expect(() => new Layer('/user/:id', {}, noop).match('/user/%E0%A4%A')).toThrow(expect.objectContaining({ status: 400, name: 'URIError' }) as Error);
  });
});
