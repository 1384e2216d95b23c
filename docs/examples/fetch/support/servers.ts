/** How the runtime tests start the examples' servers: a child process on a free port, and workerd serving a bundled Worker. */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';

/** A started server: its child process and base URL. */
export interface Started {
  child: ChildProcess;
  url: string;
}

/** The URL a server prints once it listens (`listening on http://127.0.0.1:<port>`), or undefined. */
export const listeningUrl = (out: string): string | undefined => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];

/**
 * Starts `command args` in `cwd` with `PORT=0` (and `env`); resolves once `ready` finds its URL in
 * what it printed, rejects if it exits first or prints none within 30 s.
 */
export function start(command: string, args: string[], cwd: string, env: Record<string, string> = {}, ready = listeningUrl): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, PORT: '0', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${command} ${args.join(' ')} did not start:\n${out}`)), 30_000);
    const onData = (d: Buffer): void => {
      out += d.toString();
      const url = ready(out);
      if (url !== undefined) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${out}`));
    });
  });
}

/** Kills a started server (if still running) and resolves once it exited. */
export function stop(started: Started | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    started.child.removeAllListeners('exit');
    started.child.once('exit', () => resolve());
    started.child.kill('SIGKILL');
  });
}

/** Bundles `entry` (and what it requires) into `outfile`: one CommonJS file a Worker embeds. */
export async function bundle(entry: string, outfile: string): Promise<void> {
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'error' });
}

/**
 * Serves workerd (`binary`) in `dir` with the config `config(port)` gives for a free port
 * (workerd cannot listen on port 0); resolves once `up(url)` resolves (workerd prints nothing
 * when it listens), rejects after 10 s or if workerd exits, with what it printed.
 */
export async function startWorkerd(binary: string, dir: string, config: (port: number) => string, up: (url: string) => Promise<unknown>): Promise<Started> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as { port: number }).port;
      probe.close(() => resolve(p));
    });
  });
  writeFileSync(join(dir, 'test.capnp'), config(port));
  const child = spawn(binary, ['serve', 'test.capnp'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const started: Started = { child, url: `http://127.0.0.1:${port}` };
  for (let i = 0; ; i++) {
    const ok = await up(started.url).then(
      () => true,
      () => false,
    );
    if (ok) return started;
    if (i > 100 || child.exitCode !== null) {
      await stop(started);
      throw new Error(`workerd did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
