import cookieParser from 'cookie-parser';
import request from 'supertest';
import { appFor } from './support/res';
import type { CookieOptions } from '../src/response/response';

/** An app whose handler sets one cookie `name=value` with the given options. */
function cookieApp(value: unknown, options?: CookieOptions) {
  return appFor((_req, res) => {
    res.cookie('name', value, options).end();
  });
}

async function setCookies(app: ReturnType<typeof appFor>): Promise<string[]> {
  const res = await request(app).get('/').expect(200);
  return res.headers['set-cookie'] as unknown as string[];
}

describe('res.cookie(name, value [, options])', () => {
  it('should set a cookie with Path=/', async () => {
    expect(await setCookies(cookieApp('tobi'))).toEqual(['name=tobi; Path=/']);
  });

  it('should URI-encode the value', async () => {
    expect(await setCookies(cookieApp('a b;c=d,é'))).toEqual(['name=a%20b%3Bc%3Dd%2C%C3%A9; Path=/']);
  });

  it('should send an object as j: + JSON', async () => {
    expect(await setCookies(cookieApp({ foo: 'bar' }))).toEqual(['name=j%3A%7B%22foo%22%3A%22bar%22%7D; Path=/']);
  });

  it('should stringify other values', async () => {
    expect(await setCookies(cookieApp(5))).toEqual(['name=5; Path=/']);
    expect(await setCookies(cookieApp(null))).toEqual(['name=j%3Anull; Path=/']);
  });

  it('should set several cookies and be chainable', async () => {
    const app = appFor((_req, res) => {
      res.cookie('a', '1').cookie('b', '2').end();
    });
    expect(await setCookies(app)).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  describe('options', () => {
    it('domain: should set Domain', async () => {
      expect(await setCookies(cookieApp('v', { domain: 'example.com' }))).toEqual(['name=v; Domain=example.com; Path=/']);
    });

    it('path: should set Path', async () => {
      expect(await setCookies(cookieApp('v', { path: '/admin' }))).toEqual(['name=v; Path=/admin']);
    });

    it('expires: should set Expires', async () => {
      expect(await setCookies(cookieApp('v', { expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)) }))).toEqual([
        'name=v; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT',
      ]);
    });

    it('maxAge: should set Max-Age in seconds and the matching Expires', async () => {
      const before = Date.now();
      const [header] = await setCookies(cookieApp('v', { maxAge: 90_500 }));
      const m = /^name=v; Max-Age=90; Path=\/; Expires=(.+)$/.exec(header as string);
      expect(m).not.toBeNull();
      const expires = Date.parse((m as RegExpExecArray)[1] as string);
      expect(expires).toBeGreaterThanOrEqual(Math.floor((before + 90_500) / 1000) * 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 90_500);
    });

    it('maxAge: should accept a numeric string and a negative value', async () => {
      expect((await setCookies(cookieApp('v', { maxAge: '2000' })))[0]).toMatch(/^name=v; Max-Age=2; Path=\/; Expires=/);
      expect((await setCookies(cookieApp('v', { maxAge: -1000 })))[0]).toMatch(/^name=v; Max-Age=-1; Path=\/; Expires=/);
    });

    it('maxAge: should win over expires', async () => {
      const [header] = await setCookies(cookieApp('v', { maxAge: 1000, expires: new Date(0) }));
      expect(header).toMatch(/^name=v; Max-Age=1; Path=\/; Expires=/);
      expect(header).not.toContain('1970');
    });

    it('httpOnly: should set HttpOnly', async () => {
      expect(await setCookies(cookieApp('v', { httpOnly: true }))).toEqual(['name=v; Path=/; HttpOnly']);
    });

    it('secure: should set Secure', async () => {
      expect(await setCookies(cookieApp('v', { secure: true }))).toEqual(['name=v; Path=/; Secure']);
    });

    it('partitioned: should set Partitioned', async () => {
      expect(await setCookies(cookieApp('v', { partitioned: true, secure: true }))).toEqual(['name=v; Path=/; Secure; Partitioned']);
    });

    it('priority: should set Priority', async () => {
      expect(await setCookies(cookieApp('v', { priority: 'high' }))).toEqual(['name=v; Path=/; Priority=High']);
      expect(await setCookies(cookieApp('v', { priority: 'Low' }))).toEqual(['name=v; Path=/; Priority=Low']);
      expect(await setCookies(cookieApp('v', { priority: 'medium' }))).toEqual(['name=v; Path=/; Priority=Medium']);
    });

    it('sameSite: should set SameSite', async () => {
      expect(await setCookies(cookieApp('v', { sameSite: true }))).toEqual(['name=v; Path=/; SameSite=Strict']);
      expect(await setCookies(cookieApp('v', { sameSite: 'strict' }))).toEqual(['name=v; Path=/; SameSite=Strict']);
      expect(await setCookies(cookieApp('v', { sameSite: 'lax' }))).toEqual(['name=v; Path=/; SameSite=Lax']);
      expect(await setCookies(cookieApp('v', { sameSite: 'None', secure: true }))).toEqual(['name=v; Path=/; Secure; SameSite=None']);
      expect(await setCookies(cookieApp('v', { sameSite: false }))).toEqual(['name=v; Path=/']);
    });

    it('encode: should encode the value with the given function', async () => {
      expect(await setCookies(cookieApp('a b', { encode: (v) => v.replace(' ', '+') }))).toEqual(['name=a+b; Path=/']);
    });

    it('should combine every attribute in a fixed order', async () => {
      const all: CookieOptions = {
        domain: 'example.com',
        path: '/p',
        expires: new Date(0),
        httpOnly: true,
        secure: true,
        partitioned: true,
        priority: 'high',
        sameSite: 'lax',
      };
      expect(await setCookies(cookieApp('v', all))).toEqual([
        'name=v; Domain=example.com; Path=/p; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; Partitioned; Priority=High; SameSite=Lax',
      ]);
    });

    it('should ignore a null maxAge and a falsy expires', async () => {
      expect(await setCookies(cookieApp('v', { maxAge: null as unknown as number, expires: 0 as unknown as Date }))).toEqual(['name=v; Path=/']);
    });

    it('should not modify the options object passed', async () => {
      const options: CookieOptions = { maxAge: 1000 };
      await setCookies(cookieApp('v', options));
      expect(options).toEqual({ maxAge: 1000 });
    });
  });

  describe('signed', () => {
    it('should sign the value with the cookie-parser secret', async () => {
      const app = appFor(
        (_req, res) => {
          res.cookie('user', { id: 1 }, { signed: true }).cookie('plain', 'x', { signed: true }).end();
        },
        (a) => a.use(cookieParser('keyboard cat')),
      );
      expect(await setCookies(app)).toEqual([
        'user=s%3Aj%3A%7B%22id%22%3A1%7D.M%2FNgz371odKBL1x%2FzZd4mnXNyZzwEodE3%2BhZsZMfb00; Path=/',
        'plain=s%3Ax.QbtlXSTVNejzRVcfI9s8EX1VrPh6zJMbOtCoEMLgPmM; Path=/',
      ]);
    });

    it('should be read back by cookie-parser as a signed cookie', async () => {
      const app = appFor(
        (req, res) => {
          if (req.path === '/set') return res.cookie('user', 'tobi', { signed: true }).end();
          res.json({ signed: req.signedCookies, plain: req.cookies });
        },
        (a) => a.use(cookieParser('keyboard cat')),
      );
      const set = await request(app).get('/set').expect(200);
      const cookie = (set.headers['set-cookie'] as unknown as string[])[0]?.split(';')[0] as string;
      await request(app)
        .get('/read')
        .set('Cookie', cookie)
        .expect(200, { signed: { user: 'tobi' }, plain: {} });
      await request(app)
        .get('/read')
        .set('Cookie', cookie.replace('tobi', 'root'))
        .expect(200, { signed: { user: false }, plain: {} });
    });

    it('should throw without a secret', async () => {
      const app = cookieApp('v', { signed: true });
      await request(app).get('/').expect(500, { name: 'Error', message: 'cookieParser("secret") required for signed cookies' });
    });
  });

  describe('with hostile or invalid input', () => {
    const echo = appFor((req, res) => {
      res.cookie(String(req.query.name ?? 'name'), req.query.value, JSON.parse(String(req.query.options ?? '{}')) as CookieOptions).end();
    });
    const get = (query: Record<string, string>) => request(echo).get('/?' + new URLSearchParams(query).toString());

    it('should encode CR/LF in a value so no header can be injected', async () => {
      const res = await get({ value: 'x\r\nSet-Cookie: admin=1' }).expect(200);
      expect(res.headers['set-cookie']).toEqual(['name=x%0D%0ASet-Cookie%3A%20admin%3D1; Path=/']);
    });

    it('should throw for a value the encoder leaves invalid', async () => {
      const app = appFor((_req, res) => {
        res.cookie('name', 'a\r\nb', { encode: String }).end();
      });
      await request(app).get('/').expect(500, { name: 'TypeError', message: 'argument val is invalid' });
    });

    it('should throw for a value with a quote, comma, backslash or space left by the encoder', async () => {
      for (const value of ['a"b', 'a,b', 'a\\b', 'a b']) {
        const app = appFor((_req, res) => {
          res.cookie('name', value, { encode: String }).end();
        });
        await request(app).get('/').expect(500, { name: 'TypeError', message: 'argument val is invalid' });
      }
    });

    it('should throw for an invalid name', async () => {
      await get({ name: 'a b', value: 'v' }).expect(500, { name: 'TypeError', message: 'argument name is invalid' });
      await get({ name: 'a;b=c', value: 'v' }).expect(500, { name: 'TypeError', message: 'argument name is invalid' });
      await get({ name: 'a\r\nb', value: 'v' }).expect(500, { name: 'TypeError', message: 'argument name is invalid' });
      for (const name of ['a/b', 'a"b', 'a(b)', 'a,b', 'a@b', 'é']) {
        await get({ name, value: 'v' }).expect(500, { name: 'TypeError', message: 'argument name is invalid' });
      }
    });

    it('should throw for an invalid domain', async () => {
      await get({ value: 'v', options: JSON.stringify({ domain: 'a.com; Path=/x' }) }).expect(500, { name: 'TypeError', message: 'option domain is invalid' });
    });

    it('should throw for an invalid path', async () => {
      await get({ value: 'v', options: JSON.stringify({ path: '/a\nb' }) }).expect(500, { name: 'TypeError', message: 'option path is invalid' });
      await get({ value: 'v', options: JSON.stringify({ path: '/a;HttpOnly' }) }).expect(500, { name: 'TypeError', message: 'option path is invalid' });
    });

    it('should throw for an invalid sameSite or priority', async () => {
      await get({ value: 'v', options: JSON.stringify({ sameSite: 'sometimes' }) }).expect(500, { name: 'TypeError', message: 'option sameSite is invalid' });
      await get({ value: 'v', options: JSON.stringify({ priority: 'urgent' }) }).expect(500, { name: 'TypeError', message: 'option priority is invalid' });
    });

    it('should throw for a maxAge that is not a number', async () => {
      await get({ value: 'v', options: JSON.stringify({ maxAge: 'soon' }) }).expect(500, { name: 'TypeError', message: 'option maxAge is invalid' });
    });

    it('should throw for an infinite maxAge', async () => {
      const app = cookieApp('v', { maxAge: Infinity });
      await request(app).get('/').expect(500, { name: 'TypeError', message: 'option maxAge is invalid' });
    });

    it('should throw for an invalid expires', async () => {
      await get({ value: 'v', options: JSON.stringify({ expires: 'tomorrow' }) }).expect(500, { name: 'TypeError', message: 'option expires is invalid' });
      const app = cookieApp('v', { expires: new Date('nope') });
      await request(app).get('/').expect(500, { name: 'TypeError', message: 'option expires is invalid' });
    });

    it('should throw for an encode option that is not a function', async () => {
      const app = cookieApp('v', { encode: 'yes' as unknown as (v: string) => string });
      await request(app).get('/').expect(500, { name: 'TypeError', message: 'option encode is invalid' });
    });
  });
});
