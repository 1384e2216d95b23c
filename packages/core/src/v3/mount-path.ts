/**
 * 3.x: `app.use(path, ...)` mounts on a literal path, matched without regard to case and
 * followed by `/`, `.` or the end of the path (`app.use('/blog', blog)` answers `/blog`,
 * `/blog/`, `/BLOG/x` and `/blog.json`, the mounted middleware seeing `/.json`). A trailing
 * `/` of the mount path is ignored. Paths that are not strings (regular expressions, arrays)
 * mount as in 4.x.
 */

/** The pattern a 3.x mount path matches with: `/` as it is, any other string as a literal prefix. */
export function mountPattern(path: unknown): unknown {
  if (typeof path !== 'string' || path === '/' || path === '') return path;
  const prefix = path.endsWith('/') ? path.slice(0, -1) : path;
  const literal = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^${literal}(?=\\/|\\.|$)`, 'i');
}

/** What `mountOnLiteralPaths` needs of the app's middleware router. */
interface UsingRouter {
  use(...args: unknown[]): unknown;
}

/** Makes the app's middleware router mount string paths as 3.x did (its `use`, for `app.use`). */
export function mountOnLiteralPaths(router: UsingRouter): void {
  const use = router.use;
  Object.defineProperty(router, 'use', {
    configurable: true,
    writable: true,
    value: function use3(this: UsingRouter, path: unknown, ...rest: unknown[]): unknown {
      return use.call(this, mountPattern(path), ...rest);
    },
  });
}
