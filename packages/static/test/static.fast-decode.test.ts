import type { IncomingMessage } from 'node:http';
import { fastDecode } from '../src/fast-decode';
import { directoryLocation } from '../src/redirect';

describe('fastDecode', () => {
  it.each<[string, string | null]>([
    ['/a.txt', '/a.txt'],
    ['/dir/', '/dir/'],
    ['/a%20b.txt', '/a b.txt'],
    ['/a%2Fb', '/a/b'],
    ['', null],
    ['*', null],
    ['/%', null],
    ['/a%00', null],
    ['/a\\b', null],
    ['/a%5Cb', null],
    ['//a', null],
    ['/a//b', null],
    ['/a%2F%2Fb', null],
    ['/.env', null],
    ['/a/..', null],
    ['/%2e%2e/x', null],
    ['/dir%2F', null],
  ])('should decode %j to %j', (path, decoded) => {
    expect(fastDecode(path)).toBe(decoded);
  });
});

describe('directoryLocation', () => {
  const req = (url: string, originalUrl?: string): IncomingMessage => ({ url, originalUrl }) as unknown as IncomingMessage;
  /** Expects the directory redirect of a request for `url` to go to `location`. */
  const expectLocation = (url: string, location: string): void => expect(directoryLocation(req(url))).toBe(location);

  it.each<[string, string]>([
    ['/dir', '/dir/'],
    ['/dir?x=1', '/dir/?x=1'],
    ['//evil.com', '/evil.com/'],
    ['/\\evil.com', '/%5Cevil.com/'],
    ['http://evil.com/dir?x', '/dir/?x'],
    ['/a b', '/a%20b/'],
    ['/%zz', '/%25zz/'],
  ])('should redirect %j to %j', expectLocation);

  it.each<[string, string]>([
    ['/a?b=1#c', '/a/?b=1#c'],
    ['http://h/a?q', '/a/?q'],
    ['HTTPS://host?x', '/?x'],
    ['/a"b?x#y', '/a%22b/?x#y'],
  ])('should keep the query and fragment of %j in %j', expectLocation);

  it('should use originalUrl when a framework set it', () => {
    expect(directoryLocation(req('/', '/mount?q'))).toBe('/mount/?q');
  });
});
