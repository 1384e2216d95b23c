'use strict';
// The workerd example's app on node with app.listen, for comparison.
const { createApiApp } = require('./app.cjs');

const server = createApiApp().listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
