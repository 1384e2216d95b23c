/**
 * The soaks' HTTP/1.1 clients over raw sockets (no agent, no parser between the load and the
 * server): a keep-alive client that checks each status, and one request on its own connection.
 */
import net from 'node:net';

/** Reads one answer off `buf`: its status and length in bytes, or null when it is not all there (Content-Length or chunked). */
export function parseAnswer(buf) {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd === -1) return null;
  const head = buf.subarray(0, headEnd).toString('latin1');
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length !== null) {
    const end = headEnd + 4 + Number(length[1]);
    return buf.length < end ? null : { status, end };
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) return { status, end: headEnd + 4 };
  let at = headEnd + 4;
  for (;;) {
    const eol = buf.indexOf('\r\n', at);
    if (eol === -1) return null;
    const size = parseInt(buf.toString('latin1', at, eol), 16);
    if (size === 0) return buf.length < eol + 4 ? null : { status, end: eol + 4 };
    at = eol + 2 + size + 2;
    if (buf.length < at) return null;
  }
}

/**
 * A keep-alive client: `next()` gives the request to send (`{ req, status }`, or null to stop);
 * a status other than `status` is pushed to `failures`, and each answer's latency (ns) told to
 * `done`. Resolves when stopped; rejects when the server closes the connection first.
 */
export function client(port, next, done, failures) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let buf = Buffer.alloc(0);
    let current = null;
    let sentAt = 0n;
    const send = () => {
      current = next();
      if (current === null) {
        socket.end();
        resolve();
        return;
      }
      sentAt = process.hrtime.bigint();
      socket.write(current.req);
    };
    socket.on('connect', send);
    socket.on('data', (chunk) => {
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      for (;;) {
        const answer = parseAnswer(buf);
        if (answer === null) return;
        buf = buf.subarray(answer.end);
        if (answer.status !== current.status)
          failures.push(`expected ${current.status}, got ${answer.status} for ${current.req.toString('latin1').split('\r\n')[0]}`);
        done(process.hrtime.bigint() - sentAt);
        send();
      }
    });
    socket.on('error', reject);
    socket.on('close', () => (current === null ? resolve() : reject(new Error('the server closed a keep-alive connection'))));
  });
}

/** One request on its own connection: its status and body, or null when the connection failed. */
export function once(port, req) {
  return new Promise((resolve) => {
    const chunks = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(req));
    socket.on('data', (d) => {
      chunks.push(d);
      const buf = Buffer.concat(chunks);
      const answer = parseAnswer(buf);
      if (answer !== null) {
        socket.destroy();
        const headEnd = buf.indexOf('\r\n\r\n');
        resolve({ status: answer.status, body: buf.toString('utf8', headEnd + 4, answer.end) });
      }
    });
    socket.on('error', () => resolve(null));
    socket.on('close', () => resolve(null));
  });
}

/** The server's own figures (`GET /__stats`, JSON): heap after a full GC, RSS, descriptors, and what else the server counts. */
export async function stats(port) {
  const answer = await once(port, Buffer.from('GET /__stats HTTP/1.1\r\nHost: soak\r\nConnection: close\r\n\r\n'));
  if (answer === null) throw new Error('the server did not answer /__stats');
  return JSON.parse(answer.body);
}
