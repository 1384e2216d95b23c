/**
 * The ES module namespace of `@webfw/core` and `@webfw/core/v4` against express's:
 * every name `import * as express from 'express'` gives in node (express's CommonJS named
 * exports, read by node's cjs-module-lexer) is there on the webfw entry, the same kind of
 * value: its typeof, the same outcome when called and constructed (a factory makes its
 * middleware, `Route` needs `new`), and the default export's member of that name.
 * `import { static as serveStatic }` links on each entry. express 5.3 is the reference of
 * `@webfw/core`; express 4.22 of `@webfw/core/v4` and of `@webfw/core/v3` (express 3 is the
 * 4.x entry with its own additions). webfw's extra names are allowed.
 *
 * The names are not listed here: esm-namespace/probe.mjs imports the installed express 5 and
 * 4 and the packages as npm installs them (./installed-layout.ts) in one node ES module
 * process. About a second.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installPackage, PACKAGES } from '@webfw/test-support/installed-layout';

const root = join(__dirname, '..', '..');

interface Described {
  kind: string;
  member: boolean;
  call?: string;
  construct?: string;
}
interface Probe {
  namespaces: Record<string, { exports: Record<string, Described>; requireIsDefault: boolean }>;
  statics: Record<string, { kind: string; member: boolean }>;
}

const ENTRIES: Array<[webfw: string, reference: string]> = [
  ['@webfw/core', 'express'],
  ['@webfw/core/v4', 'express-v4'],
  ['@webfw/core/v3', 'express-v4'],
];

let probe: Probe;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'webfw-esm-namespace-'));
  try {
    const nodeModules = join(dir, 'node_modules');
    for (const name of PACKAGES) installPackage(name, nodeModules);
    // the references: express 5 (a root devDependency) and express 4 (core's `express-v4`), and
    // the /v4 entries' optional peer send 0.19 (installed by the app that uses them)
    symlinkSync(realpathSync(join(root, 'node_modules', 'express')), join(nodeModules, 'express'), 'dir');
    for (const name of ['express-v4', 'send-v0'])
      symlinkSync(realpathSync(join(root, 'packages', 'core', 'node_modules', name)), join(nodeModules, name), 'dir');
    copyFileSync(join(__dirname, 'esm-namespace', 'probe.mjs'), join(dir, 'probe.mjs'));
    const specifiers = [...new Set(ENTRIES.flat())];
    const run = spawnSync(process.execPath, ['probe.mjs', ...specifiers], { cwd: dir, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`probe.mjs exited ${run.status}:\n${run.stdout}${run.stderr}`);
    probe = JSON.parse(run.stdout) as Probe;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);

describe.each(ENTRIES)('import * as ns from %s', (webfw, reference) => {
  it(`should have every name of ${reference}'s namespace, the same kind of value`, () => {
    const expected = probe.namespaces[reference]!.exports;
    const actual = probe.namespaces[webfw]!.exports;
    // read from express itself: it has these at least (the comparison is not vacuous)
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['default', 'static', 'json', 'Router', 'application']));
    for (const name of Object.keys(expected)) expect({ name, ...actual[name] }).toEqual({ name, ...expected[name] });
  });

  it('should be the module require() returns', () => {
    expect(probe.namespaces[reference]!.requireIsDefault).toBe(true);
    expect(probe.namespaces[webfw]!.requireIsDefault).toBe(true);
  });

  it(`should give the named import static as ${reference} does: the default export's static`, () => {
    expect(probe.statics[reference]).toEqual({ kind: 'function', member: true });
    expect(probe.statics[webfw]).toEqual({ kind: 'function', member: true });
  });
});
