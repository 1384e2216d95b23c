/**
 * Logger suite: bare `node:http` hello world with no logger, with morgan and with
 * @webfw/logger ('combined' to a null stream), side by side. Prints each logger's overhead
 * (the share of bare throughput it costs) and @webfw/logger's overhead relative to morgan's.
 */
import { fileURLToPath } from 'node:url';
import { printTable, runCases } from '../lib/harness.mjs';

const server = fileURLToPath(new URL('../servers/logger/server.mjs', import.meta.url));

export async function run() {
  const request = { method: 'GET', path: '/' };
  const rows = await runCases([
    { name: 'node:http (no logger)', server, args: ['none'], request },
    { name: 'morgan combined', server, args: ['morgan'], request },
    { name: '@webfw/logger combined', server, args: ['webfw'], request },
  ]);
  printTable('logger: hello world, combined format to a null stream', rows);
  const [bare, morgan, webfw] = rows.map((r) => r.rps);
  const morganCost = 1 - morgan / bare;
  const webfwCost = 1 - webfw / bare;
  console.log(`overhead: morgan ${(morganCost * 100).toFixed(1)}%, @webfw/logger ${(webfwCost * 100).toFixed(1)}%`);
  console.log(
    `@webfw/logger costs ${(webfwCost / morganCost).toFixed(2)}x morgan's overhead (target <= 0.50); throughput ${(webfw / morgan).toFixed(2)}x morgan`,
  );
  const [bareCpu, morganCpu, webfwCpu] = rows.map((r) => r.cpu);
  console.log(
    `server CPU per request added: morgan ${(morganCpu - bareCpu).toFixed(1)} µs, @webfw/logger ${(webfwCpu - bareCpu).toFixed(1)} µs ` +
      `(${((webfwCpu - bareCpu) / (morganCpu - bareCpu)).toFixed(2)}x morgan's; less sensitive to a busy load generator than req/s)`,
  );
  return rows;
}
