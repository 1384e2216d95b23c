/**
 * A child process the deploy tests start and must stop: its output kept and watched (waiting
 * for a line is woken by the output itself, never by sleeping), its exit awaited.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { until } from '@webfw/test-support';

/** How a process ended: its exit code, or the signal that ended it. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A started process: `output()` is everything it printed so far (stdout and stderr). */
export interface Spawned {
  name: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in the output, once it is there. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpExecArray>;
  /** Resolves once the process ended. */
  exited: Promise<Exit>;
  running: () => boolean;
  /** Sends `signal` (default SIGTERM) unless the process ended, and resolves with how it ended. */
  stop: (signal?: NodeJS.Signals) => Promise<Exit>;
}

/**
 * Starts `command` with `args`; `name` labels it in failure messages. The process is stopped by
 * `stop()` (the tests call it in afterAll, so nothing outlives a failed test).
 */
export function spawnWatched(name: string, command: string, args: string[], options: SpawnOptions = {}): Spawned {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const events = new EventEmitter();
  let out = '';
  let ended: Exit | undefined;
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      out += chunk;
      events.emit('change');
    });
  }
  const exited = new Promise<Exit>((resolve) => {
    child.on('error', (err) => {
      out += `\n[${name}: ${err.message}]\n`;
      ended = { code: null, signal: null };
      events.emit('change');
      resolve(ended);
    });
    child.on('exit', (code, signal) => {
      ended = { code, signal };
      events.emit('change');
      resolve(ended);
    });
  });
  const running = (): boolean => ended === undefined;
  return {
    name,
    child,
    output: () => out,
    exited,
    running,
    async waitFor(pattern, timeoutMs = 15000) {
      let match: RegExpExecArray | null = null;
      await until(
        events,
        'change',
        () => (match = pattern.exec(out)) !== null || !running(),
        timeoutMs,
        () => `${name}: no ${pattern} after ${timeoutMs} ms; its output:\n${out}`,
      );
      if (match === null) throw new Error(`${name} ended (${JSON.stringify(ended)}) before printing ${pattern}; its output:\n${out}`);
      return match;
    },
    async stop(signal = 'SIGTERM') {
      if (running()) child.kill(signal);
      return exited;
    },
  };
}
