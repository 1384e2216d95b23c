/**
 * Untouched responses: the header fast path of `res.send` / `res.json`.
 *
 * Node writes the header block cheapest when `res.writeHead(status, headers)` gets every
 * header at once and none was stored with `setHeader` before; each `setHeader` and the later
 * merge cost more than the rest of a small JSON response. So while a response's headers are
 * untouched, `X-Powered-By` is only pending, and `res.send` / `res.json` hand all their
 * headers to one `writeHead` call.
 *
 * The pending header stays invisible to users: every header method of the response
 * (`setHeader`, `getHeader`, `writeHead`, ...) first stores it with node's `setHeader`, exactly
 * where express would have put it. From then on the response is a plain node response.
 * After a fast send, the header readers answer from the headers that were written. A response
 * whose `writeHead` is hooked (`on-headers` style, as compression and express-session do) is
 * sent the way express sends it, headers in node's store, so the hook sees and changes what
 * express would show it.
 *
 * Its measured worth is in docs/performance.md's table of tricks (tooling/bench/ablation/tricks.mjs).
 */
import { ServerResponse, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import { HEADER_STATE } from '../utils/symbols';

/** No header stored yet, none pending. */
const UNTOUCHED = 1;
/** No header stored yet; `X-Powered-By: webfw` pending. */
const UNTOUCHED_POWERED = 2;
/** Node's header store is the truth (the state of every response outside the fast path). */
const SETTLED = 0;

/**
 * The header state of a response, kept under `HEADER_STATE` (../utils/symbols.ts); the only type of it.
 * `UNTOUCHED`/`UNTOUCHED_POWERED` while the fast path is open, `SETTLED` (or never set) once
 * node's store holds the headers, or the flat `[name, value, ...]` list a fast send wrote.
 */
export type HeaderState = typeof UNTOUCHED | typeof UNTOUCHED_POWERED | typeof SETTLED | string[] | undefined;

type StatefulResponse = ServerResponse & { [HEADER_STATE]?: HeaderState };

const node = ServerResponse.prototype;
const nodeSetHeader = node.setHeader;
const nodeGetHeader = node.getHeader;
const nodeGetHeaders = node.getHeaders;
const nodeGetHeaderNames = node.getHeaderNames;
const nodeGetRawHeaderNames = (node as { getRawHeaderNames?: () => string[] }).getRawHeaderNames;
const nodeHasHeader = node.hasHeader;
const nodeRemoveHeader = node.removeHeader;
const nodeAppendHeader = (node as { appendHeader?: ServerResponse['appendHeader'] }).appendHeader;
const nodeSetHeaders = (node as { setHeaders?: (headers: unknown) => ServerResponse }).setHeaders;
const nodeWriteHead = node.writeHead;

/**
 * Opens the fast path for a response an app starts handling: when node's store has no
 * header yet, `X-Powered-By` (when `poweredBy`) stays pending; otherwise (or when the path is
 * already closed) it is stored with `setHeader`, as express does. A mounted app that enables
 * the header on an open response makes it pending too.
 */
export function startHeaders(res: ServerResponse, poweredBy: boolean): void {
  const r = res as StatefulResponse;
  const state = r[HEADER_STATE];
  if (state === undefined) {
    // only node's own responses (mocks and other stand-ins keep express's plain setHeader)
    if (res instanceof ServerResponse && nodeGetHeaderNames.call(res).length === 0) {
      r[HEADER_STATE] = poweredBy ? UNTOUCHED_POWERED : UNTOUCHED;
      return;
    }
    r[HEADER_STATE] = SETTLED;
  } else if (state === UNTOUCHED || state === UNTOUCHED_POWERED) {
    if (poweredBy) r[HEADER_STATE] = UNTOUCHED_POWERED;
    return;
  }
  if (poweredBy) res.setHeader('X-Powered-By', 'webfw');
}

/**
 * Whether `res` still has untouched headers and webfw's own `setHeader` (the fast send may be
 * used: a `setHeader` put on the response by middleware sees every header of a send, as with
 * express).
 */
export function isUntouched(res: ServerResponse): boolean {
  const state = (res as StatefulResponse)[HEADER_STATE];
  return (state === UNTOUCHED || state === UNTOUCHED_POWERED) && res.setHeader === setHeader;
}

/**
 * Sends a complete response on an untouched response: status `code`, `X-Powered-By` when
 * pending, Content-Type `type`, Content-Length, the ETag when `etag` is given, then `body`;
 * all through one call of node's `writeHead`, or, when the response's `writeHead` is hooked,
 * through node's header store as express does (so the hook sees every header). The caller has
 * checked `isUntouched(res)`.
 */
export function sendUntouched(res: ServerResponse, code: number, type: string, body: string | Buffer, length: number, etag: string | undefined): void {
  const r = res as StatefulResponse;
  if (res.writeHead !== writeHead) {
    // A writeHead hook (on-headers: compression, express-session, response-time, ...) sees
    // and may change the headers in node's store, as with express: store them the way
    // express's res.send does and let `end` write the head.
    settle(r);
    nodeSetHeader.call(res, 'Content-Type', type);
    nodeSetHeader.call(res, 'Content-Length', String(length));
    if (etag !== undefined) nodeSetHeader.call(res, 'ETag', etag);
    res.statusCode = code;
    if (typeof body !== 'string') res.end(body);
    else endText(res, body, length, etag !== undefined);
    return;
  }
  const headers =
    r[HEADER_STATE] === UNTOUCHED_POWERED
      ? ['X-Powered-By', 'webfw', 'Content-Type', type, 'Content-Length', String(length)]
      : ['Content-Type', type, 'Content-Length', String(length)];
  if (etag !== undefined) headers.push('ETag', etag);
  r[HEADER_STATE] = headers;
  nodeWriteHead.call(res, code, headers);
  // only webfw's own (ASCII) header values: the encoding of the header block cannot show
  res.end(body, 'utf8');
}

/**
 * Ends `res` with a string body of `length` UTF-8 bytes, writing the header block in the
 * bytes express 5 would. Node joins a not yet written header block to a string body and
 * encodes both with the body's encoding, so a header value with characters U+0080..U+00FF
 * goes out as UTF-8 there, and as latin1 (the bytes `setHeader` stores) before a Buffer body.
 * express makes the body a Buffer when it generates an ETag (`etagMade`) or the string has
 * 1000+ characters: latin1 headers then, UTF-8 otherwise. An ASCII body is the same bytes in
 * latin1, so it is written as a latin1 string (no copy); any other becomes a Buffer.
 */
export function endText(res: ServerResponse, text: string, length: number, etagMade: boolean): void {
  if (!etagMade && text.length < 1000) res.end(text, 'utf8');
  else if (length === text.length) res.end(text, 'latin1');
  else res.end(Buffer.from(text, 'utf8'));
}

/** Makes node's header store the truth before a header method runs: stores a pending `X-Powered-By`. */
function settle(res: StatefulResponse): void {
  const state = res[HEADER_STATE];
  if (state === UNTOUCHED_POWERED) {
    res[HEADER_STATE] = SETTLED;
    nodeSetHeader.call(res, 'X-Powered-By', 'webfw');
  } else if (state === UNTOUCHED) {
    res[HEADER_STATE] = SETTLED;
  }
}

/** The headers a fast send wrote, when the response went out that way (else undefined). */
function written(res: StatefulResponse): string[] | undefined {
  const state = res[HEADER_STATE];
  return Array.isArray(state) ? state : undefined;
}

function writtenValue(list: string[], name: string): string | undefined {
  // names are compared as written first (the usual case), then without case
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1];
  let lower: string | undefined;
  for (let i = 0; i < list.length; i += 2) {
    const written = list[i] as string;
    if (written.length !== name.length) continue;
    lower ??= name.toLowerCase();
    if (written.toLowerCase() === lower) return list[i + 1];
  }
  return undefined;
}

function setHeader(this: StatefulResponse, name: string, value: number | string | readonly string[]): ServerResponse {
  settle(this);
  return nodeSetHeader.call(this, name, value);
}

function appendHeader(this: StatefulResponse, name: string, value: string | readonly string[]): ServerResponse {
  settle(this);
  return nodeAppendHeader!.call(this, name, value);
}

function setHeaders(this: StatefulResponse, headers: unknown): ServerResponse {
  settle(this);
  return (nodeSetHeaders as (this: ServerResponse, headers: unknown) => ServerResponse).call(this, headers);
}

function removeHeader(this: StatefulResponse, name: string): void {
  settle(this);
  nodeRemoveHeader.call(this, name);
}

function getHeader(this: StatefulResponse, name: string): number | string | string[] | undefined {
  const list = written(this);
  if (list !== undefined) return writtenValue(list, name);
  settle(this);
  return nodeGetHeader.call(this, name);
}

function hasHeader(this: StatefulResponse, name: string): boolean {
  const list = written(this);
  if (list !== undefined) return writtenValue(list, name) !== undefined;
  settle(this);
  return nodeHasHeader.call(this, name);
}

function getHeaders(this: StatefulResponse): OutgoingHttpHeaders {
  const list = written(this);
  if (list === undefined) {
    settle(this);
    return nodeGetHeaders.call(this);
  }
  const headers = Object.create(null) as OutgoingHttpHeaders;
  for (let i = 0; i < list.length; i += 2) headers[(list[i] as string).toLowerCase()] = list[i + 1] as OutgoingHttpHeader;
  return headers;
}

function getHeaderNames(this: StatefulResponse): string[] {
  const list = written(this);
  if (list === undefined) {
    settle(this);
    return nodeGetHeaderNames.call(this);
  }
  const names: string[] = [];
  for (let i = 0; i < list.length; i += 2) names.push((list[i] as string).toLowerCase());
  return names;
}

function getRawHeaderNames(this: StatefulResponse): string[] {
  const list = written(this);
  if (list === undefined) {
    settle(this);
    return (nodeGetRawHeaderNames as (this: ServerResponse) => string[]).call(this);
  }
  const names: string[] = [];
  for (let i = 0; i < list.length; i += 2) names.push(list[i] as string);
  return names;
}

function writeHead(this: StatefulResponse, ...args: unknown[]): ServerResponse {
  settle(this);
  return (nodeWriteHead as (this: ServerResponse, ...a: unknown[]) => ServerResponse).apply(this, args);
}

function method(value: unknown): PropertyDescriptor {
  return { configurable: true, enumerable: true, writable: true, value };
}

/**
 * The header methods of webfw's response prototype: node's own, made aware of the pending
 * `X-Powered-By` and of fast sends. Methods node lacks (older versions) are left out.
 */
export const headerMethods: PropertyDescriptorMap = {
  setHeader: method(setHeader),
  removeHeader: method(removeHeader),
  getHeader: method(getHeader),
  getHeaders: method(getHeaders),
  getHeaderNames: method(getHeaderNames),
  hasHeader: method(hasHeader),
  writeHead: method(writeHead),
  ...(nodeAppendHeader ? { appendHeader: method(appendHeader) } : {}),
  ...(nodeSetHeaders ? { setHeaders: method(setHeaders) } : {}),
  ...(nodeGetRawHeaderNames ? { getRawHeaderNames: method(getRawHeaderNames) } : {}),
};
