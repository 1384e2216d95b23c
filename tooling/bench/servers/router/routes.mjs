/**
 * The route tables of the router benchmark, shared by every server so each router gets the
 * same routes in the same order.
 *
 * - `mixed`: 50 routes of a typical app (literals and parameters, several methods), with
 *   `GET /user/:id` late in the table (the benchmark requests `/user/123`).
 * - `many`: 500 REST-style routes under `/api`; the benchmark requests the first
 *   (`GET /api/r0`) and the last (`GET /api/r499/42`).
 */
export const mixed = [
  ['get', '/'],
  ['get', '/health'],
  ['get', '/about'],
  ['get', '/contact'],
  ['get', '/pricing'],
  ['get', '/blog'],
  ['get', '/blog/:slug'],
  ['get', '/docs'],
  ['get', '/docs/:page'],
  ['post', '/login'],
  ['post', '/logout'],
  ['post', '/signup'],
  ['get', '/api/status'],
  ['get', '/products'],
  ['get', '/products/:pid'],
  ['post', '/products'],
  ['put', '/products/:pid'],
  ['delete', '/products/:pid'],
  ['get', '/products/:pid/reviews'],
  ['post', '/products/:pid/reviews'],
  ['get', '/orders'],
  ['get', '/orders/:oid'],
  ['post', '/orders'],
  ['get', '/orders/:oid/items'],
  ['get', '/cart'],
  ['post', '/cart/items'],
  ['delete', '/cart/items/:iid'],
  ['get', '/search'],
  ['get', '/categories'],
  ['get', '/categories/:cid'],
  ['get', '/users'],
  ['post', '/users'],
  ['get', '/user/:id/posts'],
  ['get', '/user/:id/followers'],
  ['get', '/user/:id/following'],
  ['put', '/user/:id'],
  ['delete', '/user/:id'],
  ['get', '/user/:id'],
  ['get', '/user/:id/settings'],
  ['get', '/admin'],
  ['get', '/admin/users'],
  ['get', '/admin/users/:uid'],
  ['get', '/admin/reports'],
  ['get', '/admin/reports/:rid'],
  ['get', '/static/:file'],
  ['get', '/feed'],
  ['get', '/feed/:fid'],
  ['get', '/notifications'],
  ['get', '/messages'],
  ['get', '/messages/:mid'],
];

/** 500 routes: even ones literal `/api/r<i>`, odd ones `/api/r<i>/:id`. */
export const many = Array.from({ length: 500 }, (_, i) => ['get', i % 2 ? `/api/r${i}/:id` : `/api/r${i}`]);

/** The table named by the server's first argument (`mixed` or `many`). */
export function table(name) {
  if (name === 'mixed') return mixed;
  if (name === 'many') return many;
  throw new Error(`unknown route table ${name}`);
}

/**
 * `router` (an express-style router: `router.get(path, handler)`...) with every route of the
 * table `name`, each answering its `:id` parameter, or `ok` where it has none.
 */
export function routed(router, name) {
  for (const [method, path] of table(name)) {
    router[method](path, (req, res) => res.end(req.params.id ?? 'ok'));
  }
  return router;
}
