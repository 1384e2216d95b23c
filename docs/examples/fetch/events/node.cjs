'use strict';
// The events app on node:http (app.listen): what the others are compared with.
const { createEventsApp } = require('./app.cjs');

const server = createEventsApp().listen(Number(process.env.PORT || 0), '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${server.address().port}`),
);
