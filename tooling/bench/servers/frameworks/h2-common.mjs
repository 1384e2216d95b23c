/**
 * What the HTTP/2 servers of the frameworks suite share: the scenario (`hello` or `static`,
 * argv[2]) and the transport (argv[3]: `h2c`, or `tls` for HTTP/2 over TLS with HTTP/1.1
 * fallback, with the key and certificate files named by BENCH_TLS_KEY / BENCH_TLS_CERT).
 */
import { readFileSync } from 'node:fs';

export { announcePort, fixtures, hello } from './common.mjs';

export const scenario = process.argv[2] ?? 'hello';
export const transport = process.argv[3] ?? 'h2c';

/** The TLS key and certificate of the `tls` transport (undefined for h2c). */
export const tls =
  transport === 'tls' ? { key: readFileSync(process.env.BENCH_TLS_KEY ?? ''), cert: readFileSync(process.env.BENCH_TLS_CERT ?? '') } : undefined;
