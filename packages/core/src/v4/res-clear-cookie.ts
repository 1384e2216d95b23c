/**
 * 4.x: `res.clearCookie(name, options)` honours `expires` and `maxAge` (5.x always expires
 * the cookie at once); passing them is deprecated since 4.20 (`res.clearCookie: Passing
 * "options.maxAge" is deprecated. ...`).
 */
import depd from 'depd';
import type { Response } from '../response/response';
import type { CookieOptions } from '../response/cookie';
import { method } from './members';

const deprecate = depd('express');

const IGNORED_IN_V5 =
  'is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.';

function clearCookie(this: Response, name: string, options?: CookieOptions): Response {
  if (options) {
    if (options.maxAge) deprecate(`res.clearCookie: Passing "options.maxAge" ${IGNORED_IN_V5}`);
    if (options.expires) deprecate(`res.clearCookie: Passing "options.expires" ${IGNORED_IN_V5}`);
  }
  const opts: Record<string, unknown> = { expires: new Date(1), path: '/' };
  for (const key in options) opts[key] = (options as Record<string, unknown>)[key];
  return this.cookie(name, '', opts as CookieOptions);
}

export const clearCookieMember: PropertyDescriptorMap = { clearCookie: method(clearCookie) };
