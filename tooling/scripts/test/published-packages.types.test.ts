/**
 * The packages as published: `pnpm pack` of every package under packages/ (after setup built
 * dist/), then a strict TypeScript user project in a temp dir whose node_modules holds ONLY
 * the packed @webfw packages and exactly the dependencies they declare (symlinked from the
 * workspace's pnpm store, so anything a package uses without declaring it is missing there),
 * plus the user's own @types/node (an optional peer of every package).
 * That project compiles with `strict: true, skipLibCheck: false, module: nodenext`, as ES
 * module and as CommonJS, with the workspace's TypeScript, and the compiled files run.
 * No network: pnpm packs from the working tree, and it is the pinned pnpm already in use.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(180_000);

const root = join(__dirname, '..', '..', '..');
const names = ['logger', 'body-parser', 'router', 'static', 'core'];
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { packageManager: string };

interface Manifest {
  name: string;
  version: string;
  files?: string[];
  main?: string;
  module?: string;
  types?: string;
  exports?: unknown;
  license?: string;
  repository?: { type?: string; url?: string; directory?: string };
  bugs?: { url?: string };
  homepage?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

interface Packed {
  dir: string;
  /** Every file path in the tarball, relative to the package root. */
  entries: string[];
  /** package.json as packed (workspace: ranges replaced). */
  manifest: Manifest;
}

let work: string;
let consumer: string;
const packed = new Map<string, Packed>();

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env, encoding: 'utf8', shell: false });
}

/** The pinned pnpm, as setup.mjs runs it: from PATH when that version is there, else through npx. */
function pnpm(args: string[], cwd: string): SpawnSyncReturns<string> {
  const env = { ...process.env, npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false', npm_config_loglevel: 'error' };
  const version = rootManifest.packageManager.split('@')[1]!;
  const global = run('pnpm', ['--version'], cwd, env);
  if (global.status === 0 && global.stdout.trim() === version) return run('pnpm', args, cwd, env);
  return run('npx', ['-y', rootManifest.packageManager, ...args], cwd, env);
}

/** Every path an `exports` map points to. */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(exportTargets);
  return [];
}

/** Symlinks `target` at `link`, creating parent directories. */
function link(target: string, linkPath: string): void {
  mkdirSync(join(linkPath, '..'), { recursive: true });
  symlinkSync(target, linkPath, 'dir');
}

beforeAll(() => {
  for (const name of names) {
    if (!existsSync(join(root, 'packages', name, 'dist', 'index.d.ts'))) {
      throw new Error(`packages/${name}/dist is missing: run \`npm run setup\` (npm test does) before this test`);
    }
  }
  work = mkdtempSync(join(tmpdir(), 'webfw-packed-'));
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  const pack = pnpm(['-r', '--filter', './packages/*', 'pack', '--pack-destination', tarballs], root);
  if (pack.status !== 0) throw new Error(`pnpm pack failed:\n${pack.stdout}\n${pack.stderr}`);

  consumer = join(work, 'consumer');
  const modules = join(consumer, 'node_modules');
  for (const file of readdirSync(tarballs).filter((f) => f.endsWith('.tgz'))) {
    const list = run('tar', ['-tzf', join(tarballs, file)], work);
    if (list.status !== 0) throw new Error(list.stderr);
    const entries = list.stdout
      .split('\n')
      .filter(Boolean)
      .map((p) => p.replace(/^package\//, ''));
    const unpacked = join(work, 'unpacked', file);
    mkdirSync(unpacked, { recursive: true });
    const untar = run('tar', ['-xzf', join(tarballs, file), '-C', unpacked], work);
    if (untar.status !== 0) throw new Error(untar.stderr);
    const manifest = JSON.parse(readFileSync(join(unpacked, 'package', 'package.json'), 'utf8')) as Manifest;
    // Moved into place (not linked): node resolves a package's own imports from its real path.
    const dir = join(modules, ...manifest.name.split('/'));
    mkdirSync(join(dir, '..'), { recursive: true });
    renameSync(join(unpacked, 'package'), dir);
    packed.set(manifest.name, { dir, entries, manifest });
  }

  // Each declared dependency, resolved as the workspace resolved it for that package; hoisted to
  // the top unless two packages resolve it differently (then nested, as npm would).
  const hoisted = new Map<string, string>();
  for (const { manifest, dir } of packed.values()) {
    const workspaceDir = join(root, 'packages', manifest.name.replace('@webfw/', ''));
    for (const dep of Object.keys(manifest.dependencies ?? {})) {
      if (packed.has(dep)) continue;
      const resolved = realpathSync(join(workspaceDir, 'node_modules', dep));
      const top = hoisted.get(dep);
      if (top === undefined) {
        hoisted.set(dep, resolved);
        link(resolved, join(modules, ...dep.split('/')));
      } else if (top !== resolved) {
        link(resolved, join(dir, 'node_modules', ...dep.split('/')));
      }
    }
  }
  // The user's own @types/node, as every node TypeScript project has it: the packages name it as
  // an optional peer dependency rather than installing it with each (docs/releasing.md, footprint).
  link(realpathSync(join(root, 'node_modules', '@types', 'node')), join(modules, '@types', 'node'));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('published packages: tarball contents', () => {
  it('should pack every package', () => {
    expect([...packed.keys()].sort()).toEqual(names.map((n) => `@webfw/${n}`).sort());
  });

  it.each(names)('@webfw/%s should carry the MIT LICENSE, and every file it names in `files`', (name) => {
    const { entries, manifest } = packed.get(`@webfw/${name}`)!;
    expect(entries).toContain('LICENSE');
    expect(readFileSync(join(packed.get(`@webfw/${name}`)!.dir, 'LICENSE'), 'utf8')).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'));
    expect(manifest.files?.length).toBeGreaterThan(0);
    for (const entry of manifest.files!) {
      // changesets writes CHANGELOG.md with the first release (`changeset version`); until then
      // the package stands at a prerelease (`1.0.0-0`) and has none
      if (entry === 'CHANGELOG.md' && manifest.version.includes('-')) continue;
      const clean = entry.replace(/^\.\//, '').replace(/\/$/, '');
      const present = entries.some((p) => p === clean || p.startsWith(clean + '/'));
      if (!present) throw new Error(`${manifest.name}: "files" names ${entry}, which is not in the tarball`);
    }
  });

  it.each(names)('@webfw/%s should carry every file its main, module, types and exports point to', (name) => {
    const { entries, manifest } = packed.get(`@webfw/${name}`)!;
    const targets = [manifest.main, manifest.module, manifest.types, ...exportTargets(manifest.exports)].filter((t): t is string => !!t);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      const file = target.replace(/^\.\//, '');
      // a subpath pattern (`./instrumentation/*`) must match at least one file of the tarball
      if (file.includes('*')) expect(entries.filter((entry) => entry.startsWith(file.slice(0, file.indexOf('*'))))).not.toEqual([]);
      else expect(entries).toContain(file);
    }
  });

  it.each(names)('@webfw/%s should name its license, its folder of the repository and where bugs go', (name) => {
    const { manifest } = packed.get(`@webfw/${name}`)!;
    const repository = 'git+https://github.com/webfw/webfw.git';
    expect([manifest.license, manifest.repository, manifest.bugs]).toEqual([
      'MIT',
      { type: 'git', url: repository, directory: `packages/${name}` },
      { url: 'https://github.com/webfw/webfw/issues' },
    ]);
    expect(manifest.homepage).toBe(`https://github.com/webfw/webfw/tree/main/packages/${name}#readme`);
  });

  it.each(names)('@webfw/%s should declare only published version ranges (no workspace: protocol)', (name) => {
    const { manifest } = packed.get(`@webfw/${name}`)!;
    for (const range of Object.values({ ...manifest.dependencies, ...manifest.peerDependencies })) expect(range).not.toMatch(/^workspace:/);
  });
});

describe('published packages: a strict TypeScript user', () => {
  const ESM = `import webfw, { Router, json, urlencoded, serveStatic, type Request, type Response, type NextFunction } from '@webfw/core';
import logger, { token, type LoggerOptions } from '@webfw/logger';
import bodyParser, { text, type JsonOptions } from '@webfw/body-parser';
import StandaloneRouter from '@webfw/router';
import standaloneStatic, { type ServeStaticOptions } from '@webfw/static';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const jsonOptions: JsonOptions = { limit: '10kb' };
const loggerOptions: LoggerOptions = { skip: () => true };
const staticOptions: ServeStaticOptions = { maxAge: '1d' };
token('kind', () => 'esm');

const app = webfw();
app.use(logger('tiny', loggerOptions));
app.use(json(jsonOptions), urlencoded({ extended: false }), bodyParser.raw(), text());
app.use('/static', serveStatic(process.cwd(), staticOptions), standaloneStatic(process.cwd()));
const api = Router();
api.get('/users/:id', (req, res) => {
  const id: string = req.params.id;
  res.json({ id, kind: 'esm' });
});
app.use('/api', api);
app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
  res.status(500).send(err.message);
});

const bare = StandaloneRouter();
bare.get('/ping', (_req, res) => res.end('pong'));
const plain = createServer((req, res) => bare(req, res, () => res.end('none')));

const server: Server = app.listen(0, '127.0.0.1', async () => {
  const { port } = server.address() as AddressInfo;
  const body = await (await fetch('http://127.0.0.1:' + port + '/api/users/7')).text();
  server.close();
  plain.close();
  process.stdout.write(body);
});
`;
  const CJS = `import webfw, { Router, json } from '@webfw/core';
import logger from '@webfw/logger';
import bodyParser from '@webfw/body-parser';
import StandaloneRouter from '@webfw/router';
import serveStatic from '@webfw/static';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const app = webfw();
app.use(logger('dev', { skip: () => true }));
app.use(json(), bodyParser.text());
app.use(serveStatic(__dirname));
const api = Router();
api.get('/users/:id', (req, res) => {
  const id: string = req.params.id;
  res.json({ id, kind: 'cjs' });
});
app.use('/api', api);
const standalone: unknown = StandaloneRouter();
void standalone;

const server: Server = app.listen(0, '127.0.0.1', async () => {
  const { port } = server.address() as AddressInfo;
  const body = await (await fetch('http://127.0.0.1:' + port + '/api/users/8')).text();
  server.close();
  process.stdout.write(body);
});
`;

  let compile: SpawnSyncReturns<string>;
  beforeAll(() => {
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'strict-consumer', private: true }) + '\n');
    writeFileSync(join(consumer, 'esm.mts'), ESM);
    writeFileSync(join(consumer, 'cjs.cts'), CJS);
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022'],
          typeRoots: ['./node_modules/@types'],
          outDir: 'out',
          noEmitOnError: true,
        },
        files: ['esm.mts', 'cjs.cts'],
      }),
    );
    compile = run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], consumer);
  });

  it('should find only the packed packages and their declared dependencies in node_modules', () => {
    const top = readdirSync(join(consumer, 'node_modules')).flatMap((n) =>
      n.startsWith('@') ? readdirSync(join(consumer, 'node_modules', n)).map((m) => `${n}/${m}`) : [n],
    );
    const declared = new Set<string>([...packed.keys(), '@types/node']);
    for (const { manifest } of packed.values()) for (const dep of Object.keys(manifest.dependencies ?? {})) declared.add(dep);
    expect(top.sort()).toEqual([...declared].sort());
  });

  it('should compile an ES module and a CommonJS file importing every package with strict and skipLibCheck false', () => {
    expect(compile.stdout + compile.stderr).toBe('');
    expect(compile.status).toBe(0);
  });

  it('should run the compiled ES module', () => {
    const result = run(process.execPath, [join(consumer, 'out', 'esm.mjs')], consumer);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('{"id":"7","kind":"esm"}');
  });

  it('should run the compiled CommonJS file', () => {
    const result = run(process.execPath, [join(consumer, 'out', 'cjs.cjs')], consumer);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('{"id":"8","kind":"cjs"}');
  });
});
