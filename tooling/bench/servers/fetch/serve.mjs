/**
 * What the fetch suite's servers share: `serveFetch(fetch)` serves a fetch handler with the
 * runtime's own server (`Bun.serve` under Bun, `Deno.serve` under Deno) on a free port of
 * 127.0.0.1 and announces the port; the scenario is the first argument (frameworks/common.mjs).
 */
/* global Bun, Deno */
import { announcePort } from '../frameworks/common.mjs';

export { hello, otherRoutes, scenario } from '../frameworks/common.mjs';

/** The runtime running the server: `bun` or `deno`. */
export const runtime = typeof Bun !== 'undefined' ? 'bun' : 'deno';

/** Serves `fetch` with the runtime's own server and announces its port; the process exits cleanly on SIGTERM (a profile is written then). */
export function serveFetch(fetch) {
  if (runtime === 'bun') {
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch });
    announcePort(server.port);
  } else {
    Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => announcePort(port) }, fetch);
  }
  process.on('SIGTERM', () => process.exit(0));
}
