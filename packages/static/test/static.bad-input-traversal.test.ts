import serveStatic from '@webfw/static';
import { errorOf, raw, serve, useStrictAndLenient, type RawResponse, type TestServer } from './support/helpers';

const SECRET = 'TOP SECRET OUTSIDE ROOT';
const { fx, strict, lenient } = useStrictAndLenient({ 'a.txt': 'inside', 'dir/file.txt': 'nested', '../secret.txt': SECRET });

const responses: RawResponse[] = [];
async function both(target: string): Promise<[RawResponse, RawResponse]> {
  const a = await raw(strict.server, 'GET', target);
  const b = await raw(lenient.server, 'GET', target);
  responses.push(a, b);
  return [a, b];
}

const traversals = [
  '/../secret.txt',
  '/dir/../../secret.txt',
  '/%2e%2e/secret.txt',
  '/%2E%2E/secret.txt',
  '/.%2e/secret.txt',
  '/%2e./secret.txt',
  '/dir/%2e%2e/%2e%2e/secret.txt',
  '/..%2fsecret.txt',
  '/..%2Fsecret.txt',
  '/dir%2f..%2f..%2fsecret.txt',
  '/..%5csecret.txt',
  '/..%5Csecret.txt',
  '/..\\secret.txt',
  '/dir/..\\..\\secret.txt',
  '/dir\\..\\..\\secret.txt',
  '/..',
  '/../',
  'http://localhost/../secret.txt',
];

describe('path traversal', () => {
  it.each(traversals)('should 403 %s and never reach outside root', async (target) => {
    const [a, b] = await both(target);
    expect(a.status).toBe(403);
    expect(a.text).toBe('Forbidden');
    expect(b.status).toBe(404);
    expect(b.text).toBe('fell through');
  });

  it('should report the 403 as an exposed client error', async () => {
    const before = strict.calls.length;
    await both('/../secret.txt');
    expect(errorOf(strict, before)).toEqual({ status: 403, statusCode: 403, expose: true, message: 'Forbidden' });
  });

  it('should treat a double-encoded dot-dot as a literal name (404)', async () => {
    const [a, b] = await both('/%252e%252e/secret.txt');
    expect(a.status).toBe(404);
    expect(a.text).toBe('Not Found');
    expect(b.text).toBe('fell through');
  });

  it('should serve a path whose dot-dot stays inside root', async () => {
    const [a] = await both('/dir/../a.txt');
    expect(a.status).toBe(200);
    expect(a.text).toBe('inside');
    const [b] = await both('/dir/..%2fa.txt');
    expect(b.status).toBe(200);
    expect(b.text).toBe('inside');
  });
});

/** Expects `target` to be answered 400 with fallthrough false, and to fall through (404) with the default. */
async function expectBadRequest(target: string): Promise<void> {
  const [a, b] = await both(target);
  expect(a.status).toBe(400);
  expect(a.text).toBe('Bad Request');
  expect(b.status).toBe(404);
  expect(b.text).toBe('fell through');
}

describe('NUL bytes', () => {
  it.each(['/a.txt%00', '/a.txt%00.html', '/%00', '/dir/%00/../a.txt'])('should 400 %s', expectBadRequest);
});

describe('malformed percent-encoding', () => {
  it.each(['/%', '/%zz', '/a%2', '/%E0%A4%A', '/%FF', '/%C0%AF', '/dir/%G0'])('should 400 %s', expectBadRequest);

  it('should report the 400 as an exposed client error', async () => {
    const before = strict.calls.length;
    await both('/%');
    expect(errorOf(strict, before)).toEqual({ status: 400, statusCode: 400, expose: true, message: 'Bad Request' });
  });
});

describe('very long paths', () => {
  it('should 404 a path segment longer than the file system allows', async () => {
    const [a, b] = await both('/' + 'a'.repeat(300));
    expect(a.status).toBe(404);
    expect(errorOf(strict, strict.calls.length - 1)).toMatchObject({ status: 404, code: 'ENAMETOOLONG' });
    expect(b.text).toBe('fell through');
  });

  it('should 404 a path longer than PATH_MAX', async () => {
    const [a, b] = await both('/' + ('b'.repeat(200) + '/').repeat(30) + 'x.txt');
    expect(a.status).toBe(404);
    expect(b.text).toBe('fell through');
  });

  it('should 404 a long path of many short segments', async () => {
    const [a, b] = await both('/' + 'a/'.repeat(3000) + 'x');
    expect(a.status).toBe(404);
    expect(b.text).toBe('fell through');
  });
});

describe('a root that does not exist', () => {
  it('should fall through for every path, or 404 with fallthrough false', async () => {
    const missing = fx.path('no/such/dir');
    const s1 = await serve(serveStatic(missing));
    const s2 = await serve(serveStatic(missing, { fallthrough: false }));
    for (const target of ['/', '/a.txt', '/dir/']) {
      const a = await raw(s1.server, 'GET', target);
      expect(a.status).toBe(404);
      expect(a.text).toBe('fell through');
      const b = await raw(s2.server, 'GET', target);
      expect(b.status).toBe(404);
      expect(b.text).toBe('Not Found');
      responses.push(a, b);
    }
    await s1.close();
    await s2.close();
  });

  it('should 404 below a root that is a file', async () => {
    await withFileRoot(async (s) => {
      const res = await raw(s.server, 'GET', '/x');
      expect(res.status).toBe(404);
      expect(errorOf(s)).toMatchObject({ status: 404, code: 'ENOTDIR' });
    });
  });
});

async function withFileRoot(fn: (s: TestServer) => Promise<void>): Promise<void> {
  const s = await serve(serveStatic(fx.path('a.txt'), { fallthrough: false }));
  try {
    await fn(s);
  } finally {
    await s.close();
  }
}

describe('no response exposes anything outside root', () => {
  it('should never answer with the secret or a path outside root', () => {
    expect(responses.length).toBeGreaterThan(60);
    for (const r of responses) {
      const all = JSON.stringify(r.headers) + r.text;
      expect(all).not.toContain(SECRET);
      expect(all).not.toContain(fx.base);
    }
  });
});
