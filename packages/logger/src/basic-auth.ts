const BASIC = /^ *[Bb][Aa][Ss][Ii][Cc] +([A-Za-z0-9._~+/-]+=*) *$/;

/**
 * The user name of an `Authorization: Basic <base64(user:password)>` header, or `undefined`
 * when the header is absent, not Basic, or its decoded value has no colon.
 */
export function basicAuthUser(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = BASIC.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString();
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(0, colon);
}
