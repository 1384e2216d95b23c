// @webfw/router over bare node:http. Argument: route table (mixed | many).
import http from 'node:http';
import Router from '@webfw/router';
import { announce } from '../../lib/harness.mjs';
import { table } from './routes.mjs';

const router = Router();
for (const [method, path] of table(process.argv[2])) {
  router[method](path, (req, res) => res.end(req.params.id ?? 'ok'));
}
const server = http.createServer((req, res) =>
  router(req, res, (err) => {
    res.statusCode = err ? 500 : 404;
    res.end();
  }),
);
announce(server);
