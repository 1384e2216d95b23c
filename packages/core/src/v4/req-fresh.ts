/**
 * 4.x (4.22.3): `req.fresh` also answers for QUERY requests (5.x: GET and HEAD only), with a
 * 2xx or 304 status, from the response's ETag and Last-Modified, by fresh 0.5.x, the version
 * express 4 pins (`~0.5.2`): both validators must hold (an If-None-Match that matches and an
 * If-Modified-Since that does not is stale), and `If-None-Match: *` matches nothing, where
 * fresh 2 (express 5) lets If-None-Match decide alone and `*` match.
 */
import fresh from 'fresh-v0';
import type { Request } from '../request/request';
import { getter } from './members';

function getFresh(this: Request): boolean {
  const method = this.method;
  const res = this.res;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'QUERY') return false;
  if (!res) return false;
  const status = res.statusCode;
  if ((status >= 200 && status < 300) || status === 304) {
    return fresh(this.headers, {
      etag: res.get('ETag') as string | undefined,
      'last-modified': res.get('Last-Modified') as string | undefined,
    });
  }
  return false;
}

export const freshMember: PropertyDescriptorMap = { fresh: getter(getFresh) };
