import bodyParser, { raw } from '@webfw/body-parser';
import { answer, send, serveAll } from './support/helpers';

describe('raw()', () => {
  const s = serveAll(raw());

  it.each([
    [
      'should read an application/octet-stream body into a Buffer',
      'application/octet-stream',
      Buffer.from([0x00, 0x01, 0xff, 0x80, 0x7f]),
      'buffer',
      '0001ff807f',
    ],
    ['should read an empty body as an empty Buffer', 'application/octet-stream', Buffer.alloc(0), 'buffer', ''],
    ['should ignore the charset parameter, even an unknown one', 'application/octet-stream; charset=x-bogus', Buffer.from('hi'), 'buffer', '6869'],
    ['should skip other types and leave req.body undefined', 'application/pdf', Buffer.from('%PDF'), 'undefined', null],
  ])('%s', async (_title, contentType, bytes, kind, body) => {
    expect(await answer(s.port, contentType, bytes)).toEqual({ status: 200, json: { has: true, kind, body } });
  });

  it('should skip a request without a body', async () => {
    const res = await send(s.port, { method: 'GET', headers: { 'Content-Type': 'application/octet-stream' } });
    expect(res.json).toEqual({ has: true, kind: 'undefined', body: null });
  });

  it('should read a chunked body of several writes in order', async () => {
    const big = Buffer.alloc(70_000);
    for (let i = 0; i < big.length; i++) big[i] = i % 251;
    const res = await send(s.port, { headers: { 'Content-Type': 'application/octet-stream', 'Transfer-Encoding': 'chunked' }, body: big });
    expect(res.status).toBe(200);
    expect(res.json.body).toBe(big.toString('hex'));
  });

  it('should be reachable as bodyParser.raw', () => {
    expect(bodyParser.raw).toBe(raw);
  });
});
