/**
 * The 4.x matcher's literal-head test (`literalPrefix` in src/v4/path-syntax.ts) refuses only paths the
 * path-to-regexp 0.1 expression refuses: over string paths with every syntax express 4
 * accepts, each option set and request paths that differ from them in case, slashes,
 * separators and non-ASCII letters, the matcher's answer is the expression's.
 */
import pathToRegexp from 'path-to-regexp-v0';
import { compareV4, echo } from './support/helpers';
import { leadingSegments, literalPrefix, PathMatcherV4, startsWithLiteral } from '../src/v4/path-syntax';

const ROUTES = [
  '/',
  '/user',
  '/user/',
  '/User/:id',
  '/user/:id?',
  '/user/:id/edit',
  '/users.json',
  '/file/:name.:ext',
  '/ab?cd',
  '/ab+cd',
  '/ab*cd',
  '/ab(cd)?e',
  '/api/v1/resource0',
  '/api/v1/resource1/:param',
  '/a-b_c~d%20e',
  '/posts/:slug(\\d+)',
  '/x/*',
  '/caf',
  '/k',
  '/a/:b?c',
];
const REQUESTS = [
  '/',
  '/user',
  '/USER',
  '/user/',
  '/user/42',
  '/User/42',
  '/uSeR/42/edit',
  '/user/42/',
  '/users.json',
  '/usersxjson',
  '/file/a.txt',
  '/acd',
  '/abcd',
  '/abbbcd',
  '/abxyzcd',
  '/abe',
  '/abcde',
  '/api/v1/resource0',
  '/API/V1/RESOURCE0/',
  '/api/v1/resource1/7',
  '/a-b_c~d%20e',
  '/A-B_C~D%20E',
  '/posts/12',
  '/x/anything/here',
  '/X/y',
  '/café',
  '/\u017f',
  '/\u212a',
  '/K',
  '/ac',
  '/a/xc',
  '',
  'user',
];

describe('4.x literal head', () => {
  it('is the leading literal text without trailing slashes', () => {
    expect(literalPrefix('/api/v1/resource1/:param')).toBe('/api/v1/resource1');
    expect(literalPrefix('/user/:id?')).toBe('/user');
    expect(literalPrefix('/users.json')).toBe('/users');
    expect(literalPrefix('/ab?cd')).toBe('/a');
    expect(literalPrefix('/ab+cd')).toBe('/a');
    expect(literalPrefix('/a?')).toBe('');
    expect(literalPrefix('/x/*')).toBe('/x');
    expect(literalPrefix('/')).toBe('');
    expect(literalPrefix(':id')).toBe('');
  });

  it('compares ASCII letters without case unless sensitive, and nothing else', () => {
    expect(startsWithLiteral('/USER/1', '/user', false)).toBe(true);
    expect(startsWithLiteral('/USER/1', '/user', true)).toBe(false);
    expect(startsWithLiteral('/us', '/user', false)).toBe(false);
    expect(startsWithLiteral('/\u212a', '/k', false)).toBe(false);
    expect(startsWithLiteral('\x0f', '/', false)).toBe(false);
  });

  it.each([
    { sensitive: false, strict: false, end: true },
    { sensitive: true, strict: false, end: true },
    { sensitive: false, strict: true, end: true },
    { sensitive: false, strict: false, end: false },
    { sensitive: true, strict: true, end: false },
  ])('answers as the expression for every route and path (%o)', (options) => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const route of ROUTES) {
      const matcher = new PathMatcherV4(route, options, false);
      const regexp = pathToRegexp(route, [], options);
      for (const path of REQUESTS) {
        answers.push(`${route} ${path} ${matcher.match(path)}`);
        expected.push(`${route} ${path} ${regexp.test(path)}`);
      }
    }
    expect(answers).toEqual(expected);
    // the paths differ enough that both answers occur
    expect(answers.filter((a) => a.endsWith('true')).length).toBeGreaterThan(20);
    expect(answers.filter((a) => a.endsWith('false')).length).toBeGreaterThan(100);
  });
});

describe('4.x literal head, generated paths', () => {
  it('answers as the expression for 20,000 generated route and request paths', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const routeAlphabet = ['/', 'a', 'B', 'c', '-', '_', '~', '%', '.', '?', '+', '*', ':id', ':x?', '(d)', '(e)?', '\\.', '{2}', '0'];
    const pathAlphabet = ['/', 'a', 'A', 'b', 'B', 'c', 'C', 'd', 'e', '-', '_', '~', '%', '.', '0', 'x', '\u212a', '\u017f'];
    const pick = (alphabet: string[], length: number): string => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    let differences = 0;
    let matched = 0;
    for (let r = 0; r < 400; r++) {
      const route = '/' + pick(routeAlphabet, 1 + random(5));
      let compiled: RegExp;
      try {
        compiled = pathToRegexp(route, [], { sensitive: r % 3 === 0, strict: r % 5 === 0, end: r % 2 === 0 });
      } catch {
        continue; // not a valid expression: express 4 throws when the route is made
      }
      const matcher = new PathMatcherV4(route, { sensitive: r % 3 === 0, strict: r % 5 === 0, end: r % 2 === 0 }, false);
      for (let p = 0; p < 50; p++) {
        // half the paths start from the route's own text, so that many match
        const path =
          p % 2 === 0
            ? '/' + pick(pathAlphabet, random(7))
            : route.replace(/[^A-Za-z0-9/_~%-]/g, () => pick(pathAlphabet, random(2))) + pick(pathAlphabet, random(3));
        const expected = compiled.test(path);
        let got: boolean;
        try {
          got = matcher.match(path);
        } catch {
          got = true; // a parameter that does not decode: the expression matched, then decoding failed (400)
        }
        if (got !== expected) differences++;
        if (expected) matched++;
      }
    }
    expect(differences).toBe(0);
    expect(matched).toBeGreaterThan(500);
  });
});

describe('4.x leading segments, in the router', () => {
  it('are the whole segments of the literal head', () => {
    const segments = (path: string) => leadingSegments(path, literalPrefix(path));
    expect(segments('/api/v1/resource1/:param')).toEqual(['api', 'v1']);
    expect(segments('/API/v1/')).toEqual(['api', 'v1']);
    expect(segments('/users')).toEqual(['users']);
    expect(segments('/a/:b?c')).toBeNull();
    expect(segments('/user/:id')).toBeNull();
    expect(segments('/ab?cd')).toBeNull();
    expect(segments('*')).toBeNull();
  });

  it('route every request as router 1.x does, over the listed routes, each option set', async () => {
    for (const options of [{}, { caseSensitive: true }, { strict: true }]) {
      const asks = REQUESTS.filter((p) => /^\/[\x21-\x7e]*$/.test(p)).map((p) => `GET ${p}`);
      await compareV4(
        (router) => {
          ROUTES.forEach((route, i) => (router as { get(p: string, h: unknown): void }).get(route, echo(`route ${i}`)));
          (router as { use(p: string, h: unknown): void }).use('/api/v1', echo('use /api/v1'));
          (router as { use(p: string, h: unknown): void }).use('/User', echo('use /User'));
        },
        [...asks, 'GET /api/v1/other', 'GET /user/x/y', 'GET /USER/X/Y'],
        options,
      );
    }
  });
});
