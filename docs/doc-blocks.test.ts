/**
 * The code blocks of README.md, packages/<name>/README.md and docs/*.md, run as written (the
 * conventions: doc-blocks.ts).
 *
 * - Every block with a language is marked `<!-- run: <name> -->` or `<!-- partial -->`, and
 *   every `run` block is run: here, or by the test named in RUN_ELSEWHERE.
 * - The servers and scripts run in one node process on the built packages, each asked over
 *   HTTP (HTTP/2 and HTTPS for docs/http2.md's app, on the certificate its openssl command
 *   makes). Their working directory holds what the blocks expect to find beside them: `public/`,
 *   `dist/assets/`, `views/index.ejs`.
 * - The TypeScript blocks compile in one tsc program (strict, nodenext, skipLibCheck off);
 *   docs/typescript.md's typed app as an ES module and as CommonJS.
 * - docs/migrating.md's tables are read cell by cell (the `||` of the `res.redirect('back')` fix
 *   must not split its cell), that fix run in an app.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import { basename, dirname, join } from 'node:path';
import request from 'supertest';
import ts from 'typescript';
import webfw from '@webfw/core';
import { typeCheck } from '@webfw/test-support/type-check';
import { ensurePrograms } from './examples/deploy/debian-packages';
import { docBlock, fencedBlocks, root, runBlocks, scratchProject, type BlockToRun, type RunningBlocks } from './doc-blocks';

jest.setTimeout(60_000);

/** The Markdown files whose blocks are classified: the READMEs and docs/ (docs/observability.md's run blocks: tooling/observability's tests). */
const MARKDOWN = [
  'README.md',
  ...readdirSync(join(root, 'packages'))
    .map((name) => `packages/${name}/README.md`)
    .filter((file) => existsSync(join(root, file))),
  ...readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];

/** `run` blocks another test runs (`<file>#<name>`), and that test. */
const RUN_ELSEWHERE: Record<string, string> = {
  'README.md#install-tarballs': 'tooling/release/rehearsal.test.ts',
  'docs/releasing.md#release-steps': 'tooling/release/rehearsal.test.ts',
  'docs/deploy.md#nginx-conf': 'docs/examples/deploy/deploy.docs.test.ts',
  'docs/deploy.md#envsubst': 'docs/examples/deploy/deploy.docs.test.ts',
  'docs/reliability.md#behind-proxy': 'tooling/reliability/test/reliability.docs.test.ts',
  'docs/reliability.md#facing-network': 'tooling/reliability/test/reliability.docs.test.ts',
  'docs/observability.md#channel-subscriber': 'tooling/observability/router-channel.docs.test.ts',
  'docs/observability.md#otel-patch-cjs': 'tooling/observability/channel.test.ts',
  'docs/observability.md#otel-channel-cjs': 'tooling/observability/channel.test.ts',
  'docs/observability.md#otel-channel-esm': 'tooling/observability/channel.test.ts',
  'docs/observability.md#otel-hook-esm': 'tooling/observability/channel.test.ts',
  'docs/observability.md#otel-channel-runtimes': 'tooling/observability/channel.runtimes.test.ts',
  'docs/observability.md#dd-trace-esm': 'tooling/observability/dd-trace-esm.test.ts',
  'docs/observability.md#sentry-cjs': 'tooling/observability/sentry.test.ts',
  'docs/observability.md#sentry-app-cjs': 'tooling/observability/sentry.test.ts',
  'docs/observability.md#sentry-esm': 'tooling/observability/sentry.test.ts',
  'docs/observability.md#sentry-app-esm': 'tooling/observability/sentry.test.ts',
};

/** The servers and scripts run here, in one process: `<file>#<name>`, and whether it listens. */
const PROGRAMS: [id: string, listens: boolean][] = [
  ['README.md#app', true],
  ['README.md#express-app', true],
  ['README.md#logger-alone', true],
  ['packages/logger/README.md#quick-start', true],
  ['packages/body-parser/README.md#quick-start', true],
  ['packages/router/README.md#quick-start', true],
  ['packages/router/README.md#tracing-subscriber', false],
  ['packages/router/README.md#v4-require', false],
  ['packages/static/README.md#quick-start', true],
  ['packages/core/README.md#quick-start', true],
  ['packages/core/README.md#v4-app', true],
  ['packages/core/README.md#v3-app', true],
  ['docs/body-parser.md#node-http', true],
  ['docs/core-response.md#intro', true],
  ['docs/guide.md#app', true],
  ['docs/http2.md#tls-app', true],
  ['docs/migrating.md#express5-app', true],
  ['docs/migrating.md#v3', true],
  ['docs/migrating.md#v4-requires', false],
  ['docs/router.md#standalone', true],
  ['docs/static.md#app', true],
  ['docs/static.md#node-http', true],
];

/** The TypeScript blocks compiled here. */
const TYPESCRIPT = [
  'packages/logger/README.md#imports',
  'packages/body-parser/README.md#imports',
  'packages/body-parser/README.md#v4-imports',
  'packages/router/README.md#imports',
  'packages/router/README.md#parse-url',
  'packages/router/README.md#error-handler',
  'packages/router/README.md#v4-imports',
  'packages/static/README.md#imports',
  'packages/static/README.md#v4-imports',
  'docs/typescript.md#typed-app',
];

/** Shell blocks run here (in the programs' directory, before them). */
const SHELL = ['docs/http2.md#self-signed'];

const split = (id: string): [file: string, name: string] => id.split('#') as [string, string];
const block = (id: string): string => docBlock(...split(id));
/** A file name for a block: `docs-static-app.js`, `.mjs` for an ES module. */
const fileFor = (id: string, ext: string): string => `${id.replace(/\.md#/, '-').replace(/[/.]/g, '-')}${ext}`;

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function project(prefix: string, extra: string[] = []): string {
  const dir = scratchProject(prefix, extra);
  made.push(dir);
  return dir;
}

describe('the code blocks of the README, the package READMEs and docs/', () => {
  const blocks = MARKDOWN.flatMap((file) => fencedBlocks(file).map((b) => ({ file, ...b })));

  it('should each be marked <!-- run: name --> or <!-- partial --> when they have a language', () => {
    const unmarked = blocks.filter((b) => b.lang !== '' && b.marker === undefined).map((b) => `${b.file}:${b.line} (${b.lang})`);
    if (unmarked.length > 0) {
      throw new Error(
        `code blocks without a marker: put <!-- run: <name> --> before each (and run it in docs/doc-blocks.test.ts) or <!-- partial --> (see docs/doc-blocks.ts):\n${unmarked.join('\n')}`,
      );
    }
  });

  it('should each be run by a test when marked run, and the names should be unique in their file', () => {
    const marked = blocks.flatMap((b) => (b.marker?.kind === 'run' ? [`${b.file}#${b.marker.name}`] : []));
    expect(marked.filter((id, i) => marked.indexOf(id) !== i)).toEqual([]);
    const runHere = [...PROGRAMS.map(([id]) => id), ...TYPESCRIPT, ...SHELL];
    expect([...marked].sort()).toEqual([...runHere, ...Object.keys(RUN_ELSEWHERE)].sort());
  });

  it('should parse when they are JavaScript or TypeScript, the partial ones too', () => {
    const wrong = blocks
      .filter((b) => /^(js|ts)$/.test(b.lang))
      .flatMap((b) => {
        const { diagnostics = [] } = ts.transpileModule(b.source, { reportDiagnostics: true, fileName: `block.${b.lang}` });
        return diagnostics.map((d) => `${b.file}:${b.line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
      });
    expect(wrong).toEqual([]);
  });

  it.each(Object.entries(RUN_ELSEWHERE))('%s should be run by %s', (id, test) => {
    const [file, name] = split(id);
    const source = readFileSync(join(root, test), 'utf8');
    expect(source.includes(`run: ${name}`) || source.includes(`'${name}'`) || source.includes(basename(file))).toBe(true);
  });
});

/** GET (or another method) to a block's server; the status, the headers asked for and the body. */
async function ask(port: number, path: string, init: RequestInit = {}): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual', ...init });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

const json = (body: string): RequestInit => ({ method: 'POST', body, headers: { 'content-type': 'application/json' } });

describe('the servers and scripts of the docs, in one process', () => {
  let dir: string;
  let running: RunningBlocks;
  const port = (id: string) => running.port(id);

  beforeAll(async () => {
    dir = project('programs', ['ejs']);
    const files: Record<string, string> = {
      'public/index.html': '<h1>index</h1>\n',
      'public/hello.txt': 'hello from public\n',
      'public/about.html': '<h1>about</h1>\n',
      'public/docs/index.html': '<h1>docs</h1>\n',
      'dist/assets/app.js': 'console.log(1);\n',
      'views/index.ejs': '<p>hello <%= ip %></p>\n',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    ensurePrograms([{ program: 'openssl', pkg: 'openssl' }]);
    for (const id of SHELL) {
      const run = spawnSync('bash', ['-e', '-c', block(id)], { cwd: dir, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`${id} failed (${run.status}):\n${run.stdout}${run.stderr}`);
    }
    const toRun: BlockToRun[] = PROGRAMS.map(([id]) => {
      const source = block(id);
      return { name: id, file: fileFor(id, /^(import|export) /m.test(source) ? '.mjs' : '.js'), source };
    });
    running = await runBlocks(
      dir,
      toRun,
      PROGRAMS.filter(([, listens]) => listens).map(([id]) => id),
    );
  });

  afterAll(async () => {
    await running?.stop();
  });

  it.each(PROGRAMS.filter(([, listens]) => !listens).map(([id]) => id))('%s should run', (id) => {
    expect(running.error(id)).toBeUndefined();
  });

  // the programs whose answers are all there is to check (the 3.x apps run where app.router is;
  // the router alone answers as express's final handler)
  it.each<[id: string, path: string, status: number, body: string]>([
    ['README.md#app', '/user/7', 200, '{"id":"7"}'],
    ['packages/router/README.md#quick-start', '/users/7', 200, 'user 7'],
    ['packages/router/README.md#quick-start', '/nope', 404, 'Not Found'],
    ['packages/static/README.md#quick-start', '/', 200, '<h1>index</h1>\n'],
    ['packages/static/README.md#quick-start', '/hello.txt', 200, 'hello from public\n'],
    ['packages/static/README.md#quick-start', '/nope.txt', 404, 'Not found'],
    ['packages/core/README.md#v4-app', '/users', 200, 'all'],
    ['packages/core/README.md#v4-app', '/users/3', 200, '3'],
    ['packages/core/README.md#v3-app', '/posts/7', 200, 'Blog: post 7'],
    ['docs/migrating.md#v3', '/', 200, 'hello from an express 3 app'],
    ['docs/migrating.md#v3', '/nope', 404, 'no such page'],
    ['docs/router.md#standalone', '/files/a/b.txt', 200, 'a/b.txt'],
    ['docs/router.md#standalone', '/files/%E0%A4%A', 400, "Failed to decode param '%E0%A4%A'"],
    ['docs/router.md#standalone', '/nope', 404, 'Cannot GET /nope'],
    ['docs/static.md#node-http', '/hello.txt', 200, 'hello from public\n'],
    ['docs/static.md#node-http', '/nope.txt', 404, 'Not found'],
  ])('%s should answer GET %s with %i %j', async (id, path, status, body) => {
    expect(await ask(port(id), path)).toMatchObject({ status, body });
  });

  it("README.md's express app should answer its route and serve public/, logging each request", async () => {
    const id = 'README.md#express-app';
    expect(await ask(port(id), '/user/7')).toMatchObject({ status: 200, body: '{"id":"7"}' });
    expect(await ask(port(id), '/hello.txt')).toMatchObject({ status: 200, body: 'hello from public\n' });
    await running.printed(/GET \/user\/7 \S*200/);
  });

  it("README.md's logger on bare node:http should answer and log", async () => {
    expect(await ask(port('README.md#logger-alone'), '/logger-alone')).toMatchObject({ status: 200, body: 'hello' });
    await running.printed(/GET \/logger-alone \S*200/);
  });

  it("the logger's quick start should write a combined line per request", async () => {
    expect(await ask(port('packages/logger/README.md#quick-start'), '/combined', { headers: { 'user-agent': 'docs-test' } })).toMatchObject({
      status: 200,
      body: 'hello',
    });
    await running.printed(/^127\.0\.0\.1 - - \[[^\]]+\] "GET \/combined HTTP\/1\.1" 200 - "-" "docs-test"$/m);
  });

  it("the body parser's quick start should echo JSON and answer a malformed body with its 400", async () => {
    const id = 'packages/body-parser/README.md#quick-start';
    expect(await ask(port(id), '/', json('{"a":[1,2]}'))).toMatchObject({ status: 200, body: '{"a":[1,2]}' });
    expect(await ask(port(id), '/')).toMatchObject({ status: 200, body: 'null' });
    const bad = await ask(port(id), '/', json('{bad'));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/JSON/);
  });

  it("the core's quick start should answer its route and print its URL", async () => {
    expect(await ask(port('packages/core/README.md#quick-start'), '/users/7')).toMatchObject({ status: 200, body: '{"id":"7"}' });
    expect(running.output()).toContain('http://localhost:3000\n');
  });

  it("docs/body-parser.md's server should greet by the JSON body's name, and refuse a body over its limit", async () => {
    const id = 'docs/body-parser.md#node-http';
    expect(await ask(port(id), '/', json('{"name":"ann"}'))).toMatchObject({ status: 200, body: 'hello ann' });
    expect(await ask(port(id), '/')).toMatchObject({ status: 200, body: 'hello stranger' });
    expect(await ask(port(id), '/', json(JSON.stringify({ name: 'x'.repeat(20_000) })))).toMatchObject({ status: 413, body: 'request entity too large' });
  });

  it("docs/core-response.md's first app should answer with its header and JSON", async () => {
    const res = await ask(port('docs/core-response.md#intro'), '/users/7');
    expect(res).toMatchObject({ status: 200, body: '{"id":"7"}' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("docs/guide.md's app should render its view with the client's address (trusting the loopback proxy)", async () => {
    const id = 'docs/guide.md#app';
    expect(await ask(port(id), '/')).toMatchObject({ status: 200, body: '<p>hello 127.0.0.1</p>\n' });
    expect(await ask(port(id), '/', { headers: { 'x-forwarded-for': '203.0.113.9' } })).toMatchObject({ status: 200, body: '<p>hello 203.0.113.9</p>\n' });
  });

  it("docs/http2.md's app should answer HTTP/2 and HTTP/1.1 over TLS on one port, with the certificate its openssl command made", async () => {
    const p = port('docs/http2.md#tls-app');
    expect(running.output()).toContain(`https://localhost:${p}\n`);
    const ca = readFileSync(join(dir, 'cert.pem')); // its subjectAltName names 127.0.0.1 too
    const session = http2.connect(`https://127.0.0.1:${p}`, { ca });
    const h2 = await new Promise<string>((resolve, reject) => {
      const req = session.request({ ':path': '/' });
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => resolve(body));
      req.on('error', reject);
    });
    session.close();
    expect(h2).toBe('{"httpVersion":"2.0","protocol":"https"}');
    const h1 = await new Promise<string>((resolve, reject) => {
      const req = https.get({ host: '127.0.0.1', port: p, path: '/', ca }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
    });
    expect(h1).toBe('{"httpVersion":"1.1","protocol":"https"}');
  });

  it("docs/migrating.md's express 5 app should answer its route and log it in the combined format", async () => {
    expect(await ask(port('docs/migrating.md#express5-app'), '/users/42')).toMatchObject({ status: 200, body: '{"id":"42"}' });
    await running.printed(/"GET \/users\/42 HTTP\/1\.1" 200 11 /);
  });

  it("docs/static.md's app should serve hashed assets for a year, 404 a missing one, pages by extension, and redirect a folder", async () => {
    const id = 'docs/static.md#app';
    const asset = await ask(port(id), '/assets/app.js');
    expect(asset).toMatchObject({ status: 200, body: 'console.log(1);\n' });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await ask(port(id), '/assets/missing.js')).status).toBe(404);
    expect(await ask(port(id), '/about')).toMatchObject({ status: 200, body: '<h1>about</h1>\n' });
    const folder = await ask(port(id), '/docs');
    expect([folder.status, folder.headers.get('location')]).toEqual([301, '/docs/']);
    expect(await ask(port(id), '/docs/')).toMatchObject({ status: 200, body: '<h1>docs</h1>\n' });
  });
});

describe('the TypeScript blocks of the docs', () => {
  it('should compile (strict, noUncheckedIndexedAccess, nodenext, skipLibCheck off); the typed app as an ES module and as CommonJS', () => {
    const dir = project('ts');
    symlinkSync(join(root, 'node_modules', '@types'), join(dir, 'node_modules', '@types'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true }));
    // one tsc run: each block an ES module (.mts), the typed app also CommonJS (.cts)
    const sources = TYPESCRIPT.map((id) => [fileFor(id, '.mts'), block(id)] as const);
    sources.push([fileFor('docs/typescript.md#typed-app', '.cts'), block('docs/typescript.md#typed-app')]);
    for (const [file, source] of sources) writeFileSync(join(dir, file), source);
    expect(
      typeCheck(
        dir,
        {},
        sources.map(([file]) => file),
      ),
    ).toMatchObject({ output: '', status: 0 });
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
