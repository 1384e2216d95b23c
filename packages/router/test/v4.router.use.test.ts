import { compareV4, dump, echo, RouterV1, RouterV4 } from './support/helpers';

/**
 * 4.x `router.use` paths (path-to-regexp 0.1 with `end: false`, never strict): a mount path
 * matches itself and what continues it after a `/`, with parameters, patterns, regular
 * expressions and arrays; each case runs on `@webfw/router/v4` and router 1.x.
 */
type Case = [should: string, path: unknown, asks: string[], expected: Array<string[] | number>, options?: Record<string, unknown>];

const CASES: Case[] = [
  [
    'match the path and below it on a / boundary',
    '/blog',
    ['/blog', '/blog/', '/blog/post', '/blogs'],
    [['mw / /blog []'], ['mw / /blog []'], ['mw /post /blog []'], 404],
  ],
  ['match a mount path with a trailing slash with or without it', '/blog/', ['/blog', '/blog/x'], [['mw / /blog []'], ['mw /x /blog []']]],
  ['ignore strict for mount paths', '/blog', ['/blog/'], [['mw / /blog []']], { strict: true }],
  ['take parameters from the mount path', '/users/:id', ['/users/42/posts'], [['mw /posts /users/42 [["id","42"]]']]],
  ['match an optional parameter in the mount path', '/v/:n?', ['/v', '/v/2/x'], [['mw / /v [["n","<undefined>"]]'], ['mw /x /v/2 [["n","2"]]']]],
  ['match a * in the mount path', '/files/*', ['/files/a/b'], [['mw / /files/a/b [["0","a/b"]]']]],
  ['match a regular expression mount path', /^\/r\d/, ['/r1/x', '/rx'], [['mw /x /r1 []'], 404]],
  ['match each element of an array mount path', ['/one', '/two'], ['/two/x', '/three'], [['mw /x /two []'], 404]],
  ['match case-insensitively, baseUrl as requested', '/Blog', ['/BLOG/x'], [['mw /x /BLOG []']]],
  ['match case-sensitively with caseSensitive', '/Blog', ['/blog/x', '/Blog/x'], [404, ['mw /x /Blog []']], { caseSensitive: true }],
];

describe('@webfw/router/v4 router.use paths (as router 1.x)', () => {
  it.each(CASES)('should %s', async (...[, path, asks, expected, options]: Case) => {
    const answers = await compareV4((router) => router.use(path, dump('mw')), asks, options);
    expect(answers.map((a) => (a.status === 404 ? 404 : JSON.parse(a.body)))).toEqual(expected);
  });

  it('should take a handler first as use("/", ...) and an array of handlers', async () => {
    const answers = await compareV4((router) => router.use([[(_req: unknown, _res: unknown, next: () => void) => next()]], echo('mw')), ['/x']);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ label: 'mw', url: '/x', baseUrl: '' });
  });

  it.each([
    ['no handler', ['/x'], 'argument handler is required'],
    ['a handler that is not a function', ['/x', 'nope'], 'argument handler must be a function'],
  ])('should throw the TypeError of router 1.x for %s', (_what, args, message) => {
    for (const factory of [RouterV4, RouterV1]) expect(() => factory().use(...args)).toThrow(new TypeError(message));
  });
});
