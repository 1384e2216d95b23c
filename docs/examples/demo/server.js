'use strict';
/**
 * Starts the webfw demo (see app.js). `npm start` at the repository root installs, builds
 * every package and runs this. PORT chooses the port (default 3000; 0 picks a free one).
 */
const { createApp } = require('./app');

const app = createApp();
const server = app.listen(Number(process.env.PORT ?? 3000), (err) => {
  if (err) {
    console.error(`webfw demo could not start: ${err.message}`);
    process.exit(1);
  }
  console.log(`webfw demo listening on http://localhost:${server.address().port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
