import type { IncomingHttpHeaders } from 'node:http';
import Negotiator from 'negotiator';
import mime from 'mime-types';

/** Flattens `(a, b)` and `([a, b])` argument forms into one list; a falsy first argument means none. */
export function argumentList(args: ArrayLike<unknown>): string[] {
  const first = args[0];
  if (Array.isArray(first)) return first as string[];
  if (!first) return [];
  return Array.prototype.slice.call(args) as string[];
}

function toMime(type: string): string | false {
  return type.indexOf('/') === -1 ? mime.lookup(type) : type;
}

/**
 * Content negotiation on the Accept header, as the `accepts` module does: no types gives
 * every accepted media type by preference; no Accept header gives the first type; otherwise
 * the best offered type (as it was given: extension or MIME), or false.
 */
export function acceptsTypes(headers: IncomingHttpHeaders, types: string[]): string[] | string | false {
  const negotiator = new Negotiator({ headers });
  if (types.length === 0) return negotiator.mediaTypes();
  if (!headers.accept) return types[0]!;
  const mimes = types.map(toMime);
  const valid = mimes.filter((m): m is string => typeof m === 'string');
  const first = negotiator.mediaTypes(valid)[0];
  return first ? types[mimes.indexOf(first)]! : false;
}

/** Accept-Encoding negotiation: all accepted encodings, or the first offered one accepted, or false. */
export function acceptsEncodings(headers: IncomingHttpHeaders, encodings: string[]): string[] | string | false {
  const negotiator = new Negotiator({ headers });
  if (encodings.length === 0) return negotiator.encodings();
  return negotiator.encodings(encodings)[0] || false;
}

/** Accept-Charset negotiation: all accepted charsets, or the first offered one accepted, or false. */
export function acceptsCharsets(headers: IncomingHttpHeaders, charsets: string[]): string[] | string | false {
  const negotiator = new Negotiator({ headers });
  if (charsets.length === 0) return negotiator.charsets();
  return negotiator.charsets(charsets)[0] || false;
}

/** Accept-Language negotiation: all accepted languages, or the first offered one accepted, or false. */
export function acceptsLanguages(headers: IncomingHttpHeaders, languages: string[]): string[] | string | false {
  const negotiator = new Negotiator({ headers });
  if (languages.length === 0) return negotiator.languages();
  return negotiator.languages(languages)[0] || false;
}
