import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** packages/router: plain `node` started here resolves `@webfw/router` through its `exports` to dist/. */
export const packageDir = join(__dirname, '..', '..');

/** Fails every test of the file, saying how to build, while dist/<entry>.cjs is missing. */
export function requireBuilt(entry: 'index' | 'v4'): void {
  beforeAll(() => {
    if (!existsSync(join(packageDir, 'dist', `${entry}.cjs`))) throw new Error('packages/router is not built: run `npm test` (it builds first)');
  });
}

/** Runs plain `node` with `args` in the package: its standard output, trimmed. Throws when it fails. */
export function runNode(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8' }).trim();
}

/**
 * A script for a module where `http` and `Router` are bound: routes GET `route` to `user <id>`,
 * asks `/users/7` (`hit`, the text) and `missPath` (`miss`, the response), and prints the object
 * `{ fields }` as JSON.
 */
export function routingProbe(route: string, missPath: string, fields: string): string {
  return `
  const router = Router();
  router.get(${JSON.stringify(route)}, (req, res) => res.end('user ' + req.params.id));
  const server = http.createServer((req, res) => router(req, res, () => { res.statusCode = 404; res.end('none'); }));
  server.listen(0, '127.0.0.1', async () => {
    const base = 'http://127.0.0.1:' + server.address().port;
    const hit = await (await fetch(base + '/users/7')).text();
    const miss = await fetch(base + ${JSON.stringify(missPath)});
    console.log(JSON.stringify({ ${fields} }));
    server.close();
  });
`;
}

/** node's arguments that run `source` as an ES module. */
export function esm(source: string): string[] {
  return ['--input-type=module', '-e', source];
}
