import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseUrl } from '@webfw/router';

/**
 * Request targets that are not plain paths (absolute form, `#`, whitespace, `\`) are split
 * without Node's legacy `url.parse()`, which prints DEP0169 from Node 24 on (and under
 * `--pending-deprecation` on 20 and 22) in every app not installed under node_modules. The
 * answers are the ones parseurl gave on Node 20 (recorded below), on every version.
 */
const TARGETS: [target: string, pathname: string | null, search: string | null, query: string | null][] = [
  ['http://example.com/a/b?x=1#frag', '/a/b', '?x=1', 'x=1'],
  ['http://example.com', '/', null, null],
  ['HTTPS://Example.COM:8443?q=1', '/', '?q=1', 'q=1'],
  ['http://user:pw@host/p?a=b#h', '/p', '?a=b', 'a=b'],
  ['http://h\\p\\q?r\\s', '/p/q', '?r%5Cs', 'r%5Cs'],
  ['http://[::1]:3000/x?y=z', '/x', '?y=z', 'y=z'],
  ['http://m\u00fcnchen.de/stra\u00dfe?\u00e4=1', '/stra\u00dfe', '?\u00e4=1', '\u00e4=1'],
  ['ftp://files.example/pub/', '/pub/', null, null],
  ['foo://h/a?b', '/a', '?b', 'b'],
  ['mailto:someone@example.com', null, null, null],
  ['javascript:alert(1)', 'alert(1)', null, null],
  ['*', '*', null, null],
  ['//host/p?q', '//host/p', '?q', 'q'],
  ['//user@host/p', '//user@host/p', null, null],
  ['/a b?c d', '/a%20b', '?c%20d', 'c%20d'],
  ['/a#b?c', '/a', null, null],
  ['/a?b#c', '/a', '?b', 'b'],
  ['/a?b c#d e', '/a', '?b%20c', 'b%20c'],
  ['\t/x?y \n', '/x', '?y', 'y'],
  [' /padded ', '/padded', null, null],
  ['/a\\b#c', '/a/b', null, null],
  ['/tab\there', '/tab%09here', null, null],
  ['/q?\'"<>^`{|}', '/q', '?\'"<>^`{|}', '\'"<>^`{|}'],
  ['/\u00a0nbsp', '/\u00a0nbsp', null, null],
  ['/bom\ufeff', '/bom', null, null],
  ['?only=query', null, '?only=query', 'only=query'],
  ['#only-hash', null, null, null],
];

const EXPECTED = TARGETS.map(([target, pathname, search, query]) => ({ target, pathname, search, query }));

describe('parseUrl without the legacy url.parse()', () => {
  it('should give the pathname, search and query parseurl gave on Node 20', () => {
    expect(TARGETS.map(([target]) => ({ target, ...pick(parseUrl(target)) }))).toEqual(EXPECTED);
  });

  it('should print no warning on stderr, even under --pending-deprecation, parsing them with the built package and routing an absolute-form request', () => {
    // a plain node in the package (so @webfw/router is the built dist/, outside node_modules,
    // where node warns about url.parse()); --pending-deprecation makes Node 20 and 22 warn too
    const script = `
      const http = require('node:http');
      const { parseUrl, Router } = require('@webfw/router');
      const targets = JSON.parse(process.argv[1]);
      const parts = targets.map((target) => {
        const { pathname, search, query } = parseUrl(target);
        return { target, pathname, search, query };
      });
      const router = Router();
      router.get('/users/:id', (req, res) => res.end('user ' + req.params.id + ' ' + req.url));
      const server = http.createServer((req, res) => router(req, res, () => { res.statusCode = 404; res.end('none'); }));
      server.listen(0, '127.0.0.1', () => {
        const req = http.request({ host: '127.0.0.1', port: server.address().port, path: 'http://example.com/users/7?x=1' }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (body += c));
          res.on('end', () => {
            console.log(JSON.stringify({ parts, routed: [res.statusCode, body] }));
            server.close();
          });
        });
        req.end();
      });
    `;
    const run = spawnSync(process.execPath, ['--pending-deprecation', '-e', script, JSON.stringify(TARGETS.map(([target]) => target))], {
      cwd: join(__dirname, '..'),
      encoding: 'utf8',
      timeout: 15000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ parts: EXPECTED, routed: [200, 'user 7 http://example.com/users/7?x=1'] });
  });
});

function pick(parts: ReturnType<typeof parseUrl>): { pathname: string | null; search: string | null; query: string | null } {
  return { pathname: parts.pathname, search: parts.search, query: parts.query };
}
