/**
 * The fuzz settings: a fixed seed per property under `npm test`, a time budget and a fresh seed
 * under `npm run fuzz`, and a failure that prints the seed, the path and the command that replay it.
 */
import fc from 'fast-check';
import { checkProperty, fuzzSettings, replayCommand, seedOf } from '@webfw/test-support/fuzz/fuzz-run';

describe('fuzzSettings', () => {
  it('should run a bounded number of runs with a seed fixed by the property name under npm test', () => {
    expect(fuzzSettings('p', 50, {})).toEqual({ seed: seedOf('p'), numRuns: 50, path: undefined, fuzzing: false });
    expect(fuzzSettings('p', 50, {}).seed).toBe(fuzzSettings('p', 10, {}).seed);
    expect(seedOf('p')).not.toBe(seedOf('q'));
  });

  it('should take FUZZ_SEED and FUZZ_PATH to replay a failure', () => {
    expect(fuzzSettings('p', 50, { FUZZ_SEED: '42', FUZZ_PATH: '3:1' })).toEqual({ seed: 42, numRuns: 50, path: '3:1', fuzzing: false });
    expect(fuzzSettings('p', 50, { FUZZ_SEED: '42', FUZZ_PATH: '3:1', FUZZ_SECONDS_EACH: '5' })).toEqual({ seed: 42, numRuns: 50, path: '3:1', fuzzing: true });
  });

  it('should run for FUZZ_SECONDS_EACH seconds, unbounded in runs, under npm run fuzz', () => {
    const s = fuzzSettings('p', 50, { FUZZ_SECONDS_EACH: '2.5', FUZZ_SEED: '7' });
    expect(s).toEqual({ seed: 7, numRuns: Number.MAX_SAFE_INTEGER, timeLimitMs: 2500, fuzzing: true });
    const fresh = fuzzSettings('p', 50, { FUZZ_SECONDS_EACH: '1' });
    expect(Number.isInteger(fresh.seed) && fresh.seed >= 0).toBe(true);
  });

  it('should refuse a seed or a budget that is not a number', () => {
    expect(() => fuzzSettings('p', 1, { FUZZ_SEED: 'x' })).toThrow('FUZZ_SEED must be an integer, got "x"');
    expect(() => fuzzSettings('p', 1, { FUZZ_SECONDS_EACH: '0' })).toThrow('FUZZ_SECONDS_EACH must be a positive number, got "0"');
  });
});

describe('checkProperty', () => {
  const failing = (seen: number[]) =>
    fc.property(fc.integer({ min: 0, max: 1000 }), (n) => {
      seen.push(n);
      if (n >= 500) throw new Error(`too big: ${n}`);
    });

  it('should resolve when the property holds', async () => {
    await expect(
      checkProperty(
        'holds',
        20,
        fc.property(fc.nat(), (n) => n >= 0),
      ),
    ).resolves.toBeUndefined();
  });

  it('should report the counterexample, the seed, the path and a replay command that reproduces it', async () => {
    const seen: number[] = [];
    const error = (await checkProperty('fails', 200, failing(seen)).catch((e: Error) => e)) as Error;
    expect(error.message).toContain('Counterexample: [500]');
    expect(error.message).toContain('too big: 500');
    const seed = /seed: (-?\d+), path: "([\d:]+)"/.exec(error.message);
    expect(seed).not.toBeNull();
    expect(error.message).toContain(
      `replay: ${replayCommand(expect.getState().currentTestName!, 'tooling/reliability/test/fuzz-run.test.ts', Number(seed![1]), seed![2])}`,
    );

    // the seed and path replay exactly the shrunk counterexample, in one run
    const replayed: number[] = [];
    const saved = { ...process.env };
    process.env.FUZZ_SEED = seed![1];
    process.env.FUZZ_PATH = seed![2];
    try {
      await expect(checkProperty('fails', 200, failing(replayed))).rejects.toThrow('too big: 500');
    } finally {
      process.env = saved;
    }
    expect(replayed).toEqual([500]);
  });

  it('should quote the test name of the replay command for the shell', () => {
    expect(replayCommand("it's", 'a.test.ts', 1, '0:1')).toBe("FUZZ_SEED=1 FUZZ_PATH='0:1' npm run fuzz -- a.test.ts -t 'it'\\''s'");
  });
});
