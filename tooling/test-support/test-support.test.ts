import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { completeResponses, nextEvent, parseResponse, rawBytes, rawRequest, request, until, withServer } from './index';

describe('completeResponses', () => {
  it('should count Content-Length framed responses only once their body is in', () => {
    const one = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok';
    expect(completeResponses(one)).toBe(1);
    expect(completeResponses(one.slice(0, -1))).toBe(0);
    expect(completeResponses(one + one)).toBe(2);
  });

  it('should count a chunked response once its last chunk is in', () => {
    const head = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n';
    expect(completeResponses(head + '2\r\nok\r\n')).toBe(0);
    expect(completeResponses(head + '2\r\nok\r\n0\r\n\r\n')).toBe(1);
  });
});

describe('parseResponse', () => {
  it('should split status, lower-cased headers and body bytes', () => {
    const res = parseResponse(Buffer.from('HTTP/1.1 404 Not Found\r\nX-A: 1\r\nX-A: 2\r\n\r\nbody', 'latin1'));
    expect(res).toEqual({ status: 404, headers: { 'x-a': '2' }, body: Buffer.from('body') });
  });
});

describe('raw and client requests', () => {
  it('should read a kept-alive answer as soon as it is complete, and one ended by the server', async () => {
    await withServer(
      (req, res) => res.end(`${req.method} ${req.url}`),
      async (server) => {
        const sockets: Socket[] = [];
        server.on('connection', (socket: Socket) => sockets.push(socket));
        const kept = await rawBytes(server, 'GET /a HTTP/1.1\r\nHost: x\r\n\r\n', { responses: 1 });
        // the server still holds the kept-alive connection: the complete answer settled it, not the close
        expect(sockets.map((socket) => socket.destroyed)).toEqual([false]);
        expect(parseResponse(kept).body.toString()).toBe('GET /a');
        expect(await rawRequest(server, 'PUT /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/\r\n\r\nPUT \/b$/);
        const res = await request(server, { method: 'PATCH', path: '/c' });
        expect([res.status, res.body.toString()]).toEqual([200, 'PATCH /c']);
      },
    );
  });
});

describe('until and nextEvent', () => {
  it('should resolve on the event that makes the check true, and reject after the timeout', async () => {
    const emitter = new EventEmitter();
    let n = 0;
    const waiting = until(emitter, 'tick', () => n >= 2);
    n = 1;
    emitter.emit('tick');
    n = 2;
    emitter.emit('tick');
    await waiting;
    expect(emitter.listenerCount('tick')).toBe(0);
    await expect(
      until(
        emitter,
        'tick',
        () => false,
        10,
        () => 'never',
      ),
    ).rejects.toThrow('never');
    const next = nextEvent(emitter, 'tick');
    emitter.emit('tick', 'a', 1);
    await expect(next).resolves.toEqual(['a', 1]);
  });
});
