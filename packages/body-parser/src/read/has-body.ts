import type { IncomingMessage } from 'node:http';

/** What an HTTP/2 compat request (node's `Http2ServerRequest`) adds that `hasBody` reads. */
interface MaybeHttp2 {
  stream?: { endAfterHeaders?: boolean };
}

/**
 * Whether a request has a body: a Transfer-Encoding or Content-Length header (type-is's
 * `hasBody`, body-parser's test), or, on HTTP/2, where neither is required, a stream the
 * client did not end with its HEADERS frame.
 */
export function hasBody(req: IncomingMessage): boolean {
  const headers = req.headers;
  if (headers['transfer-encoding'] !== undefined || !isNaN(headers['content-length'] as unknown as number)) return true;
  return req.httpVersionMajor === 2 && (req as IncomingMessage & MaybeHttp2).stream?.endAfterHeaders === false;
}
