/**
 * The request and response suites that run again over another transport (HTTP/2:
 * req.http2.test.ts, res.http2.test.ts; `app.fetch`: app.fetch.suites.test.ts), each file
 * requiring them inside its own `describe` with supertest switched to that transport.
 */

/** Suites of the request, routing, settings and body parsing. */
export const REQUEST_SUITES = [
  'req.accepts',
  'req.get',
  'req.host',
  'req.ip.trust-none',
  'req.routing',
  'settings.query-parser',
  'settings.trust-proxy',
  'settings.etag',
  'webfw.body-parsers',
  'app.use',
  'app.route',
  'app.param',
  'app.methods',
  'app.errors',
];

/** Suites of the response. */
export const RESPONSE_SUITES = [
  'res.send',
  'res.send.etag',
  'res.json',
  'res.json.send-override',
  'res.jsonp',
  'res.set',
  'res.type',
  'res.status',
  'res.format',
  'res.redirect',
  'res.cookie',
  'res.clearCookie',
  'res.download',
  'res.sendFile',
  'res.sendFile.security',
  'res.render',
  'res.properties',
  'res.static-errors',
];
