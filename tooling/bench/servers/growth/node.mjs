/**
 * Bare node:http on the growth series where it has an equivalent: the JSON echo (body read,
 * parsed, sent back), static files (stat, then a read stream piped) and hello (the
 * connections series). No routing or middleware: those series have no bare equivalent.
 */
import http from 'node:http';
import { createReadStream, stat } from 'node:fs';
import { join } from 'node:path';
import { announcePort, BODY_LIMIT, hello, kind, staticRoot } from './common.mjs';

const helloBody = JSON.stringify(hello);

function json(res, body) {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer((req, res) => {
  if (kind === 'json') {
    const chunks = [];
    let length = 0;
    req.on('data', (c) => {
      length += c.length;
      if (length <= BODY_LIMIT) chunks.push(c);
    });
    req.on('end', () => {
      if (length > BODY_LIMIT) {
        res.statusCode = 413;
        res.end();
        return;
      }
      json(res, JSON.stringify(JSON.parse(Buffer.concat(chunks).toString())));
    });
  } else if (kind === 'static') {
    const file = join(staticRoot, req.url.slice(1));
    stat(file, (err, st) => {
      if (err) {
        res.statusCode = 404;
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': st.size });
      createReadStream(file).pipe(res);
    });
  } else {
    json(res, helloBody);
  }
});
server.listen(0, '127.0.0.1', () => announcePort(server.address().port));
