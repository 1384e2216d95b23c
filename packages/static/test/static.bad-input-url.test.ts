import { errorOf, raw, useStrictAndLenient } from './support/helpers';

/**
 * Request targets Node's URL parser rejects (a malformed host in absolute form) never throw out
 * of the middleware: serve-static would throw (under express the router answers 404 first); webfw
 * treats the URL as send treats a malformed path, 400, routed as send's errors are.
 */
const { strict, lenient } = useStrictAndLenient({ 'a.txt': 'inside' });

describe('a request target that cannot be parsed', () => {
  it('should answer 400 with fallthrough false', async () => {
    const res = await raw(strict.server, 'GET', 'http://[a/a.txt');
    expect([res.status, res.text]).toEqual([400, 'Bad Request']);
    expect(errorOf(strict)).toEqual({ status: 400, statusCode: 400, expose: true, message: 'Bad Request' });
  });

  it('should fall through with fallthrough true', async () => {
    const res = await raw(lenient.server, 'GET', 'http://[a/a.txt');
    expect([res.status, res.text]).toEqual([404, 'fell through']);
    expect(lenient.calls).toEqual([{ kind: 'next' }]);
  });

  it('should still serve the next request on the same server', async () => {
    const res = await raw(strict.server, 'GET', '/a.txt');
    expect([res.status, res.text]).toEqual([200, 'inside']);
  });
});

describe('a request target the legacy parser normalizes', () => {
  it('should serve the file parseurl names (fragment cut off)', async () => {
    const res = await raw(lenient.server, 'GET', '/a.txt#frag');
    expect([res.status, res.text]).toEqual([200, 'inside']);
  });

  it('should serve the path of an absolute-form target', async () => {
    const res = await raw(lenient.server, 'GET', 'http://example.com/a.txt?x=1');
    expect([res.status, res.text]).toEqual([200, 'inside']);
  });
});
