/**
 * Server of the core-app suite: `node server.mjs <node|express|webfw|webfw-foreign> <scenario>`.
 * express and webfw run the very same app code (only the factory differs); `webfw` listens
 * through `app.listen` (request/response classes of its own, no prototype switch per
 * request), `webfw-foreign` is the same app handed to `http.createServer(app)`.
 *
 * Scenarios (all answer with res.setHeader + res.end, so the app layer is what differs):
 *   hello  GET / -> small JSON string
 *   props  GET /props?a=1&b=two -> reads req.query, path, hostname, ip, protocol, get(), accepts()
 *   subapp GET /sub/item/7 -> a route of a sub-app mounted on /sub, behind two middleware
 *   404    GET /missing -> the default final handler's 404
 */
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const [framework = 'webfw', scenario = 'hello'] = process.argv.slice(2);
const body = '{"hello":"world"}';

function announce(server) {
  server.listen(0, '127.0.0.1', () => console.log(`PORT ${server.address().port}`));
}

if (framework === 'node') {
  announce(
    createServer((req, res) => {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(body);
    }),
  );
} else {
  const factory = framework === 'express' ? require('express') : (await import('@webfw/core')).default;
  const app = factory();
  const send = (res, text) => {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(text);
  };
  if (scenario === 'hello') {
    app.get('/', (req, res) => send(res, body));
  } else if (scenario === 'props') {
    app.set('trust proxy', 'loopback');
    app.get('/props', (req, res) =>
      send(res, JSON.stringify([req.query.a, req.query.b, req.path, req.hostname, req.ip, req.protocol, req.get('host'), req.accepts('json')])),
    );
  } else if (scenario === 'subapp') {
    const sub = factory();
    sub.use((req, res, next) => next());
    sub.get('/item/:id', (req, res) => send(res, `{"id":"${req.params.id}"}`));
    app.use((req, res, next) => next());
    app.use('/sub', sub);
  }
  // '404': no routes at all, the final handler answers.
  if (framework === 'webfw') {
    const server = app.listen(0, '127.0.0.1', () => console.log(`PORT ${server.address().port}`));
  } else {
    announce(createServer(app));
  }
}
