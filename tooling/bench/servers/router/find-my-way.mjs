// find-my-way (fastify's radix-tree router) over bare node:http. Argument: route table.
import http from 'node:http';
import FindMyWay from 'find-my-way';
import { announce } from '../../lib/harness.mjs';
import { table } from './routes.mjs';

const router = FindMyWay({
  defaultRoute: (_req, res) => {
    res.statusCode = 404;
    res.end();
  },
});
for (const [method, path] of table(process.argv[2])) {
  router.on(method.toUpperCase(), path, (_req, res, params) => res.end(params.id ?? 'ok'));
}
const server = http.createServer((req, res) => router.lookup(req, res));
announce(server);
