'use strict';
/**
 * The webfw demo: a small notes app that uses every package of the workspace.
 *
 * - @webfw/core       the app, settings, res.render / res.json / res.cookie / res.redirect ...
 * - @webfw/router     the JSON API under /api (webfw.Router), with a validated :id param
 * - @webfw/body-parser JSON bodies for the API, urlencoded bodies for the HTML forms
 * - @webfw/static     /static assets with a one-hour cache
 * - @webfw/logger     one log line per request
 * - ejs               the HTML pages, loaded by extension through its `__express` entry
 * - express-session   a session per visitor (the author name it last used, the notes it added)
 * - express-rate-limit at most `rateLimit.limit` new notes per client and window
 *
 * Where the notes, sessions and rate-limit counters live is the `store` option (store.js): in
 * memory by default, in Redis when several instances must share them. When the store cannot
 * be reached, the requests that need it get a 503 and every other request is served as usual.
 *
 * `createApp(options)` returns a fresh app (with its own notes) so tests can use it directly;
 * `server.js` starts one.
 */
const path = require('node:path');
const webfw = require('@webfw/core');
const logger = require('@webfw/logger');
const cookieParser = require('cookie-parser');
const session = require('express-session');
const { rateLimit } = require('express-rate-limit');
const { NoteStore, validateNote, MAX_TEXT } = require('./notes');
const { createMemoryStore } = require('./store');

const THEMES = ['light', 'dark'];
const YEAR = 365 * 24 * 60 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;
const STORE_DOWN = 'the notes storage is unavailable; try again shortly';

/** An Error carrying an HTTP status; its message is shown to clients (4xx only). */
function httpError(status, message) {
  const err = new Error(message);
  err.status = status;
  err.expose = status < 500;
  return err;
}

/**
 * An error as the client sees it: storage outages (`store.isUnavailable`) become a 503 with a
 * clear message; anything else keeps its status (500 when it has none).
 */
function toHttpError(err, store) {
  if (store.isUnavailable(err)) return Object.assign(httpError(503, STORE_DOWN), { expose: true, storeDown: true });
  return err;
}

/** Counts a note added in this visitor's session and remembers the author name it used. */
function rememberNote(req, note) {
  req.session.added = (req.session.added || 0) + 1;
  if (note.author !== 'anonymous') req.session.author = note.author;
}

/** The JSON body of every API error. */
function apiError(status, message, extra) {
  return { error: { status, message, ...extra } };
}

/** The JSON API: /api/notes and /api/notes/:id, /api/session, /api/whoami. */
function createApi(notes, store, limitNotes) {
  const api = webfw.Router();
  api.use(webfw.json({ limit: '10kb' }));

  // Runs once per request for routes with :id: 400 for a malformed id, 404 for an unknown one.
  api.param('id', (req, res, next, value) => {
    if (!/^[1-9]\d{0,8}$/.test(value)) return next(httpError(400, 'id must be a positive integer'));
    Promise.resolve(notes.get(Number(value))).then((note) => {
      if (!note) return next(httpError(404, `note ${value} not found`));
      req.note = note;
      next();
    }, next);
  });

  api.get('/notes', async (req, res) => {
    res.json(await notes.list());
  });

  api.post('/notes', limitNotes, async (req, res) => {
    const { value, errors } = validateNote(req.body);
    if (errors) return res.status(422).json(apiError(422, 'validation failed', { fields: errors }));
    const note = await notes.add(value);
    rememberNote(req, note);
    res.status(201).location(`/api/notes/${note.id}`).json(note);
  });

  api.get('/notes/:id', (req, res) => {
    res.json(req.note);
  });

  api.delete('/notes/:id', async (req, res) => {
    await notes.remove(req.note.id);
    res.sendStatus(204);
  });

  // This visitor's session: whichever instance answers, the same data.
  api.get('/session', (req, res) => {
    res.json({ added: req.session.added || 0, author: req.session.author || null });
  });

  // The request as the app sees it: behind a proxy, right only when `trust proxy` is set.
  api.get('/whoami', (req, res) => {
    res.json({ ip: req.ip, ips: req.ips, protocol: req.protocol, secure: req.secure, hostname: req.hostname });
  });

  api.use((req, res) => {
    res.status(404).json(apiError(404, `no route for ${req.method} ${req.baseUrl}${req.path}`));
  });

  // Body-parser errors carry status and type (entity.parse.failed, entity.too.large ...).
  api.use((error, req, res, next) => {
    if (res.headersSent) return next(error);
    const err = toHttpError(error, store);
    if (err.storeDown) res.set('Retry-After', '1');
    const status = err.status || 500;
    const message = err.expose ? err.message : 'internal error';
    res.status(status).json(apiError(status, message, err.type ? { type: err.type } : undefined));
  });

  return api;
}

/**
 * Creates the demo app. Options:
 * - `store`: where notes, sessions and rate-limit counters live (store.js; default: a fresh
 *   in-memory store); `notes`: a NoteStore to use instead of the store's notes
 * - `secret`: signs the cookies and the session id (every instance needs the same one)
 * - `trustProxy`: the `trust proxy` setting, for an app behind nginx or a load balancer
 * - `rateLimit`: `{ limit, windowMs }`, new notes allowed per client and window (30 a minute)
 * - `log` (false: no request log), `logStream` (where log lines go; default stdout)
 */
function createApp(options = {}) {
  const store = options.store || createMemoryStore();
  const notes = options.notes || store.notes;
  const secret = options.secret || 'webfw demo secret';
  const app = webfw();
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);

  // As express-rate-limit's README shows; the 429 goes through the error pages below.
  const limitNotes = rateLimit({
    windowMs: (options.rateLimit && options.rateLimit.windowMs) || 60 * 1000,
    limit: (options.rateLimit && options.rateLimit.limit) || 30,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: store.createRateLimitStore(),
    handler: (req, res, next, limiter) => next(httpError(limiter.statusCode, 'too many new notes from this client; try again later')),
  });

  app.set('views', path.join(__dirname, 'views'));
  app.set('view engine', 'ejs');
  app.locals.siteName = 'webfw demo';
  app.locals.maxText = MAX_TEXT;

  if (options.log !== false) app.use(logger('dev', options.logStream ? { stream: options.logStream } : {}));
  app.use('/static', webfw.static(path.join(__dirname, 'public'), { maxAge: '1h' }));
  app.use(cookieParser(secret));

  // Liveness: the process serves requests (it needs no store, so a Redis outage is not a
  // reason to restart it). server.js adds `/ready` for load balancers.
  app.get('/health', (req, res) => {
    res.json({ status: 'ok' });
  });

  // Every page knows the theme (a plain cookie) for its <body class>.
  app.use((req, res, next) => {
    res.locals.theme = THEMES.includes(req.cookies.theme) ? req.cookies.theme : 'light';
    next();
  });

  app.post('/theme', webfw.urlencoded({ extended: false }), (req, res, next) => {
    const theme = req.body && req.body.theme;
    if (!THEMES.includes(theme)) return next(httpError(400, `theme must be one of ${THEMES.join(', ')}`));
    res.cookie('theme', theme, { sameSite: 'lax', maxAge: YEAR, secure: req.secure });
    res.redirect(303, '/');
  });

  // Sessions, as express-session's README shows (connect-redis's with the Redis store). The
  // cookie is Secure whenever the request is (`secure: 'auto'`: behind a proxy, through
  // `trust proxy` and X-Forwarded-Proto). What is above this line needs no store.
  app.use(
    session({
      store: store.sessionStore,
      secret,
      name: 'demo.sid',
      resave: false,
      saveUninitialized: false,
      cookie: { secure: 'auto', httpOnly: true, sameSite: 'lax', maxAge: DAY },
    }),
  );

  app.get('/', async (req, res) => {
    // A signed cookie: a forged value reads as false and the count starts again.
    const previous = Number.parseInt(req.signedCookies.visits, 10);
    const visits = Number.isSafeInteger(previous) && previous > 0 ? previous + 1 : 1;
    res.cookie('visits', String(visits), { signed: true, httpOnly: true, sameSite: 'lax', maxAge: YEAR, secure: req.secure });
    const draft = { text: '', author: req.session.author || '' };
    res.render('index', { notes: await notes.list(), visits, added: req.session.added || 0, errors: null, draft });
  });

  // The HTML form: urlencoded body, validation errors re-render the page with 422.
  app.post('/notes', limitNotes, webfw.urlencoded({ extended: false, limit: '10kb' }), async (req, res) => {
    const { value, errors } = validateNote(req.body);
    if (errors) {
      const draft = { text: String((req.body && req.body.text) || ''), author: String((req.body && req.body.author) || '') };
      return res.status(422).render('index', { notes: await notes.list(), visits: null, added: 0, errors: Object.values(errors), draft });
    }
    rememberNote(req, await notes.add(value));
    res.redirect(303, '/');
  });

  app.get('/notes.txt', async (req, res) => {
    const lines = (await notes.list()).map((n) => `#${n.id} ${n.author}: ${n.text}`);
    res
      .attachment('notes.txt')
      .type('txt')
      .send(lines.join('\n') + (lines.length ? '\n' : ''));
  });

  app.get('/boom', () => {
    throw new Error('a bug in a handler: the page says "Internal Server Error", never this message');
  });

  app.use('/api', createApi(notes, store, limitNotes));

  app.use((req, res, next) => {
    next(httpError(404, `Cannot ${req.method} ${req.path}`));
  });

  // Error pages: HTML (or JSON, or text) per Accept; 5xx messages are not shown, but for the
  // 503 of a storage outage (logged once by the store, not per request).
  app.use((error, req, res, next) => {
    if (res.headersSent) return next(error);
    const err = toHttpError(error, store);
    const status = err.status || err.statusCode || 500;
    const message = err.expose ? err.message : 'Internal Server Error';
    if (err.storeDown) res.set('Retry-After', '1');
    else if (status >= 500) console.error(err);
    // The API answers JSON, also for errors raised before its router (the session store's).
    if (req.path.startsWith('/api/')) return res.status(status).json({ error: { status, message } });
    res.status(status).format({
      html: () => res.render('error', { status, message }),
      json: () => res.json({ error: { status, message } }),
      default: () => res.type('txt').send(`${status} ${message}\n`),
    });
  });

  return app;
}

module.exports = { createApp, NoteStore };
