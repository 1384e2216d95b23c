/**
 * Doc examples run as written, each extracted from its Markdown (doc-blocks.ts), on the built
 * packages: docs/typescript.md's typed app compiled by tsc (strict, ES module and CommonJS),
 * docs/migrating.md's 3.x app and docs/router.md's router without a framework started with
 * node and asked over HTTP, and docs/migrating.md's tables read cell by cell (the `||` of the
 * `res.redirect('back')` fix must not split its cell), that fix run in an app.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import webfw from '@webfw/core';
import { docBlock, root, scratchProject, startBlock, type RunningBlock } from './doc-blocks';

jest.setTimeout(60_000);

const made: string[] = [];
const running: RunningBlock[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((block) => block.stop()));
});
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function project(prefix: string): string {
  const dir = scratchProject(prefix);
  made.push(dir);
  return dir;
}

async function get(port: number, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual' });
  return { status: res.status, body: await res.text() };
}

describe("docs/typescript.md's typed app", () => {
  it('should compile as an ES module and as CommonJS (strict, nodenext, skipLibCheck off)', () => {
    const dir = project('ts');
    symlinkSync(join(root, 'node_modules', '@types'), join(dir, 'node_modules', '@types'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true }));
    // one tsc run: app.mts is an ES module, app.cts CommonJS
    for (const file of ['app.mts', 'app.cts']) writeFileSync(join(dir, file), docBlock('docs/typescript.md', 'typed-app'));
    const compilerOptions = {
      strict: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: false,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      types: ['node'],
      noEmit: true,
      pretty: false,
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.mts', 'app.cts'] }));
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
  });
});

describe("docs/migrating.md's 3.x app on @webfw/core/v3", () => {
  it('should serve its route (run where app.router is) and its 404', async () => {
    const dir = project('v3');
    const app = await startBlock(dir, 'app.js', docBlock('docs/migrating.md', 'v3'));
    running.push(app);
    expect(await get(app.port, '/')).toEqual({ status: 200, body: 'hello from an express 3 app' });
    expect(await get(app.port, '/nope')).toEqual({ status: 404, body: 'no such page' });
  });
});

/** The cells of a Markdown table row: split on `|` not escaped as `\|` (GitHub's rule, code spans included), unescaped. */
function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

describe("docs/migrating.md's tables", () => {
  const doc = readFileSync(join(root, 'docs', 'migrating.md'), 'utf8');

  it('should have as many cells in every row as in its header', () => {
    const rows = doc.split('\n').filter((line) => line.startsWith('|'));
    let columns = 0;
    const wrong: string[] = [];
    for (const [i, row] of rows.entries()) {
      if (i + 1 < rows.length && /^\|\s*-/.test(rows[i + 1]!))
        columns = cells(row).length; // a header
      else if (cells(row).length !== columns) wrong.push(row);
    }
    expect(wrong).toEqual([]);
  });

  it("should show res.redirect('back')'s replacement whole, and the replacement should work", async () => {
    const row = doc.split('\n').find((line) => line.startsWith("| `res.redirect('back')`"));
    expect(row).toBeDefined();
    const fix = cells(row!)[2]!;
    expect(fix).toBe("`res.redirect(req.get('Referrer') || '/')`");
    const app = webfw();
    app.get('/back', new Function('req', 'res', fix.slice(1, -1)) as Parameters<typeof app.get>[1]);
    await request(app).get('/back').set('Referer', '/from').expect('Location', '/from').expect(302);
    await request(app).get('/back').expect('Location', '/').expect(302);
  });
});

describe("docs/router.md's router without a framework", () => {
  it("should answer as express's final handler: a malformed path 400 with the decoding error, no route 404, a route its answer", async () => {
    const dir = project('router');
    const server = await startBlock(dir, 'server.js', docBlock('docs/router.md', 'standalone'));
    running.push(server);
    expect(await get(server.port, '/files/a/b.txt')).toEqual({ status: 200, body: 'a/b.txt' });
    expect(await get(server.port, '/files/%E0%A4%A')).toEqual({ status: 400, body: "Failed to decode param '%E0%A4%A'" });
    expect(await get(server.port, '/nope')).toEqual({ status: 404, body: 'Cannot GET /nope' });
  });
});
