/** The built entries (dist/) run in a fresh node, as a user's app loads them. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** packages/core/dist. */
export const dist = join(__dirname, '..', '..', 'dist');

/**
 * Imports the ES module entry `file` of dist/ in a fresh node, makes an app, runs `routes` (code
 * that adds routes to `app`), asks GET `path` over HTTP and returns `<status> <X-Powered-By> <body>`.
 */
export function esmAnswer(file: string, routes: string, path: string): string {
  const script = `
    import webfw from ${JSON.stringify(join(dist, file))};
    const app = webfw();
    ${routes}
    const server = app.listen(0, '127.0.0.1', async () => {
      const r = await fetch('http://127.0.0.1:' + server.address().port + ${JSON.stringify(path)});
      console.log(r.status + ' ' + r.headers.get('x-powered-by') + ' ' + await r.text());
      server.close();
    });
  `;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script]).toString().trim();
}
