/**
 * 4.x `res.location` / `res.redirect`: `'back'` goes to the Referrer (or `/`), deprecated
 * since 4.21; `res.redirect(url, status)` is deprecated; the HTML body is express 4's `<p>`;
 * `res.vary()` without a field is deprecated and changes nothing.
 */
import { buildApp, expect4, type App } from './support/v4';

const BACK = 'express: res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices';

describe('v4 res.location and res.redirect', () => {
  it("supports 'back', deprecated", async () => {
    await expect4(
      buildApp((app) => {
        app.get('/loc', (_req: App, res: App) => res.location('back').end());
        app.get('/redir', (_req: App, res: App) => res.redirect('back'));
      }),
      [
        [
          { path: '/loc', headers: { Referer: '/from here' } },
          { status: 200, headers: { location: '/from%20here' }, warnings: [BACK] },
        ],
        ['/loc', { status: 200, headers: { location: '/' }, warnings: [] }],
        [
          { path: '/redir', headers: { Referrer: 'http://a.example/x' } },
          { status: 302, body: 'Found. Redirecting to http://a.example/x', headers: { location: 'http://a.example/x' }, warnings: [BACK] },
        ],
      ],
      { deprecations: true },
    );
  });

  it('takes (url, status), deprecated, and answers with express 4 bodies', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/url-status', (_req: App, res: App) => res.redirect('/to', 301));
        app.get('/status-url', (_req: App, res: App) => res.redirect(307, '/a?b=<c>'));
        app.get('/vary', (_req: App, res: App) => res.vary().vary([]).send('v'));
      }),
      [
        [
          '/url-status',
          {
            status: 301,
            body: 'Moved Permanently. Redirecting to /to',
            headers: { 'content-type': 'text/plain; charset=utf-8' },
            warnings: ['express: res.redirect(url, status): Use res.redirect(status, url) instead'],
          },
        ],
        [
          { path: '/status-url', headers: { Accept: 'text/html' } },
          {
            status: 307,
            body: '<p>Temporary Redirect. Redirecting to /a?b=%3Cc%3E</p>',
            headers: { 'content-type': 'text/html; charset=utf-8', vary: 'Accept' },
            warnings: [],
          },
        ],
        [
          { path: '/status-url', headers: { Accept: 'image/png' } },
          { status: 307, body: '', headers: { 'content-type': undefined, 'content-length': '0' }, warnings: [] },
        ],
        [
          { method: 'HEAD', path: '/status-url' },
          { status: 307, body: '', warnings: [] },
        ],
        [
          '/vary',
          {
            status: 200,
            body: 'v',
            headers: { vary: undefined },
            warnings: ['express: res.vary(): Provide a field name', 'express: res.vary(): Provide a field name'],
          },
        ],
      ],
      { deprecations: true },
    );
  });
});
