/**
 * Directory redirects through the 4.x entry, compared with serve-static 1.x: the same 301, HTML
 * body and headers, except that the Location stays a same-origin path where serve-static 1.x
 * copies the host of an absolute-form request target into it (an open redirect).
 */
import serveStatic from '@webfw/static/v4';
import { expectSameAsV1, observe, serve, serveStaticV1, useFixture, type V1Case } from './support/helpers';

const fx = useFixture({ 'dir/index.html': 'dir index', 'evil.com/index.html': 'evil', 'a b/index.html': 'spaced', 'empty/': '' });

function doc(location: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting</title>\n</head>\n<body>\n' +
    `<pre>Redirecting to ${location}</pre>\n</body>\n</html>\n`
  );
}

const redirect = (ask: string, location: string, text = doc(location)): V1Case => ({ ask, status: 301, text, has: { location } });

describe('directory redirects', () => {
  it('should redirect as serve-static 1.x does', async () => {
    await expectSameAsV1(serveStatic, fx.root, undefined, [
      {
        ask: '/dir',
        status: 301,
        text: doc('/dir/'),
        has: {
          location: '/dir/',
          'content-type': 'text/html; charset=UTF-8',
          'content-security-policy': "default-src 'none'",
          'x-content-type-options': 'nosniff',
          'content-length': String(Buffer.byteLength(doc('/dir/'))),
        },
      },
      redirect('/dir?a=1&b=2', '/dir/?a=1&b=2', doc('/dir/?a=1&amp;b=2')),
      redirect('/dir?<b>', '/dir/?%3Cb%3E'),
      redirect('/dir#frag', '/dir/#frag'),
      redirect('/a%20b', '/a%20b/'),
      redirect('//evil.com', '/evil.com/'),
      redirect('///evil.com?x', '/evil.com/?x'),
      redirect('/dir%2F', '/dir%2F/'),
      { ask: 'HEAD /dir', status: 301, text: '', has: { location: '/dir/' } },
      { ask: '/empty/', status: 404, text: 'fell through', next: 'next' },
    ]);
  });

  it('should redirect at and below a mount point with the original URL', async () => {
    await expectSameAsV1(serveStatic, fx.root, undefined, [redirect('/static?v=1', '/static/?v=1'), redirect('/static/dir', '/static/dir/')], '/static');
  });

  it('should not send an absolute-form request to another host (serve-static 1.x does)', async () => {
    const ref = await serve(serveStaticV1(fx.root));
    const own = await serve(serveStatic(fx.root));
    try {
      for (const [ask, theirs, ours] of [
        ['http://attacker.example/dir?q=1', 'http://attacker.example/dir/?q=1', '/dir/?q=1'],
        ['http://attacker.example//evil.com', 'http://attacker.example/evil.com/', '/evil.com/'],
      ] as const) {
        const fromRef = await observe(ref, { ask });
        const fromOwn = await observe(own, { ask });
        expect([fromRef.status, fromRef.headers['location'], fromRef.body.toString()]).toEqual([301, theirs, doc(theirs)]);
        expect([fromOwn.status, fromOwn.headers['location'], fromOwn.body.toString()]).toEqual([301, ours, doc(ours)]);
        const rest = (h: Record<string, string>): Record<string, string> => {
          const { location: _l, 'content-length': _n, ...others } = h;
          return others;
        };
        expect(rest(fromOwn.headers)).toEqual(rest(fromRef.headers));
      }
    } finally {
      await ref.close();
      await own.close();
    }
  });
});
