'use strict';
// An API app for workerd (no file system there: no views, no static files), also started on
// node with app.listen by the test to compare answers.
const webfw = require('@webfw/core');
const cookieParser = require('cookie-parser');

function createApiApp() {
  const app = webfw();
  const notes = [];
  app.use(cookieParser('worker secret'));
  app.use(webfw.json({ limit: '10kb' }));
  app.get('/health', (req, res) => res.json({ status: 'ok' }));
  app.get('/api/notes', (req, res) => res.json(notes));
  app.post('/api/notes', (req, res) => {
    const text = req.body && req.body.text;
    if (typeof text !== 'string' || text.length === 0) return res.status(422).json({ error: 'text is required' });
    const note = { id: notes.length + 1, text };
    notes.push(note);
    res.status(201).location(`/api/notes/${note.id}`).cookie('last', String(note.id), { signed: true, httpOnly: true }).json(note);
  });
  app.get('/api/notes/:id', (req, res, next) => {
    const note = notes.find((n) => n.id === Number(req.params.id));
    if (!note) return next();
    res.json({ note, last: req.signedCookies.last || null, ip: req.ip });
  });
  app.post('/form', webfw.urlencoded({ extended: false }), (req, res) => res.redirect(303, `/done?name=${encodeURIComponent(req.body.name || '')}`));
  app.use((req, res) => res.status(404).json({ error: `no route for ${req.method} ${req.path}` }));
  // (four arguments: an error handler)
  app.use((err, req, res, _next) => res.status(err.status || 500).json({ error: err.message, type: err.type }));
  return app;
}

module.exports = { createApiApp };
