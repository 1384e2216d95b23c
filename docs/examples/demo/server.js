'use strict';
/**
 * Starts the webfw demo (see app.js). `npm start` at the repository root installs, builds
 * every package and runs this.
 *
 * HOST  the interface to listen on (default `localhost`: reachable from this machine only;
 *       `0.0.0.0` or `::` listens on every interface)
 * PORT  the port (default 3000; 0 picks a free one)
 *
 * It prints the URL it listens on; when the port is taken it says which variable to set and
 * exits with code 1.
 */
const { createApp } = require('./app');

const host = process.env.HOST || 'localhost';
const portText = process.env.PORT || '3000';
const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;

/** Prints why the demo cannot start and exits with code 1. */
function fail(message) {
  console.error(`webfw demo: ${message}`);
  process.exit(1);
}

if (!(port >= 0 && port <= 65535)) fail(`PORT must be a port number from 0 to 65535 (0 picks a free one), not "${portText}"`);

const app = createApp();
const server = app.listen(port, host, (err) => {
  if (err) {
    if (err.code === 'EADDRINUSE') fail(`port ${port} is in use; set PORT to another port (PORT=${port < 65535 ? port + 1 : 0} npm start)`);
    if (err.code === 'EACCES') fail(`no permission to listen on port ${port}; set PORT to a port above 1023 (PORT=3000 npm start)`);
    if (err.code === 'ENOTFOUND' || err.code === 'EADDRNOTAVAIL' || err.code === 'EAI_AGAIN') {
      fail(`cannot listen on host "${host}" (${err.code}); set HOST to an address of this machine (HOST=localhost npm start)`);
    }
    fail(`could not start: ${err.message}`);
  }
  const shown = host.includes(':') ? `[${host}]` : host;
  console.log(`webfw demo listening on http://${shown}:${server.address().port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
