// serve-static 2.x on bare node:http.
import http from 'node:http';
import serveStatic from 'serve-static';
import { announce } from '../../lib/harness.mjs';

const files = serveStatic(process.env.STATIC_ROOT);
const server = http.createServer((req, res) =>
  files(req, res, () => {
    res.statusCode = 404;
    res.end();
  }),
);
announce(server);
