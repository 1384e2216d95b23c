import { createHash } from 'node:crypto';

/** Generates an ETag for a response body; `encoding` applies when `body` is a string. */
export type ETagFunction = (body: string | Buffer, encoding?: BufferEncoding) => string;

const EMPTY_HASH = '2jmj7l5rSw0yVb/vlWAYkK/YBwk';

function tag(body: string | Buffer, encoding: BufferEncoding | undefined, weak: boolean): string {
  const buf = typeof body === 'string' ? Buffer.from(body, encoding ?? 'utf8') : body;
  const hash = buf.length === 0 ? EMPTY_HASH : createHash('sha1').update(buf).digest('base64').substring(0, 27);
  const value = `"${buf.length.toString(16)}-${hash}"`;
  return weak ? `W/${value}` : value;
}

/** Weak ETag of a body: `W/"<length hex>-<sha1 base64, 27 chars>"`, as express generates it. */
export function weakETag(body: string | Buffer, encoding?: BufferEncoding): string {
  return tag(body, encoding, true);
}

/** Strong ETag of a body: `"<length hex>-<sha1 base64, 27 chars>"`. */
export function strongETag(body: string | Buffer, encoding?: BufferEncoding): string {
  return tag(body, encoding, false);
}
