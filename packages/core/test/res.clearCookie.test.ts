import request from 'supertest';
import { appFor } from './support/res';
import type { CookieOptions } from '../src/response/response';

async function cleared(options?: CookieOptions): Promise<string[]> {
  const app = appFor((_req, res) => {
    res.clearCookie('sid', options).end();
  });
  const res = await request(app).get('/').expect(200);
  return res.headers['set-cookie'] as unknown as string[];
}

describe('res.clearCookie(name [, options])', () => {
  it('should send an empty cookie expired at the epoch on Path=/', async () => {
    expect(await cleared()).toEqual(['sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
  });

  it('should keep path and domain so the browser matches the cookie', async () => {
    expect(await cleared({ path: '/admin', domain: 'example.com' })).toEqual(['sid=; Domain=example.com; Path=/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
  });

  it('should keep the other attributes', async () => {
    expect(await cleared({ secure: true, httpOnly: true, sameSite: 'strict', partitioned: true, priority: 'low' })).toEqual([
      'sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; Partitioned; Priority=Low; SameSite=Strict',
    ]);
  });

  it('should ignore expires and maxAge (5.x)', async () => {
    expect(await cleared({ expires: new Date(Date.UTC(2040, 0, 1)), maxAge: 60_000 })).toEqual(['sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
  });

  it('should be chainable with res.cookie', async () => {
    const app = appFor((_req, res) => {
      res.clearCookie('old').cookie('new', '1').end();
    });
    const res = await request(app).get('/').expect(200);
    expect(res.headers['set-cookie']).toEqual(['old=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'new=1; Path=/']);
  });

  it('should throw for an invalid name', async () => {
    const app = appFor((_req, res) => {
      res.clearCookie('bad name').end();
    });
    await request(app).get('/').expect(500, { name: 'TypeError', message: 'argument name is invalid' });
  });
});
