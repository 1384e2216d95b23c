/**
 * The fetch handler's response side: node's `ServerResponse` writes an HTTP/1.1 response
 * (status line, header block, body framed by Content-Length or chunked, informational 1xx
 * heads before it) to the connection stand-in (fetch-socket.ts), and this reads those bytes
 * back, as they come, into a web `Response`: the status, the status text and every header
 * line (each Set-Cookie its own), less the connection's own headers (Connection, Keep-Alive,
 * Transfer-Encoding), and a body stream that gets each piece of the body as soon as node
 * writes it. The bytes are node's own, so the reader trusts their form; it only follows it.
 */

/** Headers that describe the HTTP/1.1 connection, not the response. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/** The statuses a `Response` may not have a body with. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

const CRLF2 = Buffer.from('\r\n\r\n');

/** What the reader hands on: the response's head, then the body's pieces, then its end. */
export interface ResponseSink {
  /** The final (not 1xx) head: a body follows unless `bodyless`. */
  head(status: number, statusText: string, headers: Headers, bodyless: boolean): void;
  /** A piece of the body. */
  body(piece: Uint8Array): void;
  /** The body is complete (by its framing). */
  end(): void;
}

const enum Framing {
  None,
  Length,
  Chunked,
  UntilClose,
}

/**
 * Reads one HTTP/1.1 response from the bytes given to `write`, in order, and tells `sink`.
 * `headRequest`: the request was HEAD (the response has a head only).
 */
export class ResponseReader {
  private buffered: Buffer = Buffer.alloc(0);
  private inHead = true;
  private framing = Framing.None;
  /** Body bytes left: of the Content-Length, or of the current chunk. */
  private left = 0;
  /** Chunked: reading a size line (true) or a chunk's data and its CRLF (false). */
  private atSize = true;
  private done = false;

  constructor(
    private readonly sink: ResponseSink,
    private readonly headRequest: boolean,
  ) {}

  /** Whether the response's body is complete (by its framing). */
  get complete(): boolean {
    return this.done;
  }

  /** The next bytes node wrote. */
  write(bytes: Buffer): void {
    if (this.done) return;
    this.buffered = this.buffered.length === 0 ? bytes : Buffer.concat([this.buffered, bytes]);
    while (!this.done && this.buffered.length !== 0) {
      if (this.inHead) {
        if (!this.readHead()) return;
      } else if (!this.readBody()) return;
    }
  }

  /** The connection ends: a body that runs until then is complete. */
  close(): void {
    if (this.done || this.inHead) return;
    if (this.framing === Framing.UntilClose) this.finish();
  }

  private finish(): void {
    this.done = true;
    this.sink.end();
  }

  /** One head (false: it is not all here yet). */
  private readHead(): boolean {
    const end = this.buffered.indexOf(CRLF2);
    if (end === -1) return false;
    const lines = this.buffered.toString('latin1', 0, end).split('\r\n');
    this.buffered = this.buffered.subarray(end + 4);
    const statusLine = lines[0]!;
    // `HTTP/1.1 200 OK`
    const status = Number(statusLine.slice(9, 12));
    const statusText = statusLine.slice(13);
    // an informational head (100 Continue, 103 Early Hints) comes before the response's own
    if (status >= 100 && status < 200 && status !== 101) return true;
    const headers = new Headers();
    let length = -1;
    let chunked = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'transfer-encoding' && /(?:^|,)\s*chunked\s*$/i.test(value)) chunked = true;
      if (name === 'content-length') length = Number(value);
      if (!CONNECTION_HEADERS.has(name)) headers.append(name, value);
    }
    this.inHead = false;
    const bodyless = this.headRequest || NULL_BODY.has(status);
    this.sink.head(status, statusText, headers, bodyless);
    if (bodyless || length === 0) {
      this.finish();
    } else if (chunked) {
      this.framing = Framing.Chunked;
    } else if (length > 0) {
      this.framing = Framing.Length;
      this.left = length;
    } else {
      this.framing = Framing.UntilClose;
    }
    return true;
  }

  /** Body bytes (false: waiting for more). */
  private readBody(): boolean {
    const buffered = this.buffered;
    if (this.framing === Framing.UntilClose) {
      this.buffered = Buffer.alloc(0);
      this.sink.body(buffered);
      return true;
    }
    if (this.framing === Framing.Length) {
      this.takeBody();
      if (this.left === 0) this.finish();
      return true;
    }
    return this.readChunked();
  }

  /** Hands on up to `left` buffered body bytes (of the Content-Length or of the current chunk). */
  private takeBody(): void {
    const buffered = this.buffered;
    const piece = buffered.length <= this.left ? buffered : buffered.subarray(0, this.left);
    this.left -= piece.length;
    this.buffered = buffered.subarray(piece.length);
    this.sink.body(piece);
  }

  /** Chunked framing: `<hex size>\r\n<data>\r\n` ..., ending with size 0 and the trailer section. */
  private readChunked(): boolean {
    const buffered = this.buffered;
    if (this.atSize) {
      const eol = buffered.indexOf('\r\n');
      if (eol === -1) return false;
      const size = parseInt(buffered.toString('latin1', 0, eol), 16);
      if (size === 0) {
        // the last chunk, then trailers (which a web Response cannot carry) up to an empty line
        const end = buffered.indexOf(CRLF2, eol - 2 < 0 ? 0 : eol - 2);
        if (end === -1) return false;
        this.buffered = buffered.subarray(end + 4);
        this.finish();
        return true;
      }
      this.left = size;
      this.atSize = false;
      this.buffered = buffered.subarray(eol + 2);
      return true;
    }
    if (this.left > 0) {
      this.takeBody();
      return true;
    }
    // the CRLF after a chunk's data
    if (buffered.length < 2) return false;
    this.buffered = buffered.subarray(2);
    this.atSize = true;
    return true;
  }
}
