/**
 * The fetch handler's connection stand-in: what `req.socket` / `res.socket` are when the app
 * answers a web `Request` (fetch.ts). Node's `ServerResponse` writes the response to it as it
 * would to a TCP socket; each write goes to `onWrite` (which may hold the write's callback
 * until the reader of the `Response` body wants more: backpressure). It carries the
 * connection's facts the app reads (`remoteAddress`, `remotePort`, `remoteFamily`,
 * `encrypted` for an https URL, `localAddress`, `localPort`) and the socket methods middleware
 * calls (`setTimeout`, `setNoDelay`, `setKeepAlive`, `ref`, `unref`, `address`); destroying
 * it is the client going away.
 */
import { Duplex } from 'node:stream';

/** What the runtime tells about the connection. */
export interface ConnectionInfo {
  remoteAddress?: string;
  remotePort?: number;
  remoteFamily?: string;
  localAddress?: string;
  localPort?: number;
  encrypted: boolean;
}

/** Receives each write; calls `done` when the bytes are taken (later when the reader is full). */
export type WriteHandler = (bytes: Buffer, done: (err?: Error | null) => void) => void;

/** A duplex with no incoming bytes (the request body is given to `req` directly) whose writes go to `onWrite`. */
export class FetchSocket extends Duplex {
  readonly remoteAddress: string | undefined;
  readonly remotePort: number | undefined;
  readonly remoteFamily: string | undefined;
  readonly localAddress: string | undefined;
  readonly localPort: number | undefined;
  /** `true` for an https URL: `req.protocol`, `req.secure` read it (express reads `socket.encrypted`). */
  readonly encrypted: boolean | undefined;
  /** Called with each write, and `onEnd` when node ends the connection (after a response that runs until close). */
  onWrite: WriteHandler = (_bytes, done) => done();
  onEnd: () => void = () => {};
  onClose: () => void = () => {};
  /** Called when node's request wants more of the body (it resumes its socket to ask). */
  onResume: () => void = () => {};

  constructor(info: ConnectionInfo) {
    super({ allowHalfOpen: true });
    this.remoteAddress = info.remoteAddress;
    this.remotePort = info.remotePort;
    this.remoteFamily = info.remoteFamily;
    this.localAddress = info.localAddress;
    this.localPort = info.localPort;
    if (info.encrypted) this.encrypted = true;
    this.once('close', () => this.onClose());
  }

  override _read(): void {
    // the request body is pushed to `req` (fetch.ts); nothing arrives here
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null) => void): void {
    this.onWrite(chunk, callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (err?: Error | null) => void): void {
    this.onWrite(chunks.length === 1 ? chunks[0]!.chunk : Buffer.concat(chunks.map((c) => c.chunk)), callback);
  }

  override _final(callback: (err?: Error | null) => void): void {
    this.onEnd();
    callback();
  }

  /** node's request asks for more of its body: no bytes flow here, the request body's pump is told. */
  override resume(): this {
    this.onResume();
    return this;
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

  /** As `net.Socket#address`: the local end, as the runtime told it. */
  address(): { address?: string; port?: number; family?: string } {
    return { address: this.localAddress, port: this.localPort, family: this.remoteFamily };
  }
}
