/** Bare node:http doing each scenario by hand: the baseline of the frameworks suite. */
import http from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { announcePort, fixtures, hello, scenario } from './common.mjs';

const file = join(fixtures, '1kb.txt');
const fileSize = statSync(file).size;

function json(res, body) {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer((req, res) => {
  if (scenario === 'routes') {
    if (req.url.startsWith('/user/')) return json(res, JSON.stringify({ id: req.url.slice(6) }));
  } else if (scenario === 'echo') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => json(res, JSON.stringify(JSON.parse(Buffer.concat(chunks).toString()))));
    return;
  } else if (scenario === 'static') {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': fileSize });
    createReadStream(file).pipe(res);
    return;
  } else {
    // serialized per request, as every framework's `res.json(hello)` does
    return json(res, JSON.stringify(hello));
  }
  res.statusCode = 404;
  res.end();
});
server.listen(0, '127.0.0.1', () => announcePort(server.address().port));
