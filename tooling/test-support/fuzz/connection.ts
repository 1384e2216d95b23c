/**
 * One keep-alive HTTP/1.1 connection driven byte by byte: write any request bytes, read back
 * exactly one response (framed by Content-Length, chunked coding, or the end of the connection),
 * and see whatever else the server sent. The fuzz properties use it to check that a request,
 * however hostile, leaves the connection able to carry the next one.
 */
import { connect, type Socket } from 'node:net';

/** One response as it came off the wire. */
export interface WireResponse {
  /** Status code of the status line. */
  status: number;
  /** The status line as sent. */
  statusLine: string;
  /** Header lines in order, names as sent. */
  headers: Array<[string, string]>;
  /** The head as sent (latin1, one char per byte), without the blank line that ends it. */
  head: string;
  /** The body, de-chunked. */
  body: Buffer;
  /** The server ended the connection after this response (or announced `Connection: close`). */
  closing: boolean;
}

/** What {@link Connection.exchange} resolves with when the server ended the connection without a (complete) response. */
export const CLOSED = 'closed' as const;

/** The value of header `name` (case-insensitive) in `response`, the first of several. */
export function headerOf(response: WireResponse, name: string): string | undefined {
  const lower = name.toLowerCase();
  return response.headers.find(([n]) => n.toLowerCase() === lower)?.[1];
}

/** Where a complete response ends in `data` (bytes from `start`), or -1 while incomplete; -2 for a body framed by the end of the connection. */
function responseEnd(data: Buffer, headEnd: number, head: string, noBody: boolean): { end: number; body: Buffer } | null | 'until-close' {
  const status = Number(head.slice(9, 12));
  if (noBody || status === 204 || status === 304 || (status >= 100 && status < 200)) return { end: headEnd, body: Buffer.alloc(0) };
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
    const parts: Buffer[] = [];
    let at = headEnd;
    for (;;) {
      const lineEnd = data.indexOf('\r\n', at, 'latin1');
      if (lineEnd === -1) return null;
      const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
      if (Number.isNaN(size)) throw new Error(`bad chunk size line: ${JSON.stringify(data.subarray(at, lineEnd).toString('latin1'))}`);
      if (size === 0) {
        const end = data.indexOf('\r\n\r\n', lineEnd, 'latin1');
        if (end === -1) return null;
        return { end: end + 4, body: Buffer.concat(parts) };
      }
      if (data.length < lineEnd + 2 + size + 2) return null;
      parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  if (length === null) return 'until-close';
  const end = headEnd + Number(length[1]);
  if (data.length < end) return null;
  return { end, body: data.subarray(headEnd, end) };
}

/** A raw keep-alive connection to a server on 127.0.0.1 (see the module comment). */
export class Connection {
  private readonly socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;
  private wake: (() => void) | null = null;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    const end = (): void => {
      this.ended = true;
      this.wake?.();
    };
    socket.on('end', end);
    socket.on('close', end);
    socket.on('error', end);
  }

  /** Opens a connection to `port` on 127.0.0.1; resolves once connected. */
  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new Connection(socket));
      });
      socket.once('error', reject);
    });
  }

  /** True once the server ended or the connection failed. */
  get closed(): boolean {
    return this.ended;
  }

  /** Bytes the server sent that no response read so far accounts for. */
  get unread(): Buffer {
    return this.buffer;
  }

  /** Writes `bytes` as they are (nothing is awaited). */
  write(bytes: string | Uint8Array): void {
    if (!this.ended) this.socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
  }

  /** Half-closes the connection (the server sees the end of the request stream). */
  end(): void {
    this.socket.end();
  }

  /** Closes the connection at once. */
  destroy(): void {
    this.socket.destroy();
    this.ended = true;
  }

  private waitForData(deadline: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.wake = null;
          reject(new Error(`no complete response in time; received so far: ${JSON.stringify(this.buffer.subarray(0, 200).toString('latin1'))}`));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  /**
   * Reads the next response (`noBody` for the answer to HEAD). Resolves with {@link CLOSED} when
   * the server ended the connection before a complete one; rejects after `timeoutMs`.
   */
  async read(options: { noBody?: boolean; timeoutMs?: number } = {}): Promise<WireResponse | typeof CLOSED> {
    const deadline = Date.now() + (options.timeoutMs ?? 5000);
    for (;;) {
      const split = this.buffer.indexOf('\r\n\r\n', 0, 'latin1');
      if (split !== -1) {
        const head = this.buffer.subarray(0, split).toString('latin1');
        const framed = responseEnd(this.buffer, split + 4, head, options.noBody === true);
        if (framed === 'until-close' ? this.ended : framed !== null) {
          const { end, body } = framed === 'until-close' ? { end: this.buffer.length, body: this.buffer.subarray(split + 4) } : framed!;
          const [statusLine = '', ...lines] = head.split('\r\n');
          const headers = lines.map((line): [string, string] => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon), line.slice(colon + 1).trim()];
          });
          this.buffer = this.buffer.subarray(end);
          const response: WireResponse = { status: Number(statusLine.slice(9, 12)), statusLine, headers, head, body: Buffer.from(body), closing: false };
          response.closing = framed === 'until-close' || /^close$/i.test(headerOf(response, 'connection') ?? '');
          return response;
        }
      }
      if (this.ended) return CLOSED;
      await this.waitForData(deadline);
    }
  }

  /** Writes `bytes` and reads the response to them ({@link Connection.read}). */
  exchange(bytes: string | Uint8Array, options: { noBody?: boolean; timeoutMs?: number } = {}): Promise<WireResponse | typeof CLOSED> {
    this.write(bytes);
    return this.read(options);
  }
}
