/**
 * arethetypeswrong (`attw --pack`) on every package as it would be published, every entry
 * (`.` and `./v4`...) included: the types each resolution finds (node16 from CommonJS, node16
 * from ES modules, bundlers) must match the JavaScript it loads, `require()`'s callable export
 * included. The `node16` profile leaves out `node10` resolution, which has no `exports` and so
 * cannot reach subpath entries at all. Needs the packages built (`npm test` builds them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './projects';

jest.setTimeout(120_000);

const PACKAGES = ['logger', 'body-parser', 'router', 'static', 'core'];

describe('arethetypeswrong', () => {
  it.each(PACKAGES)('should find no problem in @webfw/%s', (name) => {
    const dir = join(root, 'packages', name);
    if (!existsSync(join(dir, 'dist', 'index.d.cts'))) throw new Error(`packages/${name}/dist is missing: run \`npm run setup\` first`);
    const attw = join(root, 'node_modules', '.bin', 'attw');
    const result = spawnSync(attw, ['--pack', dir, '--profile', 'node16', '--format', 'ascii', '--no-color'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false', npm_config_loglevel: 'error' },
    });
    // attw exits 1 on any problem its profile counts
    if (result.status !== 0) throw new Error(`attw --pack packages/${name} reported problems:\n${result.stdout}${result.stderr}`);
    expect(result.stdout).toContain(`@webfw/${name}`);
  });
});
