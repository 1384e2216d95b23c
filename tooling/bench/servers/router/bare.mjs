// Bare node:http answering like a router would for /user/:id (no routing at all): the ceiling.
import http from 'node:http';
import { announce } from '../../lib/harness.mjs';

const server = http.createServer((req, res) => {
  const q = req.url.indexOf('?');
  const path = q === -1 ? req.url : req.url.slice(0, q);
  res.end(path.slice(path.lastIndexOf('/') + 1));
});
announce(server);
