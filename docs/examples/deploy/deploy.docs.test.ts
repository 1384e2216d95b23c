/**
 * docs/deploy.md shows the nginx configuration the deploy test runs: the two stay the same file.
 * Its envsubst command, run as written, fills in the placeholders and keeps nginx's variables
 * (envsubst is installed from Debian's gettext-base when missing).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePrograms } from './debian-packages';

it('should show in docs/deploy.md exactly the nginx.conf the deploy test runs', () => {
  const guide = readFileSync(join(__dirname, '..', '..', 'deploy.md'), 'utf8');
  const shown = /^```nginx\n([^]*?)^```$/m.exec(guide);
  expect(shown?.[1]).toBe(readFileSync(join(__dirname, 'nginx.conf'), 'utf8'));
});

/** The shell block after `<!-- run: <name> -->` in docs/deploy.md, as written. */
function runBlock(name: string): string {
  const guide = readFileSync(join(__dirname, '..', '..', 'deploy.md'), 'utf8');
  const block = new RegExp(`^<!-- run: ${name} -->\\n\`\`\`sh\\n([^]*?)^\`\`\`$`, 'm').exec(guide)?.[1];
  if (block === undefined) throw new Error(`docs/deploy.md has no block marked <!-- run: ${name} -->`);
  return block;
}

describe("docs/deploy.md's envsubst command", () => {
  const conf = readFileSync(join(__dirname, 'nginx.conf'), 'utf8');
  let dir: string;
  beforeAll(() => {
    ensurePrograms([{ program: 'envsubst', pkg: 'gettext-base' }]);
    dir = mkdtempSync(join(tmpdir(), 'webfw-envsubst-'));
    writeFileSync(join(dir, 'nginx.conf'), conf);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("should fill in every placeholder and keep nginx's own variables, run as written", () => {
    const run = spawnSync('sh', ['-e', '-c', runBlock('envsubst')], { cwd: dir, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const out = readFileSync(join(dir, 'webfw-demo.conf'), 'utf8');
    expect(out).not.toMatch(/\$\{[A-Z_]+\}/);
    expect(out).toContain('    server 10.0.0.1:3000 max_fails=1 fail_timeout=10s; server 10.0.0.2:3000 max_fails=1 fail_timeout=10s;\n');
    expect(out).toContain('    listen 80;\n    listen 443 ssl;\n');
    expect(out).toContain('    ssl_certificate_key /etc/ssl/private/example.com.key;\n');
    // nginx's variables, as written in nginx.conf (a plain `envsubst` empties each of them)
    const nginxVariables = [...new Set(conf.match(/\$[a-z_]+/g))];
    expect(nginxVariables).toEqual(['$host', '$proxy_add_x_forwarded_for', '$scheme', '$upstream_addr']);
    // every line without a placeholder comes out as it is (those with nginx's variables too)
    const lines = out.split('\n');
    expect(lines.length).toBe(conf.split('\n').length);
    conf.split('\n').forEach((line, i) => {
      if (!/\$\{[A-Z_]+\}/.test(line)) expect(lines[i]).toBe(line);
    });
    for (const variable of nginxVariables) expect(out).toContain(variable);
  });

  it('should name exactly the placeholders nginx.conf has', () => {
    const placeholders = [...new Set([...conf.matchAll(/\$\{([A-Z_]+)\}/g)].map((m) => `$${m[1]}`))].sort();
    const named = /envsubst '([^']*)'/.exec(runBlock('envsubst'))?.[1]?.split(' ').sort();
    expect(named).toEqual(placeholders);
  });

  it('should show why: a plain envsubst empties $host', () => {
    const plain = spawnSync('envsubst', { input: 'proxy_set_header Host $host;\n', encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(plain.stdout).toBe('proxy_set_header Host ;\n');
  });
});
