/**
 * Decodes one captured parameter with URI-component decoding. A value without `%` is
 * returned as is. A malformed escape throws the `URIError` with message
 * `Failed to decode param '<value>'` and `status`/`statusCode` 400 (as router 2.x makes it),
 * which the router passes to `next(err)`.
 */
export function decodeParam(value: string): string {
  if (value.length === 0 || value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) {
      err.message = `Failed to decode param '${value}'`;
      (err as URIError & { status: number; statusCode: number }).status = 400;
      (err as URIError & { statusCode: number }).statusCode = 400;
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
