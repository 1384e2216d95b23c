import type { IncomingMessage } from 'node:http';
import parseurl from 'parseurl';
import { parseUrl } from '@webfw/router';
import { scanPathname } from '../src/url';

/**
 * The one request-URL parser of the webfw packages (`parseUrl`, and the router's `scanPathname`
 * built on the same rule) gives `parseurl`'s answers: same pathname, search, query and hash, and
 * it throws where parseurl throws.
 */
type Answer = { pathname: string | null; search: string | null; query: string | null; hash: string | null } | { throws: string };

function reference(url: string): Answer {
  try {
    const parsed = parseurl({ url } as IncomingMessage);
    if (parsed === undefined) throw new Error('parseurl gave undefined');
    return { pathname: parsed.pathname, search: parsed.search, query: typeof parsed.query === 'string' ? parsed.query : null, hash: parsed.hash };
  } catch (err) {
    return { throws: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
}

function webfw(url: string): Answer {
  try {
    return { ...parseUrl(url) };
  } catch (err) {
    return { throws: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
}

/** The router's pathname: parseurl's, or undefined where parseurl has none or throws. */
function referencePathname(url: string): string | undefined {
  const answer = reference(url);
  return 'throws' in answer || answer.pathname === null ? undefined : answer.pathname;
}

const URLS = [
  '/',
  '/a/b',
  '/a/b?c=1',
  '/a/b?c=1?d=2',
  '/a/b#frag',
  '/a?b#c',
  '/a"b?x#y',
  '/a"b',
  '/a\\b',
  '/a\\b#x',
  '/a b',
  '/a\tb',
  '/a\u000bb',
  '/a\u0001b',
  '/a?b c',
  '/a\u00a0b',
  '/a\ufeffb',
  '/caf\u00e9/\u2603',
  '/%2e%2e/x',
  '/%zz',
  '//evil.com/x',
  "/a{b}|c^d`e<f>g'h",
  'http://host:8080/p/q?x',
  'http://host',
  'HTTPS://host?x',
  'http://user:pw@host/p#h',
  'http://[a/',
  'http://a b/x',
  'foo://h/a',
  'javascript:alert(1)',
  '*',
  '?x',
  '#x',
  '',
  'a/b',
];

describe('parseUrl', () => {
  it.each(URLS)('should split %j as parseurl does', (url) => {
    expect(webfw(url)).toEqual(reference(url));
  });

  it('should agree with parseurl on 5000 generated URLs', () => {
    // A fixed-seed generator over the characters that change parseurl's path (a deterministic LCG).
    const alphabet = [
      '/',
      '/',
      'a',
      'B',
      '?',
      '#',
      ' ',
      '\t',
      '\n',
      '\r',
      '\f',
      '\v',
      '\\',
      '%',
      '2',
      'e',
      '.',
      '"',
      '\u00a0',
      '\ufeff',
      '\u00e9',
      ':',
      '@',
      '\u0001',
    ];
    let seed = 42;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 5000; i++) {
      let url = next(8) === 0 ? 'http://h' : '/';
      const length = next(12);
      for (let j = 0; j < length; j++) url += alphabet[next(alphabet.length)];
      expect([url, webfw(url)]).toEqual([url, reference(url)]);
      expect([url, scanPathname(url)?.path]).toEqual([url, referencePathname(url)]);
    }
  });
});

describe('scanPathname (the router)', () => {
  it.each(URLS)('should take the pathname of %j as parseurl does', (url) => {
    expect(scanPathname(url)?.path).toBe(referencePathname(url));
  });

  it('should give no pathname for a URL that is not a string', () => {
    expect(scanPathname(undefined)).toBeUndefined();
  });
});
