/**
 * A local npm registry for the release rehearsal: verdaccio 6.8.0 (the last release that runs on
 * Node 20; it needs `node-fetch` overridden to 2.7.0 there), installed on first use into
 * node_modules/.cache/verdaccio with `npm install --prefix` (never globally), saying so on the
 * test output, with yarn classic and the pinned pnpm beside it. It listens on 127.0.0.1 only and stores what is
 * published in a temp dir. `@webfw/*` is served from that storage alone (anyone may publish
 * there, no uplink); every other package is proxied from the public npm registry, so the
 * third-party dependencies (raw-body, qs, send ...) resolve. Nothing is ever published outside.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const VERDACCIO_VERSION = '6.8.0';
export const YARN_VERSION = '1.22.22';
/** The repository's pinned pnpm (`packageManager`): `changeset publish` runs `pnpm publish` from PATH. */
export const PNPM_VERSION = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { packageManager: string }).packageManager.split(
  '@',
)[1]!;

const root = join(__dirname, '..', '..');
export const cache = join(root, 'node_modules', '.cache', 'verdaccio');

function installedVersion(name: string): string | undefined {
  const file = join(cache, 'node_modules', name, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : undefined;
}

/** Installs verdaccio, yarn and pnpm into the cache when missing; returns their entry points and the bin folder. */
export function installTools(log: (line: string) => void): { verdaccio: string; yarn: string; bin: string } {
  const tools = {
    verdaccio: join(cache, 'node_modules', 'verdaccio', 'bin', 'verdaccio'),
    yarn: join(cache, 'node_modules', 'yarn', 'bin', 'yarn.js'),
    bin: join(cache, 'node_modules', '.bin'),
  };
  const current = () =>
    installedVersion('verdaccio') === VERDACCIO_VERSION && installedVersion('yarn') === YARN_VERSION && installedVersion('pnpm') === PNPM_VERSION;
  if (current()) return tools;
  log(`release rehearsal: installing verdaccio ${VERDACCIO_VERSION}, yarn ${YARN_VERSION} and pnpm ${PNPM_VERSION} into ${cache} with npm install --prefix`);
  mkdirSync(cache, { recursive: true });
  const manifest = {
    name: 'webfw-rehearsal-tools',
    private: true,
    dependencies: { verdaccio: VERDACCIO_VERSION, yarn: YARN_VERSION, pnpm: PNPM_VERSION },
    // verdaccio 6.8.0 on Node 20: node-fetch 3 (ES module only) breaks its CommonJS require
    overrides: { 'node-fetch': '2.7.0' },
  };
  writeFileSync(join(cache, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['install', '--prefix', cache, '--no-audit', '--no-fund', '--loglevel=error'], { encoding: 'utf8' });
  if (run.status !== 0 || !current()) {
    throw new Error(`installing verdaccio, yarn and pnpm failed (exit ${run.status}): ${run.stderr || run.stdout}`);
  }
  log('release rehearsal: verdaccio, yarn and pnpm installed');
  return tools;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Registry {
  url: string;
  stop(): Promise<void>;
}

/** Starts verdaccio with its storage in `dir`; resolves once it answers /-/ping. */
export async function startRegistry(verdaccio: string, dir: string): Promise<Registry> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  mkdirSync(join(dir, 'storage'), { recursive: true });
  const config = [
    `storage: ${JSON.stringify(join(dir, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(join(dir, 'htpasswd'))}`,
    'uplinks:',
    '  npmjs:',
    '    url: https://registry.npmjs.org/',
    '    timeout: 60s',
    'packages:',
    "  '@webfw/*':",
    '    access: $all',
    '    publish: $all',
    '    unpublish: $all',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    '    proxy: npmjs',
    'server:',
    '  keepAliveTimeout: 60',
    'publish:',
    '  allow_offline: true',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
  const configFile = join(dir, 'config.yaml');
  writeFileSync(configFile, config);
  const child: ChildProcess = spawn(process.execPath, [verdaccio, '--config', configFile, '--listen', `127.0.0.1:${port}`], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}-/ping`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`verdaccio did not answer on ${url} within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
