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
 * It prints the URL it listens on. When it cannot (a key or certificate missing, the port
 * taken), it says why in one line and exits with code 1.
 */
const { readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
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
const port = Number(env.PORT ?? 3443);

/** Prints why the example cannot start, in one line, and exits with code 1. */
function fail(message) {
  console.error(`http2 example: ${message}`);
  process.exit(1);
}

/** The PEM file named by variable `name` (or `fallback` in the current folder); exits saying what to do when it cannot be read. */
function pem(name, fallback, what) {
  const file = resolve(env[name] || fallback);
  try {
    return readFileSync(file);
  } catch (err) {
    fail(
      `cannot read the TLS ${what} ${file} (${err.code || err.message}): make key.pem and cert.pem here with the openssl command in docs/http2.md, or set TLS_KEY and TLS_CERT`,
    );
  }
}

const server = app.listen(
  {
    host: env.HOST || 'localhost',
    port,
    tls: { key: pem('TLS_KEY', 'key.pem', 'key'), cert: pem('TLS_CERT', 'cert.pem', 'certificate') },
    http2: true,
  },
  (err) => {
    if (err && err.code === 'EADDRINUSE') fail(`port ${port} is in use; set PORT to another port (PORT=0 picks a free one)`);
    if (err) fail(err.message);
    console.log(`https://localhost:${server.address().port}`);
  },
);
