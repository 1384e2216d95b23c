/**
 * 4.x `res.clearCookie` honours `expires` and `maxAge` (deprecated since 4.20, a warning for
 * each), other options as given; without them the cookie expires in 1970.
 */
import { buildApp, expect4, type App } from './support/v4';

const tail =
  'is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.';

describe('v4 res.clearCookie', () => {
  const now = Date.UTC(2030, 0, 1);
  beforeAll(() => {
    jest.spyOn(Date, 'now').mockReturnValue(now);
  });
  afterAll(() => {
    jest.spyOn(Date, 'now').mockRestore();
  });

  it('honours expires and maxAge, deprecated', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/plain', (_req: App, res: App) => res.clearCookie('a', { path: '/x', httpOnly: true }).end());
        app.get('/max-age', (_req: App, res: App) => res.clearCookie('b', { maxAge: 60000 }).end());
        app.get('/expires', (_req: App, res: App) => res.clearCookie('c', { expires: new Date(Date.UTC(2031, 0, 1)) }).end());
      }),
      [
        ['/plain', { status: 200, headers: { 'set-cookie': ['a=; Path=/x; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly'] }, warnings: [] }],
        [
          '/max-age',
          {
            status: 200,
            headers: { 'set-cookie': ['b=; Max-Age=60; Path=/; Expires=<date>'] },
            warnings: [`express: res.clearCookie: Passing "options.maxAge" ${tail}`],
          },
        ],
        [
          '/expires',
          { status: 200, headers: { 'set-cookie': ['c=; Path=/; Expires=<date>'] }, warnings: [`express: res.clearCookie: Passing "options.expires" ${tail}`] },
        ],
      ],
      { deprecations: true },
    );
  });

  it('writes the expiry it was given', async () => {
    const { run } = await import('./support/differential');
    const { v4 } = await import('./support/v4');
    const pairs = await run(
      buildApp((app) => {
        app.get('/', (_req: App, res: App) => {
          res.clearCookie('a');
          res.clearCookie('b', { maxAge: 60000 });
          res.clearCookie('c', { expires: new Date(Date.UTC(2031, 0, 1)) });
          res.end();
        });
      }),
      [{ path: '/' }],
      { frameworks: v4, ignoreHeaders: [], deprecations: true },
    );
    // the two deprecated options warn on both sides (captured, not printed)
    const warned = [`express: res.clearCookie: Passing "options.maxAge" ${tail}`, `express: res.clearCookie: Passing "options.expires" ${tail}`];
    expect(pairs[0]!.express.warnings).toEqual(warned);
    expect(pairs[0]!.webfw.warnings).toEqual(warned);
    // the harness replaces the dates by <date>; their values are the ones compared here
    expect(pairs[0]!.webfw.dates).toEqual(pairs[0]!.express.dates);
    expect(pairs[0]!.express.dates.map((d) => new Date(d).toISOString())).toEqual(['2030-01-01T00:01:00.000Z', '2031-01-01T00:00:00.000Z']);
  });
});
