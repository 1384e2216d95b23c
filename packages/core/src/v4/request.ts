/**
 * The 4.x request prototype: the 5.x members (see ../request/request.ts) but `req.query`, which the
 * `query` layer sets as a plain property (./query-parser.ts), with `req.param`
 * (./req-param.ts), the singular `accepts*` aliases (./req-accepts-aliases.ts), `req.host`
 * as the deprecated `req.hostname` (./req-host.ts), `req.fresh` by express 4's rules
 * (./req-fresh.ts) and `req.range` by express 4's parser (./req-range.ts).
 */
import { IncomingMessage } from 'node:http';
import { request as request5, type Request } from '../request/request';
import type { ParsedQuery } from '../application/settings';
import { copyMembers, method } from './members';
import { param } from './req-param';
import { acceptsAliases } from './req-accepts-aliases';
import { hostMembers } from './req-host';
import { freshMember } from './req-fresh';
import { rangeMember } from './req-range';

/** The request of a 4.x app: 5.x's, with a writable `req.query` and express 4's extra members. */
export interface RequestV4<P = Request['params'], ReqBody = unknown, ReqQuery = ParsedQuery> extends Omit<Request<P, ReqBody, ReqQuery>, 'query' | 'host'> {
  /** Query-string parameters, set by the `query` layer (a plain, writable property). */
  query: ReqQuery;
  /** @deprecated `req.hostname`: the host name without the port. */
  readonly host: string | undefined;
  /** @deprecated the first of `req.params[name]`, `req.body[name]`, `req.query[name]` set, else `defaultValue`. */
  param(name: string, defaultValue?: unknown): unknown;
  /** @deprecated `req.acceptsCharsets`. */
  acceptsCharset: Request['acceptsCharsets'];
  /** @deprecated `req.acceptsEncodings`. */
  acceptsEncoding: Request['acceptsEncodings'];
  /** @deprecated `req.acceptsLanguages`. */
  acceptsLanguage: Request['acceptsLanguages'];
}

/** The request prototype every 4.x app's requests inherit from. */
export const request: RequestV4 = copyMembers(IncomingMessage.prototype, request5, ['query', 'host', 'hostname', 'fresh', 'range'], {
  param: method(param),
  ...acceptsAliases,
  ...hostMembers,
  ...freshMember,
  ...rangeMember,
});
