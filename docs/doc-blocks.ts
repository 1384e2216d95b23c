/**
 * Code blocks of the Markdown docs, for the tests that run them as written: a block is found by
 * the marker comment right before it (`<!-- run: <name> -->`, invisible on the rendered page),
 * and runs in a scratch project whose node_modules links the built packages (dist/, as
 * published), with `listen(3000)` moved to a free port by a preloaded script.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(__dirname, '..');

/** The code block right after `<!-- run: <name> -->` in `file` (relative to the repository root), as written. */
export function docBlock(file: string, name: string): string {
  const doc = readFileSync(join(root, file), 'utf8');
  const found = new RegExp(`^<!-- run: ${name} -->\\s*^\`\`\`[a-z]*\\n([^]*?)^\`\`\`$`, 'm').exec(doc);
  if (!found) throw new Error(`${file} has no code block marked <!-- run: ${name} -->`);
  return found[1]!;
}

/** A scratch project whose node_modules/@webfw holds links to every built package. */
export function scratchProject(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `webfw-docs-${prefix}-`));
  mkdirSync(join(dir, 'node_modules', '@webfw'), { recursive: true });
  for (const name of ['logger', 'body-parser', 'router', 'static', 'core']) {
    symlinkSync(join(root, 'packages', name), join(dir, 'node_modules', '@webfw', name), 'dir');
  }
  return dir;
}

/**
 * Preloaded into a block's process: a server told to listen on 3000 listens on a free loopback
 * port instead and prints `listening on <port>` on stderr, so blocks that say `listen(3000)`
 * run as written beside other tests.
 */
const LISTEN_ANYWHERE = `
const net = require('node:net');
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (args[0] === 3000) {
    args[0] = 0;
    if (typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
    this.once('listening', () => process.stderr.write('listening on ' + this.address().port + '\\n'));
  }
  return listen.apply(this, args);
};
`;

/** A block started as a node process: its port, what it printed so far, and how to stop it. */
export interface RunningBlock {
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** Writes `source` to `dir/file` and runs it with node; resolves once it listens (see LISTEN_ANYWHERE). */
export function startBlock(dir: string, file: string, source: string): Promise<RunningBlock> {
  writeFileSync(join(dir, file), source);
  writeFileSync(join(dir, 'listen-anywhere.cjs'), LISTEN_ANYWHERE);
  const child = spawn(process.execPath, ['--require', './listen-anywhere.cjs', file], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  return new Promise((resolve, reject) => {
    const seen = (chunk: Buffer): void => {
      out += chunk.toString();
      const m = /^listening on (\d+)$/m.exec(out);
      if (m) resolve({ port: Number(m[1]), output: () => out, stop });
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('close', (code) => reject(new Error(`${file} exited (${code}) before listening:\n${out}`)));
  });
}
