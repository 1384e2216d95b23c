/**
 * The built v4 entry (run `npx tsup` in packages/core first): `require('@webfw/core/v4')` is
 * the callable factory with express 4's members, as `require('express')` 4.22 is, and the ESM
 * build serves requests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { dist, esmAnswer } from './support/built';

describe('the built v4 entry', () => {
  beforeAll(() => {
    if (!existsSync(join(dist, 'v4.cjs')) || !existsSync(join(dist, 'v4.js'))) {
      throw new Error('packages/core/dist/v4.* is missing: run `npx tsup` in packages/core first');
    }
  });

  /** The shape of a framework's export: its type, its keys, and those of an app and the prototypes. */
  const shape = (load: string): string => `
    const fw = ${load};
    const app = fw();
    const keys = (o) => Object.keys(o).sort();
    const all = (o) => { const k = []; for (const x in o) k.push(x); return k.sort(); };
    console.log(JSON.stringify({
      type: typeof fw, keys: keys(fw), app: all(app), application: keys(fw.application),
      request: keys(fw.request), response: keys(fw.response), mime: typeof fw.static.mime.lookup,
      routerThrows: (() => { try { return app.router; } catch (e) { return e.message; } })(),
      queryParser: app.get('query parser'),
    }));`;

  it("makes require('@webfw/core/v4') what require('express') 4.22 is", () => {
    const ours = JSON.parse(execFileSync(process.execPath, ['-e', shape(`require(${JSON.stringify(join(dist, 'v4.cjs'))})`)]).toString());
    const theirs = JSON.parse(execFileSync(process.execPath, ['-e', shape(`require(${JSON.stringify(require.resolve('express-v4'))})`)]).toString());
    expect(ours).toEqual(theirs);
    expect(ours.type).toBe('function');
    expect(ours.keys).toEqual(['Route', 'Router', 'application', 'json', 'query', 'raw', 'request', 'response', 'static', 'text', 'urlencoded']);
    expect(ours.queryParser).toBe('extended');
  });

  it('serves a request from the ESM build', () => {
    const routes = `app.get('/:name?', (req, res) => res.send(req.params.name + ' ' + JSON.stringify(req.query) + ' ' + JSON.stringify(req.body)));`;
    expect(esmAnswer('v4.js', routes, '/esm?a[b]=1')).toBe('200 webfw esm {"a":{"b":"1"}} undefined');
  });
});
