/**
 * 4.x routes of literal and `:name` segments are matched without their expression
 * (`segmentTokens` in src/v4/path-syntax.ts): over listed and generated routes, each option set and request
 * paths that differ from them in case, slashes, separators, escapes and non-ASCII letters,
 * the matcher's answer, `req.params` and matched path are the path-to-regexp 0.1 expression's.
 */
import pathToRegexp from 'path-to-regexp-v0';
import { matchSegmentTokens, PathMatcherV4, segmentTokens } from '../src/v4/path-syntax';
import { compareV4, echo } from './support/helpers';

type Options = { sensitive: boolean; strict: boolean; end: boolean };

/** What the expression gives: `false`, the params and matched path, or the decoding error's message. */
function byExpression(route: string, path: string, options: Options): string {
  const keys: pathToRegexp.Key[] = [];
  const m = pathToRegexp(route, keys, options).exec(path);
  if (m === null) return 'false';
  const params: Record<string, string | undefined> = {};
  try {
    for (let i = 1; i < m.length; i++) params[keys[i - 1]!.name] = m[i] === undefined || m[i] === '' ? m[i] : decodeURIComponent(m[i]!);
  } catch {
    return `Failed to decode param '${m.slice(1).find((v) => v !== undefined && /%/.test(v) && !safe(v))}'`;
  }
  return JSON.stringify([params, m[0]]);
}

function safe(value: string): boolean {
  try {
    decodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

function byMatcher(route: string, path: string, options: Options): string {
  const matcher = new PathMatcherV4(route, options, false);
  try {
    return matcher.match(path) ? JSON.stringify([matcher.params, matcher.matched]) : 'false';
  } catch (err) {
    return (err as Error).message;
  }
}

const OPTION_SETS: Options[] = [
  { sensitive: false, strict: false, end: true },
  { sensitive: true, strict: false, end: true },
  { sensitive: false, strict: true, end: true },
  { sensitive: true, strict: true, end: true },
];

describe('4.x segment routes', () => {
  it('are the paths of whole literal and :name segments, for routes only', () => {
    expect(segmentTokens('/users/:id/edit', true, false)).toEqual(['/users', null, '/edit']);
    expect(segmentTokens('/a/b/:x/:y', true, false)).toEqual(['/a/b', null, null]);
    expect(segmentTokens('/:id', true, false)).toEqual([null]);
    expect(segmentTokens('/users/', true, false)).toEqual(['/users']);
    expect(segmentTokens('/users/', true, true)).toEqual(['/users/']);
    expect(segmentTokens('/:id/', true, true)).toEqual([null, '/']);
    expect(segmentTokens('/', true, false)).toEqual([]);
    expect(segmentTokens('/', true, true)).toEqual(['/']);
    expect(segmentTokens('/users/:id', false, false)).toBeNull();
    for (const other of ['', '//', '/user/:id?', '/file/:name.:ext', '/posts/:id(\\d+)', '/x/*', '/ab?c', '/a/:b-c', '//a', '/a//', 'a/b', '/a:b'])
      expect(segmentTokens(other, true, false)).toBeNull();
    expect(segmentTokens(/^\/a/, true, false)).toBeNull();
  });

  it('capture each parameter up to the next slash, with one optional trailing slash unless strict', () => {
    const tokens = segmentTokens('/user/:id/edit', true, false)!;
    expect(matchSegmentTokens('/USER/42/Edit/', tokens, false, false)).toEqual(['42']);
    expect(matchSegmentTokens('/USER/42/Edit/', tokens, false, true)).toBeNull();
    expect(matchSegmentTokens('/user/42/edit//', tokens, false, false)).toBeNull();
    expect(matchSegmentTokens('/user//edit', tokens, false, false)).toBeNull();
    expect(matchSegmentTokens('/users/42/edit', tokens, false, false)).toBeNull();
    expect(matchSegmentTokens('/\u212aser/42/edit', segmentTokens('/kser/:id/edit', true, false)!, false, false)).toBeNull();
  });

  it.each(OPTION_SETS)('answer as the expression for listed routes and paths (%o)', (options) => {
    const routes = [
      '/',
      '/user/',
      '/user/:id/',
      '/:id/',
      '/user/:id',
      '/User/:id/edit',
      '/a/b/:x/:y',
      '/:a/:a',
      '/a-b_c~d%20e/:p',
      '/:id',
      '/k',
      '/api/v1/:constructor',
      '/o/:__proto__',
    ];
    const paths = [
      '/user/42',
      '/USER/42/',
      '/user/42/edit',
      '/user/4%202/EDIT',
      '/user/%E0%A4%A',
      '/a/b/1/2',
      '/a/b/1/2/',
      '/x/y',
      '/a-b_c~d%20e/z',
      '/A-B_C~D%20E/z',
      '/\u212a',
      '/K',
      '/k/',
      '/api/v1/x',
      '/o/x',
      '',
      '/',
      '//',
    ];
    for (const route of routes)
      for (const path of paths) expect(`${route} ${path} ${byMatcher(route, path, options)}`).toBe(`${route} ${path} ${byExpression(route, path, options)}`);
  });

  it('answer as the expression for 20,000 generated routes and paths', () => {
    let seed = 11;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 16) % n;
    };
    const segmentAlphabet = ['a', 'B', 'c', '-', '_', '~', '%', '0'];
    const pathAlphabet = ['/', 'a', 'A', 'b', 'B', 'c', 'C', '-', '_', '~', '%', '%2', '%41', '%E0', '.', '0', 'x', '\u212a', '\u017f'];
    const pick = (alphabet: string[], length: number): string => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    let differences = 0;
    let matched = 0;
    let routes = 0;
    for (let r = 0; r < 400; r++) {
      const segments = Array.from({ length: 1 + random(4) }, (_, i) => (random(3) === 0 ? `:p${i % 2}` : pick(segmentAlphabet, 1 + random(3))));
      const route = '/' + segments.join('/') + (random(4) === 0 ? '/' : '');
      if (segmentTokens(route, true, false) === null) continue;
      routes++;
      const options = OPTION_SETS[r % OPTION_SETS.length]!;
      for (let p = 0; p < 50; p++) {
        // most paths are the route with its parameters filled in and its text changed here and there
        const path =
          p % 5 === 0
            ? '/' + pick(pathAlphabet, random(8))
            : route.replace(/:p\d/g, () => pick(pathAlphabet, random(4))).replace(/[a-z]/gi, (c) => (random(6) === 0 ? c.toUpperCase() : c)) +
              (random(4) === 0 ? '/' : '');
        const expected = byExpression(route, path, options);
        if (byMatcher(route, path, options) !== expected) differences++;
        if (expected !== 'false') matched++;
      }
    }
    expect(routes).toBeGreaterThan(350);
    expect(differences).toBe(0);
    expect(matched).toBeGreaterThan(3000);
  });

  it('route every request as router 1.x does, each option set', async () => {
    for (const options of [{}, { caseSensitive: true }, { strict: true }]) {
      await compareV4(
        (router) => {
          const r = router as { get(p: string, h: unknown): void };
          r.get('/user/:id', echo('user'));
          r.get('/User/:id/edit', echo('edit'));
          r.get('/a/:x/:y', echo('a'));
          r.get('/:id', echo('any'));
          r.get('/', echo('root'));
          r.get('/b/:x/', echo('b'));
        },
        [
          'GET /user/42',
          'GET /USER/42/',
          'GET /user/42/edit',
          'GET /User/42/Edit/',
          'GET /a/1/2',
          'GET /a/1/2/',
          'GET /a//2',
          'GET /zzz',
          'GET /user/%E0%A4%A',
          'GET /user/%41',
          'GET /',
          'GET /b/1',
          'GET /b/1/',
          'GET /B/1//',
        ],
        options,
      );
    }
  });
});
