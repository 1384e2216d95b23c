/**
 * Code blocks of the Markdown docs, for the tests that run them as written.
 *
 * Every fenced block with a language (```js, ```ts, ```sh, ```diff, ```nginx ...) in README.md,
 * packages/<name>/README.md and docs/*.md carries one of two marker comments on the line before
 * it (HTML comments: invisible on the rendered page, visible in the source):
 *
 * - `<!-- run: <name> -->`: a test runs the block as written (a program started with node and
 *   asked over HTTP, TypeScript compiled by tsc, commands run by a shell). `name` is unique in
 *   its file; docs/doc-blocks.test.ts runs it, or names the test that does.
 * - `<!-- partial -->`: deliberately not run whole: a fragment (it uses an `app`, `req` or `res`
 *   it does not define), several alternatives side by side, or commands and configuration shown
 *   for reading (`npm start`, a systemd unit).
 *
 * docs/doc-blocks.test.ts fails on a block with neither, so a new block is classified when it is
 * written, and on a JavaScript or TypeScript block that does not parse, partial ones included
 * (elide code with a comment, not with a bare `...`). Blocks without a language (output,
 * file trees) are text and need no marker.
 * docs/observability.md's blocks are run by tooling/observability's tests.
 *
 * A block found by its marker runs in a scratch project whose node_modules links the built
 * packages (dist/, as published). Servers share one node process (`runBlocks`): each block is
 * loaded in turn, and the ports the docs use (`listen(3000)`, `{ port: 3443 }` ...) are moved
 * to free loopback ports.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(__dirname, '..');

/** A fenced code block of a Markdown file. */
export interface FencedBlock {
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's language tag (`js`, `sh` ...), '' for none. */
  lang: string;
  /** `run` with its name, `partial`, or none. */
  marker: { kind: 'run'; name: string } | { kind: 'partial' } | undefined;
  /** The block's text, as written (indentation of an indented fence removed). */
  source: string;
}

/** Every fenced block of `file` (relative to the repository root), with the marker on the line before it. */
export function fencedBlocks(file: string): FencedBlock[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})(\S*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open as unknown as [string, string, string, string];
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim() !== fence) end++;
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === '') before--;
    const comment = before >= 0 ? lines[before]!.trim() : '';
    const run = /^<!-- run: ([\w-]+) -->$/.exec(comment);
    const marker = run ? { kind: 'run' as const, name: run[1]! } : comment === '<!-- partial -->' ? { kind: 'partial' as const } : undefined;
    const body = lines.slice(i + 1, end).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l));
    blocks.push({ line: i + 1, lang, marker, source: body.length ? body.join('\n') + '\n' : '' });
    i = end;
  }
  return blocks;
}

/** The code block right after `<!-- run: <name> -->` in `file` (relative to the repository root), as written. */
export function docBlock(file: string, name: string): string {
  const found = fencedBlocks(file).find((block) => block.marker?.kind === 'run' && block.marker.name === name);
  if (!found) throw new Error(`${file} has no code block marked <!-- run: ${name} -->`);
  return found.source;
}

/** A scratch project whose node_modules/@webfw holds links to every built package (and `extra` root packages, such as ejs). */
export function scratchProject(prefix: string, extra: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), `webfw-docs-${prefix}-`));
  mkdirSync(join(dir, 'node_modules', '@webfw'), { recursive: true });
  for (const name of ['logger', 'body-parser', 'router', 'static', 'core']) {
    symlinkSync(join(root, 'packages', name), join(dir, 'node_modules', '@webfw', name), 'dir');
  }
  for (const name of extra) symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  return dir;
}

/**
 * The process `runBlocks` starts: the listen redirection, then each block loaded in turn
 * (`require`, or `import` for an .mjs file), each reported to the test over IPC: `listening`
 * with its port, `loaded`, or `error`.
 */
const RUNNER = `
const net = require('node:net');
const { pathToFileURL } = require('node:url');
const DOC_PORTS = new Set([3000, 3443, 8080, 8443]);
let current;
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const name = current;
  const first = args[0];
  if (typeof first === 'number' && DOC_PORTS.has(first)) {
    args[0] = 0;
    if (typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
  } else if (first && typeof first === 'object' && DOC_PORTS.has(first.port)) {
    args[0] = { ...first, port: 0, host: '127.0.0.1' };
  } else {
    return listen.apply(this, args);
  }
  this.once('listening', () => process.send({ name, port: this.address().port }));
  return listen.apply(this, args);
};
(async () => {
  for (const [name, file] of JSON.parse(process.argv[2])) {
    current = name;
    try {
      if (file.endsWith('.mjs')) await import(pathToFileURL(file).href);
      else require(file);
      process.send({ name, loaded: true });
    } catch (err) {
      process.send({ name, error: String((err && err.stack) || err) });
    }
  }
})();
`;

/** A block to run: its name, its file name in the scratch project, and its source. */
export interface BlockToRun {
  name: string;
  file: string;
  source: string;
}

/** The blocks `runBlocks` started: the port each listens on, what the process printed, and how to stop it. */
export interface RunningBlocks {
  /** The port of a block's server; throws the block's error when it failed to load, or says it does not listen. */
  port: (name: string) => number;
  /** The error of a block that threw while loading, if any. */
  error: (name: string) => string | undefined;
  output: () => string;
  /** Resolves once the output matches `pattern` (a log line is written after its response), with the match; rejects after 5 s. */
  printed: (pattern: RegExp) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * Writes each block to `dir` and loads them all, in order, in one node process; resolves once
 * every block has loaded (or thrown) and each of `servers` listens, or 5 s after the last block
 * loaded when some do not. Rejects only when the process exits before.
 */
export function runBlocks(dir: string, blocks: BlockToRun[], servers: string[]): Promise<RunningBlocks> {
  for (const block of blocks) writeFileSync(join(dir, block.file), block.source);
  writeFileSync(join(dir, 'run-blocks.cjs'), RUNNER);
  const list = JSON.stringify(blocks.map((block) => [block.name, join(dir, block.file)]));
  const child = spawn(process.execPath, ['run-blocks.cjs', list], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  const ports = new Map<string, number>();
  const errors = new Map<string, string>();
  const done = new Set<string>();
  const running: RunningBlocks = {
    port: (name) => {
      const port = ports.get(name);
      if (port !== undefined) return port;
      throw new Error(errors.has(name) ? `the block ${name} failed to load:\n${errors.get(name)}` : `the block ${name} does not listen`);
    },
    error: (name) => errors.get(name),
    output: () => out,
    printed: async (pattern) => {
      const deadline = Date.now() + 5000;
      let found = pattern.exec(out)?.[0];
      while (found === undefined) {
        if (Date.now() > deadline) throw new Error(`not printed: ${String(pattern)}; the output:\n${out}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        found = pattern.exec(out)?.[0];
      }
      return found;
    },
    stop,
  };
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const early = (code: number | null): void => reject(new Error(`the blocks' process exited (${code}) before every block had loaded:\n${out}`));
    const settle = (): void => {
      clearTimeout(timer);
      child.off('close', early);
      resolve(running);
    };
    child.on('message', (message: { name: string; port?: number; loaded?: true; error?: string }) => {
      if (message.port !== undefined) ports.set(message.name, message.port);
      if (message.error !== undefined) errors.set(message.name, message.error);
      if (message.loaded || message.error !== undefined) done.add(message.name);
      if (done.size !== blocks.length) return;
      if (servers.every((name) => ports.has(name) || errors.has(name))) return settle();
      timer ??= setTimeout(settle, 5000); // a listen started in a later turn
    });
    child.once('close', early);
  });
}
