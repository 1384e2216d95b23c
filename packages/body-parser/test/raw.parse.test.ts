import bodyParser, { raw } from '@webfw/body-parser';
import { post, send, serve, type TestServer } from './helpers';

describe('raw()', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await serve(raw());
  });
  afterAll(() => s.close());

  it('should read an application/octet-stream body into a Buffer', async () => {
    const res = await post(s.port, 'application/octet-stream', Buffer.from([0x00, 0x01, 0xff, 0x80, 0x7f]));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ has: true, kind: 'buffer', body: '0001ff807f' });
  });

  it('should read an empty body as an empty Buffer', async () => {
    const res = await post(s.port, 'application/octet-stream', Buffer.alloc(0));
    expect(res.json).toEqual({ has: true, kind: 'buffer', body: '' });
  });

  it('should ignore the charset parameter, even an unknown one', async () => {
    const res = await post(s.port, 'application/octet-stream; charset=x-bogus', Buffer.from('hi'));
    expect(res.json).toEqual({ has: true, kind: 'buffer', body: '6869' });
  });

  it('should skip other types and leave req.body undefined', async () => {
    const res = await post(s.port, 'application/pdf', Buffer.from('%PDF'));
    expect(res.json).toEqual({ has: true, kind: 'undefined', body: null });
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
