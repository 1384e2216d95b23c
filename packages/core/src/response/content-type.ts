import { basename } from 'node:path';
import { create as createDisposition } from 'content-disposition';
import { format as formatMediaType, parse as parseMediaType } from 'content-type';
import mime from 'mime-types';

/**
 * Content-Type computations of the response, memoized: applications use a handful of types, so
 * the parse/format work is done once per distinct value. The caches are bounded so values
 * chosen by clients (`res.type(req.query.t)`) cannot grow memory without limit.
 */
const MAX_ENTRIES = 256;

const normalized = new Map<string, string | false>();
const utf8Types = new Map<string, string>();

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * Returns the full Content-Type for `type` as mime-types' `contentType` does: a bare
 * extension (`'html'`, `'.json'`) is looked up, a known text type gains its charset
 * (`'text/plain'` -> `'text/plain; charset=utf-8'`), an unknown extension gives `false`.
 */
export function fullContentType(type: string): string | false {
  const hit = normalized.get(type);
  if (hit !== undefined) return hit;
  return remember(normalized, type, mime.contentType(type));
}

/**
 * Returns `type` with its charset parameter set to `utf-8`, other parameters kept in order
 * (names lower-cased), as content-type formats them. Throws a TypeError for a malformed media
 * type (`Invalid type: foo`), as express's `res.send` does.
 */
export function withUtf8Charset(type: string): string {
  const hit = utf8Types.get(type);
  if (hit !== undefined) return hit;
  const parsed = parseMediaType(type);
  parsed.parameters.charset = 'utf-8';
  return remember(utf8Types, type, formatMediaType(parsed));
}

/** Looks up the MIME type of an extension or file name, `false` when unknown. */
export function lookupType(extensionOrPath: string): string | false {
  return mime.lookup(extensionOrPath);
}

/**
 * Content-Disposition `attachment`, with `filename` (its base name) when given: a token stays
 * bare, other names are quoted with an ASCII fallback (`?` for other characters) plus an
 * RFC 5987 `filename*` holding the UTF-8 name.
 */
export function attachmentDisposition(filename?: string): string {
  return createDisposition(filename === undefined ? undefined : basename(filename));
}
