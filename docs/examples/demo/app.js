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
 *
 * `createApp(options)` returns a fresh app (with its own notes) so tests can use it directly;
 * `server.js` starts one.
 */
const path = require('node:path');
const webfw = require('@webfw/core');
const logger = require('@webfw/logger');
const cookieParser = require('cookie-parser');
const { NoteStore, validateNote, MAX_TEXT } = require('./notes');

const THEMES = ['light', 'dark'];
const YEAR = 365 * 24 * 60 * 60 * 1000;

/** An Error carrying an HTTP status; its message is shown to clients (4xx only). */
function httpError(status, message) {
  const err = new Error(message);
  err.status = status;
  err.expose = status < 500;
  return err;
}

/** The JSON body of every API error. */
function apiError(status, message, extra) {
  return { error: { status, message, ...extra } };
}

/** The JSON API: /api/notes and /api/notes/:id. */
function createApi(notes) {
  const api = webfw.Router();
  api.use(webfw.json({ limit: '10kb' }));

  // Runs once per request for routes with :id: 400 for a malformed id, 404 for an unknown one.
  api.param('id', (req, res, next, value) => {
    if (!/^[1-9]\d{0,8}$/.test(value)) return next(httpError(400, 'id must be a positive integer'));
    const note = notes.get(Number(value));
    if (!note) return next(httpError(404, `note ${value} not found`));
    req.note = note;
    next();
  });

  api.get('/notes', (req, res) => {
    res.json(notes.list());
  });

  api.post('/notes', (req, res) => {
    const { value, errors } = validateNote(req.body);
    if (errors) return res.status(422).json(apiError(422, 'validation failed', { fields: errors }));
    const note = notes.add(value);
    res.status(201).location(`/api/notes/${note.id}`).json(note);
  });

  api.get('/notes/:id', (req, res) => {
    res.json(req.note);
  });

  api.delete('/notes/:id', (req, res) => {
    notes.remove(req.note.id);
    res.sendStatus(204);
  });

  api.use((req, res) => {
    res.status(404).json(apiError(404, `no route for ${req.method} ${req.baseUrl}${req.path}`));
  });

  // Body-parser errors carry status and type (entity.parse.failed, entity.too.large ...).
  api.use((err, req, res, next) => {
    if (res.headersSent) return next(err);
    const status = err.status || 500;
    const message = err.expose ? err.message : 'internal error';
    res.status(status).json(apiError(status, message, err.type ? { type: err.type } : undefined));
  });

  return api;
}

/**
 * Creates the demo app. Options: `notes` (a NoteStore to share), `secret` (cookie signing),
 * `log` (false: no request log), `logStream` (where log lines go; default stdout).
 */
function createApp(options = {}) {
  const notes = options.notes || new NoteStore();
  const app = webfw();

  app.set('views', path.join(__dirname, 'views'));
  app.set('view engine', 'ejs');
  app.locals.siteName = 'webfw demo';
  app.locals.maxText = MAX_TEXT;

  if (options.log !== false) app.use(logger('dev', options.logStream ? { stream: options.logStream } : {}));
  app.use('/static', webfw.static(path.join(__dirname, 'public'), { maxAge: '1h' }));
  app.use(cookieParser(options.secret || 'webfw demo secret'));

  // Every page knows the theme (a plain cookie) for its <body class>.
  app.use((req, res, next) => {
    res.locals.theme = THEMES.includes(req.cookies.theme) ? req.cookies.theme : 'light';
    next();
  });

  app.get('/', (req, res) => {
    // A signed cookie: a forged value reads as false and the count starts again.
    const previous = Number.parseInt(req.signedCookies.visits, 10);
    const visits = Number.isSafeInteger(previous) && previous > 0 ? previous + 1 : 1;
    res.cookie('visits', String(visits), { signed: true, httpOnly: true, sameSite: 'lax', maxAge: YEAR });
    res.render('index', { notes: notes.list(), visits, errors: null, draft: { text: '', author: '' } });
  });

  // The HTML form: urlencoded body, validation errors re-render the page with 422.
  app.post('/notes', webfw.urlencoded({ extended: false, limit: '10kb' }), (req, res) => {
    const { value, errors } = validateNote(req.body);
    if (errors) {
      const draft = { text: String((req.body && req.body.text) || ''), author: String((req.body && req.body.author) || '') };
      return res.status(422).render('index', { notes: notes.list(), visits: null, errors: Object.values(errors), draft });
    }
    notes.add(value);
    res.redirect(303, '/');
  });

  app.post('/theme', webfw.urlencoded({ extended: false }), (req, res, next) => {
    const theme = req.body && req.body.theme;
    if (!THEMES.includes(theme)) return next(httpError(400, `theme must be one of ${THEMES.join(', ')}`));
    res.cookie('theme', theme, { sameSite: 'lax', maxAge: YEAR });
    res.redirect(303, '/');
  });

  app.get('/notes.txt', (req, res) => {
    const lines = notes.list().map((n) => `#${n.id} ${n.author}: ${n.text}`);
    res
      .attachment('notes.txt')
      .type('txt')
      .send(lines.join('\n') + (lines.length ? '\n' : ''));
  });

  app.get('/health', (req, res) => {
    res.json({ status: 'ok', notes: notes.list().length });
  });

  app.get('/boom', () => {
    throw new Error('a bug in a handler: the page says "Internal Server Error", never this message');
  });

  app.use('/api', createApi(notes));

  app.use((req, res, next) => {
    next(httpError(404, `Cannot ${req.method} ${req.path}`));
  });

  // Error pages: HTML (or JSON, or text) per Accept; 5xx messages are not shown.
  app.use((err, req, res, next) => {
    if (res.headersSent) return next(err);
    const status = err.status || err.statusCode || 500;
    const message = err.expose ? err.message : 'Internal Server Error';
    if (status >= 500) console.error(err);
    res.status(status).format({
      html: () => res.render('error', { status, message }),
      json: () => res.json({ error: { status, message } }),
      default: () => res.type('txt').send(`${status} ${message}\n`),
    });
  });

  return app;
}

module.exports = { createApp, NoteStore };
