import type { RequestListener, Server } from 'node:http';
import { parseResponse, rawBytes, request, withServer } from '../../../tooling/test-support';

/** A raw HTTP response: status line parts, lower-cased headers and body. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `text` (a complete HTTP/1.x request, written as is) to the server and parses the
 * response once the server ends the connection (body as latin1, one char per byte); used for
 * requests a client library will not send (no Host, odd targets).
 */
export async function rawRequest(server: Server, text: string): Promise<RawResponse> {
  const res = parseResponse(await rawBytes(server, text));
  return { status: res.status, headers: res.headers, body: res.body.toString('latin1') };
}

/** A request for `call`. */
export interface CallOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Serves `handler` on a fresh server, sends one request with any method (node's client
 * accepts every token), and resolves with status, headers (repeated ones joined with `, `)
 * and body; the server is closed.
 */
export function call(handler: RequestListener, options: CallOptions = {}): Promise<RawResponse> {
  return withServer(handler, async (server) => {
    const res = await request(server, options);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : String(v);
    return { status: res.status, headers, body: res.body.toString('utf8') };
  });
}
