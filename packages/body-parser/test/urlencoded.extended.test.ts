import { urlencoded } from '@webfw/body-parser';
import { answer, depthExceeded, post, serveAll } from './support/helpers';

const FORM = 'application/x-www-form-urlencoded';

describe('urlencoded({ extended: true })', () => {
  const s = serveAll(urlencoded({ extended: true }));

  it.each([
    ['should parse nested objects', 'user[name][first]=tobi&user[age]=3', { user: { name: { first: 'tobi' }, age: '3' } }],
    ['should parse arrays, by [] and by index', 'a[]=1&a[]=2&b[0]=x&b[1]=y&c=1&c=2', { a: ['1', '2'], b: ['x', 'y'], c: ['1', '2'] }],
    ['should turn an index above the array limit into an object key', 'a[150]=x&b[5]=y', { a: { '150': 'x' }, b: ['y'] }],
    [
      'should raise the array limit with the parameter count (more than 100 items stay an array)',
      Array.from({ length: 150 }, (_, i) => `a[]=${i}`).join('&'),
      { a: Array.from({ length: 150 }, (_, i) => String(i)) },
    ],
    ['should decode escaped brackets in keys', 'a%5Bb%5D=c', { a: { b: 'c' } }],
  ])('%s', async (_title, body, parsed) => {
    expect(await answer(s.port, FORM, body)).toEqual({ status: 200, json: { has: true, kind: 'object', body: parsed } });
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
    expect(await answer(s.port, FORM, body)).toEqual({ status: 400, json: { error: depthExceeded(body) } });
  });
});
