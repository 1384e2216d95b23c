/** hono on @hono/node-server doing each scenario the idiomatic way. */
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { relative } from 'node:path';
import { announcePort, fixtures, honoRoutes, scenario } from './common.mjs';

const app = new Hono();
if (scenario === 'static') app.use('/*', serveStatic({ root: relative(process.cwd(), fixtures) }));
else honoRoutes(app);
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => announcePort(info.port));
