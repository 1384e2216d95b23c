/**
 * How every property of the repo runs: under `npm test` with a fixed seed and a bounded number
 * of runs, under `npm run fuzz` for a time budget with a fresh seed, and on a failure with the
 * seed and path that replay it.
 */
import fc from 'fast-check';

/** How one property runs, as read from the environment. */
export interface FuzzSettings {
  /** The seed of the random generator (fixed per property under `npm test`, fresh under `npm run fuzz`). */
  seed: number;
  /** Number of runs; under `npm run fuzz` effectively unbounded (the time limit ends it). */
  numRuns: number;
  /** Time budget in milliseconds (`npm run fuzz` only). */
  timeLimitMs?: number;
  /** Replays exactly this path of a failure (`FUZZ_PATH`, with its `FUZZ_SEED`). */
  path?: string;
  /** True under `npm run fuzz` (`FUZZ_SECONDS_EACH` set by the runner). */
  fuzzing: boolean;
}

/** A stable 31-bit number for `text` (FNV-1a), so each property has its own fixed seed. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 1;
}

/**
 * The settings of property `name` under `env`: `FUZZ_SEED` (an integer) and `FUZZ_PATH` replay a
 * failure; `FUZZ_SECONDS_EACH` (set by `npm run fuzz`) runs the property for that many seconds
 * with a fresh seed; otherwise `runs` runs with the fixed seed {@link seedOf}(`name`).
 */
export function fuzzSettings(name: string, runs: number, env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const seedText = env.FUZZ_SEED;
  const seed = seedText !== undefined && seedText !== '' ? Number(seedText) : undefined;
  if (seed !== undefined && !Number.isInteger(seed)) throw new TypeError(`FUZZ_SEED must be an integer, got "${seedText}"`);
  const path = env.FUZZ_PATH !== undefined && env.FUZZ_PATH !== '' ? env.FUZZ_PATH : undefined;
  const seconds = env.FUZZ_SECONDS_EACH !== undefined && env.FUZZ_SECONDS_EACH !== '' ? Number(env.FUZZ_SECONDS_EACH) : undefined;
  if (seconds !== undefined && !(seconds > 0)) throw new TypeError(`FUZZ_SECONDS_EACH must be a positive number, got "${env.FUZZ_SECONDS_EACH}"`);
  if (seconds === undefined || path !== undefined) {
    return { seed: seed ?? seedOf(name), numRuns: runs, path, fuzzing: seconds !== undefined };
  }
  return {
    seed: seed ?? (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) & 0x7fffffff,
    numRuns: Number.MAX_SAFE_INTEGER,
    timeLimitMs: Math.round(seconds * 1000),
    fuzzing: true,
  };
}

/** The command that replays a failure of test `name` (in test file `file`) found with `seed` at `path`. */
export function replayCommand(name: string, file: string | undefined, seed: number, path: string | undefined): string {
  const where = file === undefined ? '' : ` ${file}`;
  return `FUZZ_SEED=${seed}${path === undefined ? '' : ` FUZZ_PATH='${path}'`} npm run fuzz --${where} -t '${name.replace(/'/g, "'\\''")}'`;
}

/** The test jest is running (file relative to the working directory, and full test name), when there is one. */
function currentTest(): { file?: string; name?: string } {
  const state = (globalThis as { expect?: { getState?: () => { testPath?: string; currentTestName?: string } } }).expect?.getState?.();
  const path = state?.testPath;
  const cwd = process.cwd() + '/';
  return { file: path?.startsWith(cwd) ? path.slice(cwd.length) : path, name: state?.currentTestName };
}

/**
 * Runs `property` as {@link fuzzSettings} says for `name` and resolves when it held; rejects
 * with fast-check's report (counterexample, seed, path) followed by the command that replays
 * it. Under `npm run fuzz` it also prints one line per property: runs made and seed.
 */
export async function checkProperty<T>(name: string, runs: number, property: fc.IAsyncPropertyWithHooks<T> | fc.IPropertyWithHooks<T>): Promise<void> {
  const settings = fuzzSettings(name, runs);
  const started = Date.now();
  const details = await fc.check(property as fc.IAsyncProperty<T>, {
    seed: settings.seed,
    numRuns: settings.numRuns,
    path: settings.path,
    endOnFailure: settings.path !== undefined,
    interruptAfterTimeLimit: settings.timeLimitMs,
    markInterruptAsFailure: false,
  });
  if (settings.fuzzing) {
    process.stderr.write(
      `fuzz: ${name}: ${details.numRuns} runs in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${settings.seed}${details.failed ? ', FAILED' : ''}\n`,
    );
  }
  if (!details.failed) return;
  const report = fc.defaultReportMessage(details) ?? 'property failed';
  const test = currentTest();
  const replay = replayCommand(test.name ?? name, test.file, details.seed, details.counterexamplePath ?? undefined);
  const cause = details.errorInstance instanceof Error ? (details.errorInstance.stack ?? details.errorInstance.message) : String(details.errorInstance);
  const message = `${name}: ${report}\n\nreplay: ${replay}\n\n${cause}`;
  if (settings.fuzzing) process.stderr.write(`fuzz: ${name}: ${message}\n`);
  throw new Error(message);
}
