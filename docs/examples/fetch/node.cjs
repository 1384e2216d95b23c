'use strict';
// Node: the demo app's fetch handler served by node:http. Each node request becomes a web
// Request (its body a stream, an AbortSignal for a client that goes away) and the Response
// is written back as it streams. (On node, app.listen() serves the app directly; this is how a
// fetch handler is served on node, e.g. to test it.)
const http = require('node:http');
const { Readable } = require('node:stream');
const { once } = require('node:events');
const { createApp } = require('../demo/app.js');

const app = createApp({ log: false });

async function writeResponse(response, res) {
  res.statusCode = response.status;
  res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!response.body) return res.end();
  if (!response.headers.has('content-length')) res.flushHeaders();
  for await (const chunk of response.body) if (!res.write(chunk)) await once(res, 'drain');
  res.end();
}

const server = http.createServer((req, res) => {
  const client = new AbortController();
  res.on('close', () => res.writableFinished || client.abort());
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const bodyless = req.method === 'GET' || req.method === 'HEAD';
  const request = new Request(`http://${req.headers.host}${req.url}`, {
    method: req.method,
    headers,
    body: bodyless ? null : Readable.toWeb(req),
    duplex: 'half',
    signal: client.signal,
  });
  const info = { remoteAddr: { hostname: req.socket.remoteAddress, port: req.socket.remotePort, transport: 'tcp' } };
  app.fetch(request, info).then(
    (response) => writeResponse(response, res),
    () => res.destroy(),
  );
});
server.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
