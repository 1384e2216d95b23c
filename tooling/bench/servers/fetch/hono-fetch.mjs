/** hono doing each scenario the idiomatic way, served by Bun.serve / Deno.serve: what app.fetch is compared with. */
import { Hono } from 'hono';
import { honoRoutes } from '../frameworks/common.mjs';
import { serveFetch } from './serve.mjs';

const app = new Hono();
honoRoutes(app);
serveFetch(app.fetch);
