/**
 * 4.x: `res.location('back')` and `res.redirect('back')` go to the Referrer (or `/`),
 * deprecated since 4.21 (`res.location("back"): use res.location(req.get("Referrer") || "/")
 * and refer to https://dub.sh/security-redirect for best practices`); `res.redirect(url,
 * status)` is deprecated (`res.redirect(url, status): Use res.redirect(status, url) instead`);
 * the HTML body is express 4's `<p>` (5.x: a whole page) and the status is set as given.
 */
import depd from 'depd';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import statuses from 'statuses';
import type { Response } from '../response/response';
import { method } from './members';

const deprecate = depd('express');

function location(this: Response, url: string): Response {
  let loc: string;
  if (url === 'back') {
    deprecate('res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices');
    loc = this.req.get('Referrer') || '/';
  } else {
    loc = String(url);
  }
  return this.set('Location', encodeUrl(loc));
}

function redirect(this: Response, url: string | number): void {
  let address = url as string;
  let status = 302;
  if (arguments.length === 2) {
    if (typeof arguments[0] === 'number') {
      status = arguments[0] as number;
      address = arguments[1] as string;
    } else {
      deprecate('res.redirect(url, status): Use res.redirect(status, url) instead');
      status = arguments[1] as number;
    }
  }
  address = this.location(address).get('Location') as string;
  let body = '';
  this.format({
    text: () => {
      body = `${String(statuses.message[status])}. Redirecting to ${address}`;
    },
    html: () => {
      body = `<p>${String(statuses.message[status])}. Redirecting to ${escapeHtml(address)}</p>`;
    },
    default: () => {
      body = '';
    },
  });
  this.statusCode = status;
  this.set('Content-Length', Buffer.byteLength(body));
  if (this.req.method === 'HEAD') this.end();
  else this.end(body);
}

export const redirectMembers: PropertyDescriptorMap = {
  location: method(location),
  redirect: method(redirect),
};
