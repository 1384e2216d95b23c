import createError from 'http-errors';

/**
 * Decodes one captured parameter with URI-component decoding. A value without `%` is
 * returned as is. A malformed escape throws the `URIError` with message
 * `Failed to decode param '<value>'`, `status`/`statusCode` 400 and `expose` true (an HTTP
 * client error, as http-errors shapes it), which the router passes to `next(err)`.
 */
export function decodeParam(value: string): string {
  if (value.length === 0 || value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) {
      err.message = `Failed to decode param '${value}'`;
      throw createError(400, err);
    }
    throw err;
  }
}

/** Decodes a splat capture: its `/`-separated segments, each decoded. */
export function decodeSplat(value: string): string[] {
  const parts = value.split('/');
  for (let i = 0; i < parts.length; i++) parts[i] = decodeParam(parts[i]!);
  return parts;
}
