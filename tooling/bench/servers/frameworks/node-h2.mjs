/** Bare node:http2 compat API (Http2ServerRequest/Http2ServerResponse) doing each scenario by hand. */
import http2 from 'node:http2';
import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { announcePort, fixtures, hello, scenario, tls } from './h2-common.mjs';

const file = join(fixtures, '1kb.txt');
const fileSize = statSync(file).size;

function handle(req, res) {
  if (scenario === 'static' && req.url === '/1kb.txt') {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': fileSize });
    createReadStream(file).pipe(res);
    return;
  }
  if (scenario !== 'static' && req.url === '/') {
    // serialized per request, as every framework's `res.json(hello)` does
    const body = JSON.stringify(hello);
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
    return;
  }
  res.statusCode = 404;
  res.end();
}

const server = tls ? http2.createSecureServer({ allowHTTP1: true, ...tls }, handle) : http2.createServer(handle);
server.listen(0, '127.0.0.1', () => announcePort(server.address().port));
