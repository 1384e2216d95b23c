'use strict';
/**
 * An app served over HTTP/2 and HTTP/1.1 on one TLS port (docs/http2.md), with nothing of
 * `node:http2` in it: `app.listen({ tls, http2: true })`. Browsers and curl that offer `h2`
 * get HTTP/2; older clients get HTTP/1.1 from the same app.
 *
 * TLS_KEY, TLS_CERT  the key and certificate (PEM files; default key.pem and cert.pem in the
 *                    current folder: docs/http2.md shows the openssl command that makes them)
 * HOST, PORT         where to listen (default localhost:3443; PORT=0 picks a free port)
 *
 * It prints the URL it listens on.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const webfw = require('@webfw/core');

const app = webfw();
app.use(webfw.json());
app.use('/static', webfw.static(join(__dirname, '..', 'demo', 'public')));

// the same request properties over either protocol; httpVersion says which one answered
app.get('/', (req, res) => {
  res.json({ httpVersion: req.httpVersion, protocol: req.protocol, secure: req.secure, hostname: req.hostname });
});

app.post('/echo', (req, res) => {
  res.status(201).json(req.body);
});

const env = process.env;
const server = app.listen(
  {
    host: env.HOST || 'localhost',
    port: Number(env.PORT ?? 3443),
    tls: { key: readFileSync(env.TLS_KEY || 'key.pem'), cert: readFileSync(env.TLS_CERT || 'cert.pem') },
    http2: true,
  },
  (err) => {
    if (err) {
      console.error(`http2 example: ${err.message}`);
      process.exit(1);
    }
    console.log(`https://localhost:${server.address().port}`);
  },
);
