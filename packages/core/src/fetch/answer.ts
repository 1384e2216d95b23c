/**
 * The answer of the fetch handler's response (response.ts): the `Response` made when the head
 * goes out, with the whole body, a stream of what the app writes, or no body, and what follows
 * the last byte ('finish', the request read off, 'close').
 */
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import { indexOf, type Value } from './head';
import type { FetchResponse } from './response';

/** Whether this is Cloudflare's runtime (its documented `navigator.userAgent`). */
const IS_WORKERD = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === 'Cloudflare-Workers';

/** Bytes the body stream holds before `write` returns false (node's default for a socket). */
export const HIGH_WATER_MARK = 16 * 1024;

/** Headers that describe an HTTP/1.1 connection, not the response. */
function isConnectionHeader(key: string): boolean {
  return key === 'connection' || key === 'keep-alive' || key === 'transfer-encoding';
}

/** The statuses a `Response` may not have a body with. */
function isNullBodyStatus(status: number): boolean {
  return status === 204 || status === 304 || status === 205 || status === 101 || status === 103;
}

const EMPTY = new Uint8Array(0);

/** Adds a header to what the `Response` is made with (a value of a name already there is joined to it, as `Headers` does). */
function addHeader(headers: Record<string, string> | [string, string][], key: string, value: string): Record<string, string> | [string, string][] {
  if (Array.isArray(headers)) headers.push([key, value]);
  else {
    const old = headers[key];
    headers[key] = old === undefined ? value : `${old}, ${value}`;
  }
  return headers;
}

/** Headers as `[name, value]` pairs (so that Set-Cookie values stay apart). */
function pairsOf(headers: Record<string, string> | [string, string][]): [string, string][] {
  return Array.isArray(headers) ? headers : Object.entries(headers);
}

/** `text` as bytes in `encoding` (UTF-8 by default). */
export function bytesOf(text: string | Uint8Array, encoding?: BufferEncoding): Uint8Array {
  return typeof text === 'string' ? Buffer.from(text, encoding ?? 'utf8') : text;
}

/**
 * The head goes out: the `Response` is made and handed to the caller, with the whole body
 * `whole` (`end(whole)` before any write), a stream of what the app writes (`streamed`),
 * or no body (`end()` with nothing written, HEAD, 204, 304).
 */
export function sendHead(res: FetchResponse, whole: string | Uint8Array | undefined, streamed: boolean, encoding?: BufferEncoding): void {
  res._headOut = true;
  res._headerSent = true;
  const answer = res._answer;
  res._answer = undefined;
  if (answer === undefined) return;
  const status = res.statusCode;
  // the headers as an object, or as [name, value] pairs when a Set-Cookie has several values
  let headers: Record<string, string> | [string, string][] = {};
  const store = res._store;
  let typed = false;
  if (store !== null) {
    for (let i = 0; i < store.length; i += 3) {
      const key = store[i] as string;
      if (isConnectionHeader(key)) continue;
      const value = store[i + 2] as Value;
      if (key === 'content-type') typed = true;
      if (typeof value === 'string') addHeader(headers, key, value);
      else if (!Array.isArray(value)) addHeader(headers, key, String(value));
      else if (key !== 'set-cookie' || value.length < 2 || Array.isArray(headers)) for (const one of value) headers = addHeader(headers, key, String(one));
      else {
        headers = pairsOf(headers);
        for (const one of value) headers.push([key, String(one)]);
      }
    }
  }
  let body: ConstructorParameters<typeof Response>[0] = null;
  const bodyless = !res._hasBody || isNullBodyStatus(status) || res.req.method === 'HEAD';
  if (bodyless) {
    // (a HEAD answer keeps the headers its body would have had)
  } else if (streamed) {
    res.chunkedEncoding = true;
    body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          res._body = controller;
        },
        pull: () => res._pulled(),
        cancel: () => {
          res._socket?.clientGone();
        },
      },
      { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
    );
  } else if (whole !== undefined) {
    // a string goes as it is when its bytes are UTF-8 and it has its type (the runtime would
    // add text/plain to an untyped one)
    body = typeof whole === 'string' && typed && (encoding === undefined || encoding === 'utf8' || encoding === 'utf-8') ? whole : bytesOf(whole, encoding);
  } else {
    // an empty body, framed as the runtime sees fit unless a Content-Length is set
    body = EMPTY;
  }
  // node's Date (Bun and Deno add theirs; workerd adds none)
  if (IS_WORKERD && res.sendDate && (store === null || indexOf(store, 'date') === -1)) addHeader(headers, 'date', new Date().toUTCString());
  if (res._autoLength && !streamed) {
    const length = whole === undefined ? 0 : typeof whole === 'string' ? (res._contentLength ?? 0) : whole.byteLength;
    addHeader(headers, 'content-length', String(length));
  }
  let response: Response;
  try {
    response = new Response(body, { status, statusText: res.statusMessage ?? STATUS_CODES[status] ?? '', headers });
  } catch (err) {
    answer.reject(err);
    res.destroyed = true;
    res._socket?.destroy();
    return;
  }
  res._socket?.answered();
  answer.resolve(response);
}

/**
 * 'finish', then what node's server does after a response: what nobody read of the request
 * is read off (its body is not fetched any further), the connection is released, and 'close'
 * follows.
 */
export function finish(res: FetchResponse): void {
  res.emit('prefinish');
  res.emit('finish');
  const req = res.req as IncomingMessage & { _consuming?: boolean; _readableState?: { resumeScheduled?: boolean }; _dump?: () => void };
  if (!req._consuming && !req._readableState?.resumeScheduled) {
    const socket = res._socket;
    socket?.stopBody();
    if (typeof req._dump === 'function') req._dump();
    else req.resume();
  }
  const socket = res._socket;
  if (socket !== null) {
    socket.released();
    res.detachSocket(socket);
  }
  // (in the same tick: node's server emits it on the next one, before the request's end on
  // Node 20 to 24 as here; nothing can tell the two apart but a tick scheduled in between)
  emitClose(res);
}

/** Marks `res` destroyed and closed and emits 'close', once. */
export function emitClose(res: FetchResponse): void {
  if (res._closed) return;
  res.destroyed = true;
  res._closed = true;
  res.emit('close');
}
