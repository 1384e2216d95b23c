/**
 * A raw HTTP/1.1 connection for the shutdown tests: write bytes when the test says so, see
 * everything the server sent, and whether (and how) the server closed the connection.
 */
import { connect, type Socket } from 'node:net';
import { EventEmitter } from 'node:events';
import { until } from '@webfw/test-support';

/** An open connection to 127.0.0.1:port. */
export interface RawConnection {
  socket: Socket;
  /** Everything received so far. */
  received: () => string;
  /** True once the server ended the connection (or it was reset). */
  closed: () => boolean;
  /** Resolves once `check(received)` holds, or the connection closed (then `check` must hold too). */
  waitFor: (check: (received: string) => boolean, timeoutMs?: number) => Promise<void>;
  /** Resolves once the connection closed. */
  waitClosed: (timeoutMs?: number) => Promise<void>;
}

/** Connects to 127.0.0.1:`port`; resolves once connected. */
export function openConnection(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const events = new EventEmitter();
    let data = '';
    let isClosed = false;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
      events.emit('change');
    });
    socket.on('error', () => undefined); // a reset shows as `closed()`
    socket.on('close', () => {
      isClosed = true;
      events.emit('change');
    });
    socket.once('connect', () => {
      socket.off('error', reject);
      const conn: RawConnection = {
        socket,
        received: () => data,
        closed: () => isClosed,
        async waitFor(check, timeoutMs = 10000) {
          await until(
            events,
            'change',
            () => check(data) || isClosed,
            timeoutMs,
            () => `no expected bytes after ${timeoutMs} ms; got:\n${data}`,
          );
          if (!check(data)) throw new Error(`connection closed before the expected bytes; got:\n${data}`);
        },
        waitClosed: (timeoutMs = 10000) =>
          until(
            events,
            'change',
            () => isClosed,
            timeoutMs,
            () => `connection still open after ${timeoutMs} ms; got:\n${data}`,
          ),
      };
      resolve(conn);
    });
    socket.once('error', reject);
  });
}

/** Resolves with 'connected' or the error code of a new TCP connection to 127.0.0.1:`port`. */
export function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}
