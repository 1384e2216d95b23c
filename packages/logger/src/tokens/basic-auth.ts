const BASIC = /^ *[Bb][Aa][Ss][Ii][Cc] +([A-Za-z0-9._~+/-]+=*) *$/;

/** A line terminator: what a password may not contain for the credentials to parse. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/**
 * The user name of an `Authorization: Basic <base64(user:password)>` header, or `undefined`
 * when the header is absent, not Basic, or its decoded value has no colon or a password
 * holding a line terminator (what the basic-auth module, used by morgan, accepts).
 */
export function basicAuthUser(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = BASIC.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString();
  const colon = decoded.indexOf(':');
  if (colon === -1 || LINE_TERMINATOR.test(decoded.slice(colon + 1))) return undefined;
  return decoded.slice(0, colon);
}
