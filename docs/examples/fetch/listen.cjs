'use strict';
// The demo app on node with app.listen: what every fetch handler below must answer alike.
const { createApp } = require('../demo/app.js');

const server = createApp({ log: false }).listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
