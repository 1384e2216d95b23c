/**
 * The app as a web-standard fetch handler: `app.fetch(request, env?, ctx?)` answers a web
 * `Request` with a `Response`, so the same app serves `Bun.serve({ fetch: app.fetch })`,
 * `Deno.serve(app.fetch)` and `export default { fetch: app.fetch }` on workerd.
 *
 * The app runs exactly as under `node:http`: its request is node's `IncomingMessage` (born with
 * `app.request` as its prototype when the app has its classes, as `app.listen` gives them) with
 * the method, the URL's path and query, the headers (as `headers` and `rawHeaders`), HTTP/1.1
 * and the request body as its stream; its response is node's `ServerResponse`, whose HTTP/1.1
 * output is read back into the `Response` as it is written (fetch-response-reader.ts). Both
 * share a connection stand-in (fetch-socket.ts) with the client's address as the runtime gives
 * it: Bun's `server.requestIP(request)`, Deno's `info.remoteAddr`, else the `CF-Connecting-IP`
 * header (workerd). So every middleware that works on node's objects works here.
 *
 * The `Response` is given as soon as the app has sent its head; its body streams what the app
 * writes (backpressure: a write's callback waits while the reader of the body is full). A
 * client that goes away (the body stream cancelled, or the request's `signal` aborted) is a
 * closed connection to the app: `req` is aborted, `res` emits `close`.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { FetchSocket, type ConnectionInfo } from './fetch-socket';
import { ResponseReader } from './fetch-response-reader';
import { fetchOnWorkerd, IS_WORKERD } from './fetch-workerd';

/** The app as `fetchApp` calls it: node's request listener. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The classes the app's requests and responses are born with (application.ts), if it has them. */
export interface FetchClasses {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
}

/** Bun's `server.requestIP(request)`. */
interface BunServer {
  requestIP(request: Request): { address: string; family: string; port: number } | null;
}

/** Deno's `ServeHandlerInfo`. */
interface DenoInfo {
  remoteAddr: { hostname?: string; port?: number; transport?: string };
}

/** The address family node reports for `address`. */
const familyOf = (address: string): string => (address.includes(':') ? 'IPv6' : 'IPv4');

/** The client's address and the URL's scheme, from what the runtime passed beside the request. */
export function connectionInfo(request: Request, url: URL, second: unknown): ConnectionInfo {
  const encrypted = url.protocol === 'https:';
  if (second !== null && typeof second === 'object') {
    if (typeof (second as BunServer).requestIP === 'function') {
      const ip = (second as BunServer).requestIP(request);
      if (ip) return { remoteAddress: ip.address, remotePort: ip.port, remoteFamily: ip.family, encrypted };
    }
    const remote = (second as Partial<DenoInfo>).remoteAddr;
    if (remote && typeof remote.hostname === 'string') {
      return { remoteAddress: remote.hostname, remotePort: remote.port, remoteFamily: familyOf(remote.hostname), encrypted };
    }
  }
  const cf = request.headers.get('cf-connecting-ip');
  if (cf !== null) return { remoteAddress: cf, remoteFamily: familyOf(cf), encrypted };
  return { encrypted };
}

/** The request's headers as node gives them: `rawHeaders` (names lower case, as fetch keeps them) and `headers`. */
function nodeHeaders(request: Request, url: URL): { raw: string[]; headers: Record<string, string | string[]> } {
  const raw: string[] = [];
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of request.headers) {
    raw.push(name, value);
    if (name === 'set-cookie') ((headers[name] as string[] | undefined) ??= []).push(value);
    else headers[name] = value;
  }
  // what every HTTP/1.1 request has: a Host, and a framing for a body
  if (headers.host === undefined) {
    raw.unshift('host', url.host);
    headers.host = url.host;
  }
  if (request.body !== null && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
    raw.push('transfer-encoding', 'chunked');
    headers['transfer-encoding'] = 'chunked';
  }
  return { raw, headers };
}

/** The error a request gets when its client goes away, as node gives it. */
function abortedError(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}

/**
 * Answers `request` with the app `listener` (`classes`: the app's own request and response
 * classes, when it has them), `second` and `third` as the runtime passed them (workerd's `env`
 * and `ctx`, Bun's server, Deno's info: `req.env` and `req.ctx` when given). Resolves with the
 * `Response` once the app has sent its head; rejects when the app closes the connection
 * before that.
 */
export function fetchApp(listener: RequestListener, classes: FetchClasses | undefined, request: Request, second?: unknown, third?: unknown): Promise<Response> {
  if (IS_WORKERD) return fetchOnWorkerd(listener, request, second, third);
  const url = new URL(request.url);
  const socket = new FetchSocket(connectionInfo(request, url, second));
  // a connection's errors are the app's to see (on-finished listens); none is left unhandled
  socket.on('error', () => {});
  const req = new (classes?.IncomingMessage ?? IncomingMessage)(socket as never);
  req.method = request.method;
  req.url = url.pathname + url.search;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.httpVersion = '1.1';
  const { raw, headers } = nodeHeaders(request, url);
  req.rawHeaders = raw;
  req.headers = headers as IncomingMessage['headers'];
  if (second !== undefined) Object.defineProperty(req, 'env', { configurable: true, writable: true, value: second });
  if (third !== undefined) Object.defineProperty(req, 'ctx', { configurable: true, writable: true, value: third });
  const res = new (classes?.ServerResponse ?? ServerResponse)(req);

  return new Promise<Response>((resolve, reject) => {
    /** The response's head once read, until the Response is given. */
    let head: { status: number; statusText: string; headers: Headers; bodyless: boolean } | undefined;
    /** Body pieces read before the Response is given. */
    const pieces: Uint8Array[] = [];
    /** The body stream's controller, once the Response is given with a stream. */
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    /** A write's callback held while the body's reader is full. */
    let held: (() => void) | undefined;
    let answered = false;
    let finished = false;
    const release = (): void => {
      const done = held;
      held = undefined;
      done?.();
    };
    const reader = new ResponseReader(
      {
        head(status, statusText, responseHeaders, bodyless) {
          head = { status, statusText, headers: responseHeaders, bodyless };
        },
        body(piece) {
          // (a copy: the app may reuse a buffer it wrote)
          if (controller !== undefined) controller.enqueue(new Uint8Array(piece));
          else pieces.push(new Uint8Array(piece));
        },
        end() {
          controller?.close();
        },
      },
      request.method === 'HEAD',
    );
    /**
     * Gives the Response once the head is read: a complete body as it is (most answers arrive
     * whole in the write that carries the head), else a stream of what follows.
     */
    const answer = (): void => {
      answered = true;
      const { status, statusText, headers: responseHeaders, bodyless } = head!;
      let body: ConstructorParameters<typeof Response>[0] = null;
      if (!bodyless && reader.complete) body = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
      else if (!bodyless) {
        body = new ReadableStream<Uint8Array>(
          {
            start(c) {
              controller = c;
              for (const piece of pieces) c.enqueue(piece);
              if (reader.complete) c.close();
            },
            pull() {
              release();
            },
            cancel() {
              abort();
            },
          },
          { highWaterMark: 1 },
        );
      }
      pieces.length = 0;
      try {
        resolve(new Response(body, { status, statusText, headers: responseHeaders }));
      } catch (err) {
        reject(err);
      }
    };
    socket.onWrite = (bytes, done) => {
      reader.write(bytes);
      if (!answered && head !== undefined) answer();
      if (!answered || reader.complete || controller === undefined || (controller.desiredSize ?? 1) > 0) done();
      else held = done;
    };
    socket.onEnd = () => reader.close();
    socket.onClose = () => {
      release();
      if (!answered) reject(new Error('webfw: the app closed the connection without answering'));
      else if (!reader.complete) controller?.error(abortedError());
    };
    /** The client went away: a connection closed under the app. */
    function abort(): void {
      if (finished) return;
      if (!req.complete || !req.readableEnded) req.destroy(abortedError());
      socket.destroy();
    }
    request.signal?.addEventListener('abort', abort, { once: true });

    // After the response, as node's server does: what the app did not read of the request is
    // read off, the connection is released, and `res` emits `close`.
    res.on('finish', () => {
      finished = true;
      request.signal?.removeEventListener('abort', abort);
      reader.close();
      // (node's own steps: `_dump` reads off what nobody read, as the running node does it)
      const incoming = req as unknown as { _consuming?: boolean; _readableState?: { resumeScheduled?: boolean }; _dump?: () => void };
      if (!incoming._consuming && !incoming._readableState?.resumeScheduled) {
        if (typeof incoming._dump === 'function') incoming._dump();
        else req.resume();
      }
      res.detachSocket(socket as never);
      process.nextTick(() => {
        res.emit('close');
        socket.destroy();
      });
    });
    res.assignSocket(socket as never);
    // as node's server does: the response waiting to write more is told when the connection drained
    let needDrain: symbol | undefined;
    socket.on('drain', () => {
      if (!res.writableNeedDrain) return;
      needDrain ??= Object.getOwnPropertySymbols(res).find((key) => key.description === 'kNeedDrain');
      if (needDrain !== undefined) (res as unknown as Record<symbol, boolean>)[needDrain] = false;
      res.emit('drain');
    });

    pumpBody(request, req, socket);
    listener(req, res);
  });
}

/** Gives `req` the request body as it arrives, pausing while `req` is full (its reader resumes the socket). */
function pumpBody(request: Request, req: IncomingMessage, socket: FetchSocket): void {
  if (request.body === null) {
    req.complete = true;
    req.push(null);
    return;
  }
  const reader = request.body.getReader();
  let waiting: (() => void) | undefined;
  // node's request asks its socket for more (`resume`) when its reader wants it
  socket.onResume = () => {
    const go = waiting;
    waiting = undefined;
    go?.();
  };
  const pump = async (): Promise<void> => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (req.destroyed) return;
        if (done) {
          req.complete = true;
          req.push(null);
          return;
        }
        if (!req.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) await new Promise<void>((go) => (waiting = go));
      }
    } catch (err) {
      if (!req.destroyed) req.destroy(err as Error);
    }
  };
  void pump();
}
