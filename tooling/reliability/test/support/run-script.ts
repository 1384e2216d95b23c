import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** Runs tooling/reliability/`script` in node with `env` added to this process's; resolves with its exit code and its stdout and stderr together. */
export function runScript(script: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(__dirname, '..', '..', script)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}
