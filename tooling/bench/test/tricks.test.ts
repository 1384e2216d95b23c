/**
 * Every edit of ablation/tricks-list.mjs (the text that takes a hot-path trick out) occurs
 * exactly once in today's sources, so `node tooling/bench/ablation/tricks.mjs` still measures
 * each trick after the code moves.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

type Edit = [file: string, text: string, replacement: string];

function tricks(): Array<{ id: string; edits: Edit[] }> {
  const list = JSON.stringify(join(__dirname, '..', 'ablation', 'tricks-list.mjs'));
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', `import { TRICKS } from ${list}; console.log(JSON.stringify(TRICKS));`], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

test.each(tricks().map((t) => [t.id, t.edits] as const))('the edits taking out %s apply to the sources', (_id, edits) => {
  // edits of one file apply in turn, as tricks.mjs applies them
  const sources: Record<string, string> = {};
  for (const [file, text, replacement] of edits) {
    const source = (sources[file] ??= readFileSync(join(root, file), 'utf8'));
    expect(source.split(text).length - 1).toBe(1);
    sources[file] = source.replace(text, replacement);
  }
});
