import * as cookie from 'cookie';
import { sign } from 'cookie-signature';

/** Options of `res.cookie` (and `res.clearCookie`). Unset options take RFC 6265 defaults. */
export interface CookieOptions {
  /** Domain attribute; default: none (the cookie belongs to the app's host only). */
  domain?: string;
  /** Encodes the value; default `encodeURIComponent`. Must return a valid cookie value. */
  encode?: (value: string) => string;
  /** Expires attribute; unset (or 0 in a browser's eyes) makes a session cookie. */
  expires?: Date;
  /** HttpOnly attribute: not readable from client-side script. */
  httpOnly?: boolean;
  /** Expiry relative to now in milliseconds: sets both Max-Age (seconds) and Expires. */
  maxAge?: number | string;
  /** Path attribute; default `/`. */
  path?: string;
  /** Partitioned attribute (CHIPS). */
  partitioned?: boolean;
  /** Priority attribute: `low`, `medium` or `high` (any case). */
  priority?: 'low' | 'medium' | 'high' | 'Low' | 'Medium' | 'High';
  /** Secure attribute: sent over HTTPS only. */
  secure?: boolean;
  /** Sign the value with the cookie-parser secret (`req.secret`); read it from `req.signedCookies`. */
  signed?: boolean;
  /** SameSite attribute: `true` (Strict), `'strict'`, `'lax'` or `'none'` (any case); `false` omits it. */
  sameSite?: boolean | 'lax' | 'strict' | 'none' | 'Lax' | 'Strict' | 'None';
}

/** Message of the Error thrown when `signed` is asked for without a cookie-parser secret. */
export const NO_SECRET_MESSAGE = 'cookieParser("secret") required for signed cookies';

/**
 * Builds one Set-Cookie header value as express 5's `res.cookie` does: an object value is
 * sent as `j:` + JSON, anything else as `String(value)`; `signed` prefixes `s:` and appends
 * the HMAC of `secret` (throws when there is no secret); a numeric `maxAge` (ms) becomes
 * Max-Age in whole seconds plus the matching Expires; `path` defaults to `/`. Invalid names,
 * values (CR, LF, `;`...) and options throw a TypeError naming the culprit
 * (`argument name is invalid`, `option domain is invalid`...), so nothing invalid ever reaches
 * the header.
 */
export function serializeCookie(name: string, value: unknown, options: CookieOptions | undefined, secret: string | undefined): string {
  const opts: CookieOptions & Record<string, unknown> = { ...options };
  const signed = opts.signed;
  if (signed && !secret) throw new Error(NO_SECRET_MESSAGE);

  let val = typeof value === 'object' ? 'j:' + JSON.stringify(value) : String(value);
  if (signed) val = 's:' + sign(val, secret as string);

  if (opts.maxAge != null) {
    const maxAge = (opts.maxAge as number) - 0;
    if (!Number.isNaN(maxAge)) {
      opts.expires = new Date(Date.now() + maxAge);
      opts.maxAge = Math.floor(maxAge / 1000);
    }
  }
  if (opts.path == null) opts.path = '/';
  return cookie.serialize(name, val, opts as cookie.SerializeOptions);
}

/**
 * The options `res.clearCookie` serializes with: the caller's options (path `/` unless given)
 * with `expires` forced to 1 ms after the epoch and `maxAge` removed, as express 5 does
 * (express 4 honoured them).
 */
export function clearCookieOptions(options: CookieOptions | undefined): CookieOptions {
  const opts: CookieOptions = { path: '/', ...options, expires: new Date(1) };
  delete opts.maxAge;
  return opts;
}
