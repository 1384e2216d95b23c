import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { listen, portOf, until } from '../../../tooling/test-support';

/** A stream that keeps every line written to it and lets a test wait for the next ones. */
export class LineCapture extends Writable {
  lines: string[] = [];
  chunks: string[] = [];

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void): void {
    const text = chunk.toString();
    this.chunks.push(text);
    for (const line of text.split('\n').slice(0, -1)) this.lines.push(line);
    this.emit('written');
    cb();
  }

  /** Resolves with all lines once at least `count` have been written; rejects after `timeoutMs`. */
  async waitFor(count = 1, timeoutMs = 3000): Promise<string[]> {
    await until(
      this,
      'written',
      () => this.lines.length >= count,
      timeoutMs,
      () => `expected ${count} log lines, got ${this.lines.length}: ${JSON.stringify(this.lines)}`,
    );
    return this.lines;
  }
}

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Starts a `node:http` server on a free port that runs `middlewares` in order, then `handler`.
 * Returns the server and its base URL; close it with test-support's `close`.
 */
export async function serve(
  middlewares: Middleware[],
  handler: RequestListener = (_req, res) => res.end('hello'),
): Promise<{ server: http.Server; url: string; port: number }> {
  const server = http.createServer((req, res) => {
    let i = 0;
    const next = (err?: unknown): void => {
      if (err) {
        res.statusCode = 500;
        res.end(String(err));
        return;
      }
      const mw = middlewares[i++];
      if (mw) mw(req, res, next);
      else handler(req, res);
    };
    next();
  });
  await listen(server);
  const port = portOf(server);
  return { server, url: `http://127.0.0.1:${port}`, port };
}

/** What a child `node` process printed and how it ended. */
export interface NodeRun {
  stdout: string;
  stderr: string;
  status: number | null;
}

/**
 * Runs plain `node` with `args` (and `env`, this process's by default) inside this package, so
 * `@webfw/logger` resolves through the package's own `exports` map to the BUILT files in dist/
 * (build first: `npx tsup`), and `morgan` to the devDependency.
 */
export function runNode(args: string[], env: NodeJS.ProcessEnv = process.env): NodeRun {
  const packageDir = join(__dirname, '..');
  if (!existsSync(join(packageDir, 'dist', 'index.cjs'))) throw new Error('packages/logger is not built: run `npx tsup` in it first');
  const run = spawnSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8', timeout: 10000, env });
  return { stdout: run.stdout, stderr: run.stderr, status: run.status };
}
