/**
 * Server of the core-response suite: `node server.mjs <express|webfw> <scenario>` serves one
 * response method on GET /. express and webfw run the very same code: only the import differs.
 *
 * Scenarios: json, send304 (res.send of 1 KB answered 304 to a matching If-None-Match),
 * cookie (two res.cookie + res.json), redirect, jsonp, format (res.format, HTML chosen),
 * sendFile (1 KB file), render (ejs view, view cache on: NODE_ENV=production).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const [framework = 'webfw', scenario = 'json'] = process.argv.slice(2);
const factory = framework === 'express' ? require('express') : (await import('@webfw/core')).default;
const ejs = require('ejs');

const fixtures = fileURLToPath(new URL('../../fixtures', import.meta.url));
const views = fileURLToPath(new URL('./views', import.meta.url));
export const page = 'x'.repeat(1024);
const items = Array.from({ length: 10 }, (_, i) => ({ name: `item <${i}>`, price: (i * 1.5).toFixed(2) }));

const app = factory();
app.engine('ejs', ejs.__express);
app.set('views', views);
app.set('view engine', 'ejs');

const handlers = {
  json: (req, res) => res.json({ hello: 'world', list: [1, 2, 3] }),
  send304: (req, res) => res.send(page),
  cookie: (req, res) =>
    res.cookie('sid', 'abc123', { httpOnly: true, sameSite: 'lax', maxAge: 3_600_000 }).cookie('prefs', { theme: 'dark' }).json({ ok: true }),
  redirect: (req, res) => res.redirect(302, '/target?from=bench'),
  jsonp: (req, res) => res.jsonp({ hello: 'world' }),
  format: (req, res) =>
    res.format({
      json: () => res.json({ hello: 'world' }),
      html: () => res.send('<p>hello world</p>'),
    }),
  sendFile: (req, res) => res.sendFile('1kb.txt', { root: fixtures }),
  render: (req, res) => res.render('page', { title: 'Items', items }),
};
if (!handlers[scenario]) throw new Error(`unknown scenario ${scenario}`);
app.get('/', handlers[scenario]);

const server = app.listen(0, '127.0.0.1', () => console.log(`PORT ${server.address().port}`));
