/**
 * tooling/release/first-release-check.mjs: until a package's first publish, a change edits its
 * first-release changeset instead of adding one. Run on the repository as it is, and on small
 * copies of its .changeset/ and packages/ manifests with one thing changed.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const script = join(__dirname, 'first-release-check.mjs');
const names = readdirSync(join(root, 'packages')).sort();

/** Runs the check on `dir`: its exit status and its lines. */
function check(dir: string): { status: number | null; lines: string[] } {
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { status: run.status, lines: `${run.stdout}${run.stderr}`.trim().split('\n') };
}

let copy: string;
beforeEach(() => {
  copy = mkdtempSync(join(tmpdir(), 'webfw-first-release-'));
  cpSync(join(root, '.changeset'), join(copy, '.changeset'), { recursive: true });
  for (const name of names) {
    mkdirSync(join(copy, 'packages', name), { recursive: true });
    cpSync(join(root, 'packages', name, 'package.json'), join(copy, 'packages', name, 'package.json'));
  }
});
afterEach(() => rmSync(copy, { recursive: true, force: true }));

const changeset = (pkg: string, type: string, text: string) => `---\n'${pkg}': ${type}\n---\n\n${text}\n`;
/** Sets a package's version in the copy (`packages/<name>/package.json`). */
function setVersion(name: string, version: string): void {
  const file = join(copy, 'packages', name, 'package.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version }, null, 2) + '\n');
}

it('should pass on the repository: every unreleased package has its first-release changeset, and no other changeset names it', () => {
  expect(check(root)).toEqual({ status: 0, lines: ['first-release check: every unreleased package has its first-release changeset and no other'] });
});

it('should fail on another changeset naming an unreleased package, saying which file to edit instead', () => {
  writeFileSync(join(copy, '.changeset', 'faster-json.md'), changeset('@webfw/core', 'patch', '`res.json` is faster.'));
  expect(check(copy)).toEqual({
    status: 1,
    lines: ['first-release check: .changeset/faster-json.md names @webfw/core, which is not released yet: say it in .changeset/first-release-core.md instead'],
  });
});

it('should let a changeset name a package once it is released (its version is no longer a prerelease)', () => {
  setVersion('logger', '1.0.0');
  rmSync(join(copy, '.changeset', 'first-release-logger.md'));
  writeFileSync(join(copy, '.changeset', 'logger-fix.md'), changeset('@webfw/logger', 'patch', 'A fix.'));
  expect(check(copy).status).toBe(0);
});

it('should fail when an unreleased package has no first-release changeset, or one that names more than it', () => {
  rmSync(join(copy, '.changeset', 'first-release-static.md'));
  writeFileSync(join(copy, '.changeset', 'first-release-router.md'), `---\n'@webfw/router': major\n'@webfw/core': patch\n---\n\nFirst release.\n`);
  expect(check(copy)).toEqual({
    status: 1,
    lines: [
      'first-release check: .changeset/first-release-router.md must be pending and name @webfw/router alone, as a major (its first release, from 2.0.0-0)',
      'first-release check: .changeset/first-release-static.md must be pending and name @webfw/static alone, as a major (its first release, from 2.0.0-0)',
    ],
  });
});
