/**
 * The fetch handler's connection stand-in: what `req.socket` / `res.socket` are when the app
 * answers a web `Request` (handler.ts). It carries the connection's facts the app reads
 * (`remoteAddress`, `remotePort`, `remoteFamily`, `encrypted` for an https URL,
 * `localAddress`, `localPort`) and the socket members middleware uses (`setTimeout`,
 * `setNoDelay`, `setKeepAlive`, `ref`, `unref`, `address`, `destroy`, 'close', `readable`,
 * `writable`, `destroyed`); no bytes flow through it.
 *
 * It feeds the request body to `req` as the runtime delivers it (a small one whole, a larger
 * one pausing while `req` is full: node's request asks its socket for more with `resume`). It
 * is closed (`destroy`) when the client goes away (the request's `signal` aborts before the
 * answer, the request body fails, the response body is cancelled) or when the app destroys
 * it; the response is then told (response.ts `_lost`), on the next tick, as node's server
 * learns of a closed socket.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { FetchResponse } from './response';

/** What the runtime tells about the client's end of the connection. */
interface Peer {
  remoteAddress?: string;
  remotePort?: number;
  remoteFamily?: string;
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

const NO_PEER: Peer = {};

/**
 * The client's address, from what the runtime passed beside the request (`second`): Bun's
 * `server.requestIP(request)`, Deno's `info.remoteAddr`, else the `CF-Connecting-IP` header
 * (workerd).
 */
export function peerOf(request: Request, second: unknown): Peer {
  if (second !== null && typeof second === 'object') {
    if (typeof (second as BunServer).requestIP === 'function') {
      const ip = (second as BunServer).requestIP(request);
      if (ip) return { remoteAddress: ip.address, remotePort: ip.port, remoteFamily: ip.family };
    }
    const remote = (second as Partial<DenoInfo>).remoteAddr;
    if (remote && typeof remote.hostname === 'string')
      return { remoteAddress: remote.hostname, remotePort: remote.port, remoteFamily: familyOf(remote.hostname) };
  }
  const cf = request.headers.get('cf-connecting-ip');
  if (cf !== null) return { remoteAddress: cf, remoteFamily: familyOf(cf) };
  return NO_PEER;
}

/** The request's body as `req` gets it: one piece at a time, while `req` wants more. */
interface BodyPump {
  req: IncomingMessage;
  /** The body's reader; none for a small body read whole. */
  reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  /** Waiting for `req` to ask for more (its buffer was full). */
  waiting: boolean;
}

/**
 * The connections whose request's signal a sweep watches: those waiting since the sweep
 * before (`older`), those come since (`newer`), each left as soon as it is answered; and the
 * sweeps' timer.
 */
let older = new Set<FetchConnection>();
let newer = new Set<FetchConnection>();
let sweep: ReturnType<typeof setTimeout> | undefined;

/** Milliseconds between sweeps: an answer that took 20 to 40 ms has its request's signal watched. */
const SWEEP_MS = 20;

function sweepNow(): void {
  sweep = undefined;
  const due = older;
  older = newer;
  newer = new Set();
  for (const connection of due) connection._watchNow();
  if (older.size !== 0) startSweep();
}

function startSweep(): void {
  sweep = setTimeout(sweepNow, SWEEP_MS);
  (sweep as { unref?: () => void }).unref?.();
}

/** Has a sweep watch `connection`'s request signal if it still waits by then (one timer for all). */
function watchLater(connection: FetchConnection): void {
  newer.add(connection);
  if (sweep === undefined) startSweep();
}

/** `connection` answered: no sweep keeps it (nor its request and response) any longer. */
function unwatch(connection: FetchConnection): void {
  if (!newer.delete(connection)) older.delete(connection);
}

/** Bodies of at most this many bytes (by their Content-Length) are read whole. */
const WHOLE_BODY_LIMIT = 64 * 1024;

function closed(connection: FetchConnection, err: Error | undefined): void {
  connection._httpMessage?._lost();
  connection.emit('close', err !== undefined);
}

/** The connection of one request answered through `app.fetch` (see the file comment). */
export class FetchConnection extends EventEmitter {
  /** The runtime tells nothing of the local end. */
  readonly localAddress: string | undefined = undefined;
  readonly localPort: number | undefined = undefined;
  /** `true` for an https URL: `req.protocol`, `req.secure` read it (express reads `socket.encrypted`). */
  declare readonly encrypted: boolean | undefined;
  /** The request and what the runtime passed beside it, until the client's address is asked for. */
  _request: Request | undefined;
  _second: unknown;
  _peer: Peer | undefined = undefined;
  readable = true;
  writable = true;
  destroyed = false;
  _paused = false;
  /** The response using the connection (node's name for it). */
  _httpMessage: FetchResponse | null = null;
  _pump: BodyPump | undefined = undefined;
  _signal: AbortSignal | undefined = undefined;
  /** Closed because the client went away (not by the app). */
  _byClient = false;
  /** The request whose signal the next sweep watches (see `watch`). */
  _awaiting: Request | undefined = undefined;

  /** The connection of `request`, with what the runtime passed beside it (`second`), over TLS when `encrypted`. */
  constructor(request: Request, second: unknown, encrypted: boolean) {
    super();
    this._request = request;
    this._second = second;
    if (encrypted) (this as { encrypted?: boolean }).encrypted = true;
  }

  /** The client's end, asked of the runtime when first read. */
  _peerInfo(): Peer {
    let peer = this._peer;
    if (peer === undefined) {
      peer = this._peer = peerOf(this._request!, this._second);
      this._request = undefined;
      this._second = undefined;
    }
    return peer;
  }

  get remoteAddress(): string | undefined {
    return this._peerInfo().remoteAddress;
  }

  get remotePort(): number | undefined {
    return this._peerInfo().remotePort;
  }

  get remoteFamily(): string | undefined {
    return this._peerInfo().remoteFamily;
  }

  /**
   * Feeds `body` to `req` as it arrives; `req` ends with it. `req` asks for more through its
   * own `_read` (node's asks its socket to `resume`; workerd's reads a stream of its own).
   */
  startBody(request: Request, req: IncomingMessage, length: number): void {
    (req as unknown as { _read: () => void })._read = () => readBody(req as unknown as ReadingRequest, this);
    if (length <= WHOLE_BODY_LIMIT) {
      // a small body is taken whole (one call to the runtime, as node gets it in one piece)
      const pump: BodyPump = { req, reader: undefined, waiting: false };
      this._pump = pump;
      request.arrayBuffer().then(
        (bytes) => {
          if (this._pump !== pump || req.destroyed) return;
          this._pump = undefined;
          if (bytes.byteLength !== 0) req.push(Buffer.from(bytes));
          req.complete = true;
          req.push(null);
        },
        () => {
          if (this._pump === pump) this.clientGone();
        },
      );
      return;
    }
    this._pump = { req, reader: request.body!.getReader(), waiting: false };
    pumpNext(this);
  }

  /** After the response: the rest of the request body is not fetched, and `req` ends (read off, as node's server does). */
  stopBody(): void {
    const pump = this._pump;
    if (pump === undefined) return;
    this._pump = undefined;
    pump.reader?.cancel().catch(() => {});
    if (!pump.req.destroyed) pump.req.push(null);
  }

  /**
   * Until the app answers, the request's `signal` aborting is the client going away. The
   * signal is looked at only once the app has taken 20 to 40 ms (a sweep of `watchLater`):
   * nearly every answer comes before, even under load, and reading a request's signal is costly
   * on some runtimes (Deno). A client gone meanwhile is seen then (the signal
   * has aborted).
   */
  watch(request: Request): void {
    this._awaiting = request;
    watchLater(this);
  }

  /** The sweep's look at the request's signal (see `watch`). */
  _watchNow(): void {
    const request = this._awaiting;
    this._awaiting = undefined;
    if (request === undefined || this.destroyed) return;
    const signal = request.signal as AbortSignal | null | undefined;
    if (signal === undefined || signal === null) return;
    if (signal.aborted) {
      this.clientGone();
      return;
    }
    this._signal = signal;
    signal.addEventListener('abort', this);
  }

  /** The app answered: from here on the response body's stream tells when the client goes away. */
  answered(): void {
    if (this._awaiting !== undefined) {
      this._awaiting = undefined;
      unwatch(this);
    }
    const signal = this._signal;
    if (signal !== undefined) {
      this._signal = undefined;
      signal.removeEventListener('abort', this);
    }
  }

  /** The request's signal aborted (the connection is its own listener: no closure per request). */
  handleEvent(): void {
    this._signal = undefined;
    this.clientGone();
  }

  /** The client went away: the connection closes (its caller, if still waiting, gets a 499 no one will read). */
  clientGone(): void {
    if (this.destroyed) return;
    this._byClient = true;
    this.destroy();
  }

  /** The response finished: the connection is released. */
  released(): void {
    this.answered();
  }

  /** node's request asks for more of its body. */
  resume(): this {
    const pump = this._pump;
    if (pump !== undefined && pump.waiting) {
      pump.waiting = false;
      pumpNext(this);
    }
    return this;
  }

  pause(): this {
    return this;
  }

  /** Closes the connection: the client is gone (or cut off by the app). */
  destroy(err?: Error): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.readable = false;
    this.writable = false;
    this.answered();
    const pump = this._pump;
    if (pump !== undefined) {
      this._pump = undefined;
      pump.reader?.cancel().catch(() => {});
    }
    process.nextTick(closed, this, err);
    return this;
  }

  /** No bytes go through the stand-in: the response is written through `res`. */
  write(_chunk?: unknown, _encoding?: unknown, callback?: (err?: Error | null) => void): boolean {
    if (typeof _encoding === 'function') callback = _encoding as (err?: Error | null) => void;
    if (callback) process.nextTick(callback);
    return true;
  }

  end(): this {
    return this.destroy();
  }

  /** As `net.Socket#setTimeout`: the fetch runtime owns the connection's timeouts; a callback is kept as a `timeout` listener. */
  setTimeout(_ms: number, callback?: () => void): this {
    if (callback) this.once('timeout', callback);
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  cork(): void {}

  uncork(): void {}

  /** As `net.Socket#address`: the local end, as the runtime told it. */
  address(): { address?: string; port?: number; family?: string } {
    return { address: this.localAddress, port: this.localPort, family: this.remoteFamily };
  }
}

/** The members of node's request its `_read` sets. */
interface ReadingRequest {
  _consuming: boolean;
  _readableState: { readingMore: boolean };
}

/** `req._read` of a request with a body: as node's (the request is being consumed), then more of the body. */
function readBody(req: ReadingRequest, connection: FetchConnection): void {
  if (!req._consuming) {
    req._readableState.readingMore = false;
    req._consuming = true;
  }
  connection.resume();
}

/** Reads the next piece of the request body into `req`. */
function pumpNext(connection: FetchConnection): void {
  const pump = connection._pump!;
  pump.reader!.read().then(
    ({ done, value }) => {
      if (connection._pump !== pump) return;
      const req = pump.req;
      if (req.destroyed) return;
      if (done) {
        connection._pump = undefined;
        req.complete = true;
        req.push(null);
        return;
      }
      if (req.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) pumpNext(connection);
      else pump.waiting = true;
    },
    () => {
      // the request body failed: the client went away mid-upload
      if (connection._pump === pump) connection.clientGone();
    },
  );
}
