/** Free TCP ports on loopback, for servers that must be told their port up front. */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A port of 127.0.0.1 that was free a moment ago (the system picked it; it is released again). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
