/**
 * The 4.x response prototype: the 5.x members (see ../response/response.ts) over the header methods of
 * the fast send path (../response/headers.ts; express 4's `expressInit` leaves X-Powered-By
 * pending as 5.x's `handle` does), with express 4's differences: `res.status`/`res.sendStatus` (./res-status.ts), `res.send`
 * (./res-send.ts), `res.json`/`res.jsonp` (./res-json.ts), Content-Types through mime 1.x
 * (./res-type.ts), `res.location`/`res.redirect` (./res-redirect.ts), `res.clearCookie`
 * (./res-clear-cookie.ts), `res.sendFile`/`res.sendfile` (./res-sendfile.ts), `res.vary`
 * (./res-vary.ts), `res.links` (./res-links.ts) and Content-Disposition
 * (./res-content-disposition.ts).
 */
import { ServerResponse } from 'node:http';
import { response as response5, type Response } from '../response/response';
import { headerMethods } from '../response/headers';
import type { SendFileOptions, TransferCallback } from '../response/file';
import { copyMembers } from './members';
import { clearCookieMember } from './res-clear-cookie';
import { dispositionMembers } from './res-content-disposition';
import { jsonMembers } from './res-json';
import { linksMember } from './res-links';
import { redirectMembers } from './res-redirect';
import { sendMember } from './res-send';
import { sendFileMembers } from './res-sendfile';
import { statusMembers } from './res-status';
import { typeMembers } from './res-type';
import { varyMember } from './res-vary';

/** The response of a 4.x app: 5.x's, with express 4's deprecated forms. */
export interface ResponseV4<ResBody = unknown, Locals extends Record<string, unknown> = Record<string, unknown>> extends Response<ResBody, Locals> {
  /** @deprecated `res.status(status).send(body)`. */
  send(status: number, body?: ResBody | string | Buffer | null): this;
  /** @deprecated `res.status(status).send(body)`. */
  send(body: ResBody | string | Buffer | null, status: number): this;
  send(body?: ResBody | string | Buffer | Uint8Array | null): this;
  /** @deprecated `res.status(status).json(obj)`. */
  json(status: number, body: ResBody): this;
  /** @deprecated `res.status(status).json(obj)`. */
  json(body: ResBody, status: number): this;
  json(body?: ResBody): this;
  /** @deprecated `res.status(status).jsonp(obj)`. */
  jsonp(status: number, body: ResBody): this;
  /** @deprecated `res.status(status).jsonp(obj)`. */
  jsonp(body: ResBody, status: number): this;
  jsonp(body?: ResBody): this;
  /** @deprecated `res.redirect(status, url)`. */
  redirect(url: string, status: number): void;
  redirect(url: string): void;
  redirect(status: number, url: string): void;
  /** @deprecated `res.sendFile`: sends the file at `path` (relative paths allowed, not URI-encoded). */
  sendfile(path: string, callback?: TransferCallback): void;
  sendfile(path: string, options: SendFileOptions, callback?: TransferCallback): void;
}

/** The response prototype every 4.x app's responses inherit from. */
/**
 * The header methods of the fast send path, on a level of their own under the 4.x response:
 * express 4's `express.response` lists none of them (its responses use node's, inherited).
 */
const headerLevel = Object.create(ServerResponse.prototype, headerMethods) as object;

export const response: ResponseV4 = copyMembers(headerLevel, response5, Object.keys(headerMethods), {
  ...statusMembers,
  ...sendMember,
  ...jsonMembers,
  ...typeMembers,
  ...redirectMembers,
  ...clearCookieMember,
  ...sendFileMembers,
  ...varyMember,
  ...linksMember,
  ...dispositionMembers,
});
