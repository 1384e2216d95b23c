/**
 * docs/observability.md's subscriber to the `express.router.request` channel, run as written in
 * the Markdown (`node --require handler-times.js`), against express 5.3 and against the built
 * @webfw/core: the same lines (times aside), naming each handler with its route.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
let dir: string;

/** The code block right after `<!-- run: <name> -->` in docs/observability.md. */
function docBlock(name: string): string {
  const doc = readFileSync(join(root, 'docs', 'observability.md'), 'utf8');
  const block = new RegExp(`<!-- run: ${name} -->\\s*\`\`\`js\\n([^]*?)^\`\`\`$`, 'm').exec(doc);
  if (!block) throw new Error(`no block marked ${name} in docs/observability.md`);
  return block[1]!;
}

/** What the app prints under the subscriber with `framework`, the times replaced by `T`. */
function run(framework: string): string[] {
  const out = execFileSync(process.execPath, ['--require', join(dir, 'handler-times.js'), join(__dirname, 'scripts', 'channel-docs-app.cjs'), framework], {
    encoding: 'utf8',
    timeout: 30000,
  });
  return out
    .trim()
    .split('\n')
    .map((l) => l.replace(/\(\d+ µs\)/, '(T µs)'));
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'webfw-channel-docs-'));
  writeFileSync(join(dir, 'handler-times.js'), docBlock('channel-subscriber'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('should print each handler with its route, as for express 5.3', () => {
  const express = run(require.resolve('express', { paths: [__dirname] }));
  const webfw = run(join(root, 'packages', 'core'));
  expect(express).toEqual([
    'GET /users/:id getUser ok (T µs)',
    'GET /api router ok (T µs)',
    'answer /api/users/1 200 {"id":"1"}',
    'GET /api router ok (T µs)',
    'GET /slow slow ok (T µs)',
    'answer /api/slow 200 slow',
    'GET /boom boom failed: boom (T µs)',
    'GET /api router ok (T µs)',
    'GET / onError ok (T µs)',
    'answer /api/boom 500 boom',
  ]);
  expect(webfw).toEqual(express);
});
