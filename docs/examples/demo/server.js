'use strict';
/**
 * The webfw demo (until @webfw/core lands): a bare node:http server that logs every request
 * with @webfw/logger. `npm start` at the repository root builds everything and runs this.
 * PORT chooses the port (default 3000; 0 picks a free one).
 */
const http = require('node:http');
const logger = require('@webfw/logger');

const log = logger('dev');

const server = http.createServer((req, res) => {
  log(req, res, () => {
    if (req.url === '/' || req.url === '/index.html') {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end('<!doctype html><title>webfw</title><h1>webfw demo</h1><p>Every request is logged by @webfw/logger.</p>\n');
      return;
    }
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(`Cannot ${req.method} ${req.url}\n`);
  });
});

server.listen(Number(process.env.PORT ?? 3000), () => {
  console.log(`webfw demo listening on http://localhost:${server.address().port}`);
});
