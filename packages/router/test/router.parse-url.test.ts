import type { IncomingMessage } from 'node:http';
import parseurl from 'parseurl';
import { parseUrl } from '@webfw/router';
import { scanPathname } from '../src/path/url';

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

describe('parseUrl on targets that are not plain paths', () => {
  it('should agree with parseurl on 20000 generated targets: schemes, users, ports, IPv6 and international hosts', async () => {
    // Node's legacy parser (under parseurl) answers some of these differently by version (a
    // port that is not digits throws from Node 26 on; `xn--` is a host from 24 on; a NUL ends
    // a host on 20 and makes it invalid from 22 on): the comparison is with parseurl on the
    // running node.
    const prefixes = [
      'http://',
      'HTTP://',
      'https://h',
      'http://h',
      'javascript:',
      'JavaScript:',
      '//',
      '//u@',
      'foo:',
      'ftp:',
      'file:',
      'mailto:',
      'http:',
      ' ',
      '\\\\',
      'http://[',
      'http://[::1]',
      'ws://xn--',
      'a:',
      'http://u:p@',
      'gopher://',
      `http://${'a'.repeat(254)}`,
      'x.y+z-1:',
    ];
    const alphabet = [
      ...'//aB?# \t\n\r\f\v\\%2e.":@[]18xn-^|{;\'<`*JSz0',
      ...['\u00a0', '\ufeff', '\u00e9', '\u00df', '\u0001', '\u2000', '\u3000', '\ud800', '\udc00', '\u00ad', '\uff0e', '\u3002', '\uff1c', '\uff11'],
      // Node 20 converts a host holding NUL in a way webfw follows only in part (a NUL cannot
      // arrive in a request target: node's HTTP parser refuses it; only app code can set one)
      ...(Number(process.versions.node.split('.')[0]) >= 22 ? ['\u0000'] : []),
    ];
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    // parseurl hands these to url.parse, which warns once per process (DEP0170, Node 20 to 24)
    // for a URL whose host it finds invalid: the reference's warning, caught from stderr here
    // (node prints it on a later tick), and the only one
    const warnings: string[] = [];
    const write = process.stderr.write.bind(process.stderr) as (...args: unknown[]) => boolean;
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      if (!String(chunk).includes('[DEP0170]')) return write(chunk, ...rest);
      warnings.push(String(chunk));
      return true;
    });
    try {
      for (let i = 0; i < 20000; i++) {
        let url = prefixes[next(prefixes.length)] as string;
        const length = next(14);
        for (let j = 0; j < length; j++) url += alphabet[next(alphabet.length)];
        expect([url, webfw(url)]).toEqual([url, reference(url)]);
      }
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      stderr.mockRestore();
    }
    expect(warnings.filter((w) => !/^\(node:\d+\) \[DEP0170\] DeprecationWarning: The URL .* is invalid\./s.test(w))).toEqual([]);
    expect(warnings.length).toBeLessThanOrEqual(1);
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
