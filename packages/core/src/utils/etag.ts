import * as crypto from 'node:crypto';

/** Generates an ETag for a response body; `encoding` applies when `body` is a string. */
export type ETagFunction = (body: string | Buffer, encoding?: BufferEncoding) => string;

const EMPTY_HASH = '2jmj7l5rSw0yVb/vlWAYkK/YBwk';

type OneShotHash = (algorithm: string, data: string | Buffer, outputEncoding: 'base64') => string;

/**
 * SHA-1 of the body in base64. `crypto.hash` (node >= 20.12) hashes in one call without a Hash
 * object and takes a string as UTF-8 without copying it to a Buffer first; older nodes use
 * `createHash`. Both give the same digest.
 */
const sha1Base64: (data: string | Buffer) => string =
  typeof (crypto as { hash?: unknown }).hash === 'function'
    ? (data) => (crypto as unknown as { hash: OneShotHash }).hash('sha1', data, 'base64')
    : (data) => crypto.createHash('sha1').update(data).digest('base64');

/**
 * ETags of small text bodies already hashed, by body: an API sends the same small bodies again
 * and again (`{"ok":true}`, `[]`, a health check, an error document), and a lookup costs less
 * than hashing. Bounded (entries and body length), emptied when full: memory stays flat
 * whatever the bodies. Only built-in weak/strong tags of UTF-8 strings are remembered.
 */
const MEMO_MAX_LENGTH = 128;
const MEMO_MAX_ENTRIES = 512;
const weakMemo = new Map<string, string>();
const strongMemo = new Map<string, string>();

function memoTag(body: string | Buffer, encoding: BufferEncoding | undefined, weak: boolean, byteLength = -1): string {
  if (typeof body !== 'string' || body.length > MEMO_MAX_LENGTH || (encoding !== undefined && encoding !== 'utf8')) {
    return tag(body, encoding, weak, byteLength);
  }
  const memo = weak ? weakMemo : strongMemo;
  let value = memo.get(body);
  if (value === undefined) {
    value = tag(body, encoding, weak, byteLength);
    if (memo.size >= MEMO_MAX_ENTRIES) memo.clear();
    memo.set(body, value);
  }
  return value;
}

function tag(body: string | Buffer, encoding: BufferEncoding | undefined, weak: boolean, byteLength: number): string {
  let length: number;
  let hash: string;
  if (typeof body === 'string') {
    if (encoding === undefined || encoding === 'utf8' || encoding === 'utf-8') {
      length = byteLength >= 0 ? byteLength : Buffer.byteLength(body, 'utf8');
      hash = length === 0 ? EMPTY_HASH : sha1Base64(body);
    } else {
      const buf = Buffer.from(body, encoding);
      length = buf.length;
      hash = length === 0 ? EMPTY_HASH : sha1Base64(buf);
    }
  } else {
    length = body.length;
    hash = length === 0 ? EMPTY_HASH : sha1Base64(body);
  }
  const value = '"' + length.toString(16) + '-' + hash.substring(0, 27) + '"';
  return weak ? 'W/' + value : value;
}

/** Weak ETag of a body: `W/"<length hex>-<sha1 base64, 27 chars>"`, as express generates it. */
export function weakETag(body: string | Buffer, encoding?: BufferEncoding): string {
  return memoTag(body, encoding, true);
}

/** Strong ETag of a body: `"<length hex>-<sha1 base64, 27 chars>"`. */
export function strongETag(body: string | Buffer, encoding?: BufferEncoding): string {
  return memoTag(body, encoding, false);
}

/**
 * The tag `fn` (`weakETag` or `strongETag`) gives a UTF-8 string or a Buffer whose byte length
 * the caller already knows, without measuring it again.
 */
export function builtInETag(fn: typeof weakETag, body: string | Buffer, byteLength: number): string {
  return memoTag(body, undefined, fn === weakETag, byteLength);
}
