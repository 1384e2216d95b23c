/** koa 3 with @koa/router, @koa/bodyparser and koa-static doing each scenario. */
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import serve from 'koa-static';
import { announcePort, fixtures, hello, otherRoutes, scenario } from './common.mjs';

const app = new Koa();
// koa logs every stream error to stderr; the load generator closing its connections at the end
// of a run would print one stack trace per open file stream into the bench's output
app.silent = true;
const router = new Router();
if (scenario === 'routes') {
  for (const path of otherRoutes) router.get(path, (ctx) => (ctx.body = { path }));
  router.get('/user/:id', (ctx) => (ctx.body = { id: ctx.params.id }));
} else if (scenario === 'echo') {
  router.post('/echo', bodyParser(), (ctx) => (ctx.body = ctx.request.body));
} else if (scenario === 'static') {
  app.use(serve(fixtures));
} else {
  router.get('/', (ctx) => (ctx.body = hello));
}
app.use(router.routes());
const server = app.listen(0, '127.0.0.1', () => announcePort(server.address().port));
