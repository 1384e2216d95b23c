// Hand-written reference: fs.stat + fs.createReadStream piped to the response, with the
// same Content-Type / Content-Length a static server sends and nothing else (no ETag,
// no Last-Modified, no conditional or range handling, no path checks).
import http from 'node:http';
import { createReadStream, stat } from 'node:fs';
import { announce } from '../../lib/harness.mjs';

const root = process.env.STATIC_ROOT;
const types = { '.txt': 'text/plain; charset=utf-8', '.bin': 'application/octet-stream' };
const server = http.createServer((req, res) => {
  const path = root + req.url;
  stat(path, (err, st) => {
    if (err) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Content-Type', types[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream');
    res.setHeader('Content-Length', st.size);
    createReadStream(path).pipe(res);
  });
});
announce(server);
