/**
 * serve-static's and send's public advisories (and mime's, on the file name), replayed over raw
 * HTTP on @webfw/static (serve-static 2.x) and @webfw/static/v4 (1.x). Raw requests, because a
 * client library would normalise the crafted paths before sending them. Every case also runs on
 * the fixed serve-static of the same major, so the expected answer is the fixed upstream one.
 *
 * fixtures/advisories: public/ is the root; public-secret/ (a sibling sharing its prefix) and
 * secret.txt lie outside it and must never be served.
 */
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import serveStatic from '@webfw/static';
import serveStaticV4 from '@webfw/static/v4';

/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
type Any = any;
const serveStatic2 = require('serve-static');
const serveStatic1 = require('serve-static-v1');

const fixtures = path.join(__dirname, 'fixtures', 'advisories');
const root = path.join(fixtures, 'public');

interface Answer {
  status: number;
  location?: string;
  body: string;
}

/** Send `rawPath` byte for byte to a server around `middleware`; what falls through answers 404 `next`, an error its status and message. */
function replay(middleware: Any, rawPath: string): Promise<Answer> {
  const server = http.createServer((req, res) =>
    middleware(req, res, (err?: Any) => {
      res.statusCode = err ? err.status : 404;
      res.end(err ? err.message : 'next');
    }),
  );
  return new Promise((resolve, reject) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      http
        .get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => server.close(() => resolve({ status: res.statusCode!, location: res.headers.location, body })));
        })
        .on('error', reject);
    });
  });
}

/** serve-static 1.16+ and 2.1+ answer a directory redirect with this page: the URL as text, no link. */
const redirectPage = (to: string) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting</title>\n</head>\n<body>\n<pre>Redirecting to ${to}</pre>\n</body>\n</html>\n`;

const NEXT: Answer = { status: 404, location: undefined, body: 'next' };

describe.each([
  ['@webfw/static', serveStatic],
  ['serve-static 2 (fixed upstream)', serveStatic2],
  ['@webfw/static/v4', serveStaticV4],
  ['serve-static 1.16 (fixed upstream)', serveStatic1],
])('%s', (_name, factory: Any) => {
  const files = factory(root);
  const strict = factory(root, { fallthrough: false });

  it('GHSA-cm22-4g7w-348p (CVE-2024-43800) and GHSA-m6fv-jmcg-4jfg (CVE-2024-43799, send): the directory redirect page carries no link', async () => {
    expect(await replay(files, '/dir')).toEqual({ status: 301, location: '/dir/', body: redirectPage('/dir/') });
    const crafted = await replay(files, '/dir?x=%3Cscript%3Ealert(1)%3C/script%3E');
    expect(crafted).toEqual({
      status: 301,
      location: '/dir/?x=%3Cscript%3Ealert(1)%3C/script%3E',
      body: redirectPage('/dir/?x=%3Cscript%3Ealert(1)%3C/script%3E'),
    });
    expect(crafted.body).not.toMatch(/<a |<script>/);
  });

  it('CVE-2015-1164 (serve-static open redirect): leading slashes collapse, so a redirect never names another host', async () => {
    expect(await replay(files, '//evil.example/%2e%2e')).toEqual({
      status: 301,
      location: '/evil.example/%2e%2e/',
      body: redirectPage('/evil.example/%2e%2e/'),
    });
    expect(await replay(files, '//dir')).toEqual({ status: 301, location: '/dir/', body: redirectPage('/dir/') });
  });

  it('GHSA-xwg4-93c6-3h42 (CVE-2014-6394, send): a sibling folder sharing the root prefix is out of reach', async () => {
    for (const rawPath of ['/%2e%2e/public-secret/secret.txt', '/..%2fpublic-secret%2fsecret.txt', '/%2e%2e%2fsecret.txt']) {
      expect(await replay(files, rawPath)).toEqual(NEXT);
      expect(await replay(strict, rawPath)).toEqual({ status: 403, location: undefined, body: 'Forbidden' });
    }
  });

  it('GHSA-jgqf-hwc5-hh37 (send root path disclosure): Windows-style traversal is refused and no answer names the root', async () => {
    for (const rawPath of ['/..%5Csecret.txt', '/%5C..%5Csecret.txt', '/dir%5C..%5C..%5Csecret.txt']) {
      expect(await replay(files, rawPath)).toEqual(NEXT);
      expect(await replay(strict, rawPath)).toEqual({ status: 403, location: undefined, body: 'Forbidden' });
    }
    for (const rawPath of ['/missing.txt', '/dir', '/%00', '/a.txt/x']) {
      const answer = await replay(strict, rawPath);
      expect(answer.body).not.toContain(fixtures);
      expect(answer.location ?? '').not.toContain(fixtures);
    }
  });

  it('GHSA-wrvr-8mpx-r7pp (CVE-2017-16138, mime): a crafted file name is typed in linear time', async () => {
    expect(await replay(files, `/${'a'.repeat(4000)}.${'/'.repeat(4000)}`)).toEqual(NEXT);
    expect(await replay(files, `/${'.'.repeat(8000)}x`)).toEqual(NEXT);
  });
});
