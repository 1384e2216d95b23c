/**
 * The built v3 entry (run `npx tsup` in packages/core first): `require('@webfw/core/v3')` is
 * the callable factory with the 4.x entry's members and `logger`, its apps carry the 3.x
 * interfaces, and the ESM build serves requests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const dist = join(__dirname, '..', 'dist');

describe('the built v3 entry', () => {
  beforeAll(() => {
    if (!existsSync(join(dist, 'v3.cjs')) || !existsSync(join(dist, 'v3.js'))) {
      throw new Error('packages/core/dist/v3.* is missing: run `npx tsup` in packages/core first');
    }
  });

  it("makes require('@webfw/core/v3') the callable factory of 3.x apps", () => {
    const out = execFileSync(process.execPath, [
      '-e',
      `
      const fw = require(${JSON.stringify(join(dist, 'v3.cjs'))});
      const app = fw();
      console.log(JSON.stringify({
        type: typeof fw, keys: Object.keys(fw).sort(), logger: typeof fw.logger('tiny'),
        configure: typeof app.configure, routes: app.routes, locals: typeof app.locals, router: app.router.name,
      }));`,
    ]).toString();
    expect(JSON.parse(out)).toEqual({
      type: 'function',
      keys: ['Route', 'Router', 'application', 'json', 'logger', 'query', 'raw', 'request', 'response', 'static', 'text', 'urlencoded'],
      logger: 'function',
      configure: 'function',
      routes: {},
      locals: 'function',
      router: 'router',
    });
  });

  it('serves a request from the ESM build, routes where app.router is mounted', () => {
    const out = execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `
      import webfw from ${JSON.stringify(join(dist, 'v3.js'))};
      const app = webfw();
      app.use(app.router);
      app.use((req, res) => res.send('after the router'));
      app.get('/:name', (req, res) => res.send(req.params.name + ' ' + app.routes.get.length));
      const server = app.listen(0, '127.0.0.1', async () => {
        const port = server.address().port;
        const a = await fetch('http://127.0.0.1:' + port + '/esm');
        const b = await fetch('http://127.0.0.1:' + port + '/esm/x');
        console.log(a.status + ' ' + await a.text() + ' | ' + await b.text());
        server.close();
      });
    `,
    ]).toString();
    expect(out.trim()).toBe('200 esm 1 | after the router');
  });
});
