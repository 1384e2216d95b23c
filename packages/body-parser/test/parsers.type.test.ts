import type { IncomingMessage } from 'node:http';
import { json, raw, text, urlencoded } from '@webfw/body-parser';
import { post, withServe } from './support/helpers';

async function parsedWith(
  type: Parameters<typeof json>[0] extends infer O ? (O extends { type?: infer T } ? T : never) : never,
  contentType: string | undefined,
): Promise<unknown> {
  return await withServe(json({ type }), async (s) => {
    const res = await post(s.port, contentType, '{"a":1}');
    expect(res.status).toBe(200);
    return res.json.body;
  });
}

describe('option type', () => {
  it('should match an extension name', async () => {
    expect(await parsedWith('json', 'application/json')).toEqual({ a: 1 });
    expect(await parsedWith('json', 'text/plain')).toBeNull();
  });

  it('should match a MIME type exactly', async () => {
    expect(await parsedWith('application/vnd.api+json', 'application/vnd.api+json; charset=utf-8')).toEqual({ a: 1 });
    expect(await parsedWith('application/vnd.api+json', 'application/json')).toBeNull();
  });

  it('should match a wildcard MIME type', async () => {
    expect(await parsedWith('application/*', 'application/merge-patch+json')).toEqual({ a: 1 });
    expect(await parsedWith('*/*', 'text/x-anything')).toEqual({ a: 1 });
    expect(await parsedWith('application/*', 'text/plain')).toBeNull();
  });

  it('should match a +suffix wildcard', async () => {
    expect(await parsedWith('+json', 'application/ld+json')).toEqual({ a: 1 });
    expect(await parsedWith('*/*+json', 'application/problem+json')).toEqual({ a: 1 });
    expect(await parsedWith('+json', 'application/json')).toBeNull();
  });

  it('should match any entry of an array', async () => {
    const type = ['application/json', 'text/plain'];
    expect(await parsedWith(type, 'text/plain')).toEqual({ a: 1 });
    expect(await parsedWith(type, 'application/json')).toEqual({ a: 1 });
    expect(await parsedWith(type, 'text/html')).toBeNull();
  });

  it('should never match a request without Content-Type, even with */*', async () => {
    expect(await parsedWith('*/*', undefined)).toBeNull();
  });

  it('should call a function with the request and parse when it returns truthy', async () => {
    const calls: string[] = [];
    const type = (req: IncomingMessage): boolean => {
      calls.push(String(req.headers['x-parse']));
      return req.headers['x-parse'] === 'yes';
    };
    await withServe(json({ type }), async (s) => {
      const yes = await post(s.port, 'text/plain', '{"a":1}', { 'X-Parse': 'yes' });
      expect(yes.json).toEqual({ has: true, kind: 'object', body: { a: 1 } });
      const no = await post(s.port, 'application/json', '{"a":1}', { 'X-Parse': 'no' });
      expect(no.json).toEqual({ has: true, kind: 'undefined', body: null });
      const none = await post(s.port, undefined, '{"a":1}', { 'X-Parse': 'yes' });
      expect(none.json).toEqual({ has: true, kind: 'object', body: { a: 1 } });
      expect(calls).toEqual(['yes', 'no', 'yes']);
    });
  });

  it("should use each parser's default type", async () => {
    await withServe([json(), urlencoded(), text(), raw()], async (s) => {
      expect((await post(s.port, 'application/json', '{"a":1}')).json.body).toEqual({ a: 1 });
      expect((await post(s.port, 'application/x-www-form-urlencoded', 'a=1')).json.body).toEqual({ a: '1' });
      expect((await post(s.port, 'text/plain', 'a=1')).json.body).toBe('a=1');
      expect((await post(s.port, 'application/octet-stream', 'a=1')).json.body).toBe('613d31');
      expect((await post(s.port, 'image/png', 'a=1')).json).toEqual({ has: true, kind: 'undefined', body: null });
    });
  });

  it('should apply to text, raw and urlencoded as well', async () => {
    await withServe([text({ type: 'text/*' }), raw({ type: 'image/*' }), urlencoded({ type: () => true })], async (s) => {
      expect((await post(s.port, 'text/html', '<b>')).json.body).toBe('<b>');
      expect((await post(s.port, 'image/png', 'PNG')).json.body).toBe('504e47');
      expect((await post(s.port, 'application/what', 'x=y')).json.body).toEqual({ x: 'y' });
    });
  });

  it('should give the same answer for a header it has already seen', async () => {
    await withServe(json({ type: ['application/json', 'application/*+json'] }), async (s) => {
      for (let i = 0; i < 3; i++) {
        expect((await post(s.port, 'application/ld+json', `{"i":${i}}`)).json.body).toEqual({ i });
        expect((await post(s.port, 'text/json', `{"i":${i}}`)).json.body).toBeNull();
      }
    });
  });
});
