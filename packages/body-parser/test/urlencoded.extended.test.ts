import { urlencoded } from '@webfw/body-parser';
import { post, serve, type TestServer } from './helpers';

const FORM = 'application/x-www-form-urlencoded';

describe('urlencoded({ extended: true })', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await serve(urlencoded({ extended: true }));
  });
  afterAll(() => s.close());

  it('should parse nested objects', async () => {
    const res = await post(s.port, FORM, 'user[name][first]=tobi&user[age]=3');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ has: true, kind: 'object', body: { user: { name: { first: 'tobi' }, age: '3' } } });
  });

  it('should parse arrays, by [] and by index', async () => {
    const res = await post(s.port, FORM, 'a[]=1&a[]=2&b[0]=x&b[1]=y&c=1&c=2');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { a: ['1', '2'], b: ['x', 'y'], c: ['1', '2'] } });
  });

  it('should turn an index above the array limit into an object key', async () => {
    const res = await post(s.port, FORM, 'a[150]=x&b[5]=y');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { a: { '150': 'x' }, b: ['y'] } });
  });

  it('should raise the array limit with the parameter count (more than 100 items stay an array)', async () => {
    const body = Array.from({ length: 150 }, (_, i) => `a[]=${i}`).join('&');
    const res = await post(s.port, FORM, body);
    expect(res.json).toEqual({ has: true, kind: 'object', body: { a: Array.from({ length: 150 }, (_, i) => String(i)) } });
  });

  it('should decode escaped brackets in keys', async () => {
    const res = await post(s.port, FORM, 'a%5Bb%5D=c');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { a: { b: 'c' } } });
  });

  it('should parse nesting at the default depth of 32 without error', async () => {
    const body = `a${'[b]'.repeat(32)}=1`;
    const res = await post(s.port, FORM, body);
    expect(res.status).toBe(200);
    let node = (res.json.body as { a: unknown }).a;
    for (let i = 0; i < 32; i++) node = (node as { b: unknown }).b;
    expect(node).toBe('1');
  });

  it('should 400 querystring.parse.rangeError for nesting deeper than the default depth', async () => {
    const body = `a${'[b]'.repeat(33)}=1`;
    const res = await post(s.port, FORM, body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        name: 'BadRequestError',
        message: 'The input exceeded the depth',
        status: 400,
        statusCode: 400,
        expose: true,
        type: 'querystring.parse.rangeError',
        body,
      },
    });
  });
});
