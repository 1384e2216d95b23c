/**
 * Preloaded (`node --require`) into a server the profile mode measures. SIGUSR2 starts V8's
 * CPU profiler (the same sampler as `node --cpu-prof`, here started after the warm-up, so the
 * profile holds only the measured load); SIGINT stops it, writes the profile to the file named
 * by BENCH_PROFILE_OUT and exits.
 */
'use strict';
const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');

const out = process.env.BENCH_PROFILE_OUT;
const interval = Number(process.env.BENCH_PROFILE_INTERVAL ?? 250);
const session = new inspector.Session();
session.connect();

process.on('SIGUSR2', () => {
  session.post('Profiler.enable', () => {
    session.post('Profiler.setSamplingInterval', { interval }, () => {
      session.post('Profiler.start', () => process.stdout.write('PROFILING\n'));
    });
  });
});

process.on('SIGINT', () => {
  session.post('Profiler.stop', (err, result) => {
    if (!err && out) writeFileSync(out, JSON.stringify(result.profile));
    process.exit(err ? 1 : 0);
  });
});
