/**
 * 4.x: a parameter value is decoded as router 1.x decodes it. A malformed escape is a
 * `URIError` `Failed to decode param '<value>'` with `status` 400 and, unlike 5.x, no
 * `statusCode`; other values (undefined for an optional parameter that is absent, '') are
 * returned as they are.
 */
export function decodeParam(value: string | undefined): string | undefined {
  if (value === undefined || value.length === 0 || value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) {
      err.message = `Failed to decode param '${value}'`;
      (err as URIError & { status: number }).status = 400;
    }
    throw err;
  }
}
