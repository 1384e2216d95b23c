/**
 * Differential: res.cookie and res.clearCookie, express 5 vs @webfw/core.
 */
import { buildApp, compare, get, comparisonCount, type Any } from './support/differential';

afterAll(() => {
  // every request in this file went to both frameworks and their answers were compared
  expect(comparisonCount()).toBeGreaterThan(0);
});

describe('differential: cookies', () => {
  it('should serialize res.cookie and res.clearCookie options identically', async () => {
    const build = buildApp((app) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      app.use(require('cookie-parser')('s3cret'));
      const cases: Array<[string, (res: Any) => void]> = [
        ['basic', (r) => r.cookie('name', 'tobi')],
        ['object', (r) => r.cookie('cart', { items: [1, 2] })],
        ['encode', (r) => r.cookie('sp', 'a b;c,d\r\nX: y')],
        ['custom-encode', (r) => r.cookie('c', 'a b', { encode: (v: string) => v.replace(/ /g, '+') })],
        [
          'all',
          (r) =>
            r.cookie('all', 'v', {
              domain: 'example.com',
              path: '/admin',
              secure: true,
              httpOnly: true,
              sameSite: 'strict',
              priority: 'high',
              partitioned: true,
            }),
        ],
        ['samesite-true', (r) => r.cookie('s', 'v', { sameSite: true })],
        ['samesite-lax', (r) => r.cookie('s', 'v', { sameSite: 'lax' })],
        ['samesite-none', (r) => r.cookie('s', 'v', { sameSite: 'none', secure: true })],
        ['samesite-false', (r) => r.cookie('s', 'v', { sameSite: false })],
        ['maxage', (r) => r.cookie('m', 'v', { maxAge: 60000 })],
        ['maxage-zero', (r) => r.cookie('m', 'v', { maxAge: 0 })],
        ['maxage-neg', (r) => r.cookie('m', 'v', { maxAge: -1000 })],
        ['maxage-float', (r) => r.cookie('m', 'v', { maxAge: 1500.7 })],
        ['maxage-str', (r) => r.cookie('m', 'v', { maxAge: '60000' })],
        ['maxage-inf', (r) => r.cookie('m', 'v', { maxAge: Infinity })],
        ['expires', (r) => r.cookie('e', 'v', { expires: new Date('2030-01-01T00:00:00Z') })],
        ['expires-and-maxage', (r) => r.cookie('e', 'v', { expires: new Date('2030-01-01T00:00:00Z'), maxAge: 1000 })],
        ['expires-zero', (r) => r.cookie('e', 'v', { expires: new Date(0) })],
        ['signed', (r) => r.cookie('sig', 'value', { signed: true })],
        ['signed-obj', (r) => r.cookie('sig', { a: 1 }, { signed: true })],
        ['bad-name', (r) => r.cookie('bad name', 'v')],
        ['bad-domain', (r) => r.cookie('n', 'v', { domain: 'exa mple.com' })],
        ['bad-path', (r) => r.cookie('n', 'v', { path: '/a;b' })],
        ['bad-samesite', (r) => r.cookie('n', 'v', { sameSite: 'bogus' })],
        ['bad-priority', (r) => r.cookie('n', 'v', { priority: 'urgent' })],
        ['undefined-val', (r) => r.cookie('n', undefined)],
        ['number-val', (r) => r.cookie('n', 42)],
        ['clear', (r) => r.clearCookie('name')],
        ['clear-opts', (r) => r.clearCookie('name', { path: '/admin', domain: 'example.com', maxAge: 1000, expires: new Date('2030-01-01'), httpOnly: true })],
        ['clear-signed', (r) => r.clearCookie('name', { signed: true })],
        ['multi', (r) => r.cookie('a', '1').cookie('b', '2').clearCookie('c')],
      ];
      for (const [name, fn] of cases) {
        app.get(`/c/${name}`, (_q: Any, res: Any) => {
          try {
            fn(res);
          } catch (e) {
            res.removeHeader('Set-Cookie');
            return res.status(500).json({ name: (e as Error).name, message: (e as Error).message });
          }
          res.send('ok');
        });
      }
      app.get('/read', (req: Any, res: Any) => res.json({ c: req.cookies, s: req.signedCookies }));
    });
    const names = [
      'basic',
      'object',
      'encode',
      'custom-encode',
      'all',
      'samesite-true',
      'samesite-lax',
      'samesite-none',
      'samesite-false',
      'maxage',
      'maxage-zero',
      'maxage-neg',
      'maxage-float',
      'maxage-str',
      'maxage-inf',
      'expires',
      'expires-and-maxage',
      'expires-zero',
      'signed',
      'signed-obj',
      'bad-name',
      'bad-domain',
      'bad-path',
      'bad-samesite',
      'bad-priority',
      'undefined-val',
      'number-val',
      'clear',
      'clear-opts',
      'clear-signed',
      'multi',
    ];
    await compare(build, [
      ...names.map((n) => get(`/c/${n}`)),
      get('/read', { Cookie: 'a=1; b=j%3A%7B%22x%22%3A1%7D; __proto__=x; s=s%3Avalue.bad; constructor=1' }),
    ]);
  });
});
