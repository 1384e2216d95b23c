import { Layer } from '@webfw/router';

/**
 * Paths of text and `:name` parameters each filling a whole segment (`/user/:id`,
 * `/a/:x/b/:y`) are matched in JavaScript instead of by their regular expression: every
 * match, parameter and decoding error must be router 2.3's, compared with its own `Layer`.
 */
type RefLayer = new (path: unknown, options: unknown, fn: unknown) => { match(path: unknown): unknown };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Reference = require('router/lib/layer') as RefLayer;

function noop(): void {}

/** The outcome of `layer.match(url)`: the match, or the thrown error's name, message and status. */
function outcome(layer: { match(path: unknown): unknown }, url: string): unknown {
  try {
    return layer.match(url);
  } catch (err) {
    const e = err as { name: string; message: string; status?: number };
    return { thrown: e.name, message: e.message, status: e.status };
  }
}

const OPTIONS = [
  { end: true, strict: false, sensitive: false },
  { end: true, strict: true, sensitive: false },
  { end: true, strict: false, sensitive: true },
  { end: false, strict: false, sensitive: false },
];
const PATHS = [
  '/user/:id',
  '/USER/:id',
  '/user/:id/',
  '/a/:x/b/:y',
  '/a/:x/:y',
  '/:a',
  '/:a/:b',
  '/a/:x/b',
  '/user/:id/posts',
  '/u.s-r/:id',
  '/a/:x/:x',
  '/:"1"/:"0"',
  '/:"b c"/x',
];
const URLS = [
  '/user/42',
  '/USER/42',
  '/User/42/',
  '/user/42//',
  '/user/',
  '/user//',
  '//user/42',
  '/user/42/posts',
  '/user/42/POSTS/',
  '/user/a%20b',
  '/user/a%2Fb',
  '/user/%E0%A4%A',
  '/user/caf%C3%A9',
  '/user/café',
  '/usér/42',
  '/a/1/b/2',
  '/a/1/b/2/',
  '/a/1/B/2',
  '/a/%41/b/%zz',
  '/a/1/c/2',
  '/a/1/b',
  '/a//b/2',
  '/a/1/2',
  '/x',
  '/x/',
  '/x/y',
  '/',
  '//',
  '/u.s-r/7',
  '/uxs-r/7',
  '/0/1',
];

describe('layer.match(path) of whole-segment parameter paths', () => {
  const cases = OPTIONS.flatMap((options) => PATHS.flatMap((path) => URLS.map((url) => [options, path, url] as const)));

  it.each(cases)('should match as router 2.3 (options %j, path %p, url %p)', (options, path, url) => {
    expect(outcome(new Layer(path, options, noop), url)).toEqual(outcome(new Reference(path, options, noop), url));
  });
});
