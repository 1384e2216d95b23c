/**
 * The Bun and Deno examples run from this repository exactly as docs/runtimes.md says: the
 * commands written there (`bun docs/examples/fetch/bun.mjs`, `deno run -A
 * docs/examples/fetch/deno.mjs`), run from the repository's root on the built packages (`npm
 * run setup`), answer the demo's pages, API and static files. (Bun follows a tsconfig's
 * `paths`: the repository's own would send `@webfw/core` to the TypeScript sources, whose
 * default export a `require` does not get; docs/examples/tsconfig.json has none.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bunBinary, denoBinary } from '@webfw/test-support/runtimes';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..', '..');
const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** The command docs/runtimes.md gives for `runtime` (an inline code span starting with it and naming the example). */
function documentedCommand(runtime: 'bun' | 'deno'): string[] {
  const doc = readFileSync(join(root, 'docs', 'runtimes.md'), 'utf8');
  const found = [...doc.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).find((code) => code.startsWith(`${runtime} `) && code.includes('docs/examples/fetch/'));
  if (found === undefined) throw new Error(`docs/runtimes.md gives no command for ${runtime}`);
  return found.split(/\s+/);
}

/** Runs `command` (its first word replaced by the runtime's binary) from the repository root until it listens; the answers to `paths`. */
async function answersOf(binary: string, command: string[], paths: string[]): Promise<number[]> {
  const child: ChildProcess = spawn(binary, command.slice(1), {
    cwd: root,
    env: { ...process.env, PORT: '0', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`${command.join(' ')} did not start:\n${out}`)), 30_000);
      const onData = (d: Buffer): void => {
        out += d.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${command.join(' ')} exited ${code}:\n${out}`));
      });
    });
    const statuses: number[] = [];
    for (const path of paths) statuses.push((await fetch(url + path)).status);
    return statuses;
  } finally {
    child.removeAllListeners('exit');
    child.kill('SIGKILL');
  }
}

const PATHS = ['/health', '/', '/static/style.css', '/api/notes', '/nope'];

describe('the fetch examples run from the repository as docs/runtimes.md says', () => {
  it('Bun: bun docs/examples/fetch/bun.mjs', async () => {
    const command = documentedCommand('bun');
    expect(command).toEqual(['bun', 'docs/examples/fetch/bun.mjs']);
    expect(await answersOf(bunBinary(log, 'fetch'), command, PATHS)).toEqual([200, 200, 200, 200, 404]);
  });

  it('Deno: deno run -A docs/examples/fetch/deno.mjs', async () => {
    const command = documentedCommand('deno');
    expect(command).toEqual(['deno', 'run', '-A', 'docs/examples/fetch/deno.mjs']);
    expect(await answersOf(denoBinary(log, 'fetch'), command, PATHS)).toEqual([200, 200, 200, 200, 404]);
  });
});
