/**
 * Differential: res.sendFile, res.download and res.attachment on files (special characters in
 * names, roots, dotfiles, ranges, errors), express 5 vs @webfw/core.
 */
import { join } from 'node:path';
import { writeFileSync, utimesSync } from 'node:fs';
import { buildApp, compare, run, get, comparisonCount, makeFixtures, type Any, type Framework, type Req } from './support/differential';

afterAll(() => {
  // every request in this file went to both frameworks and their answers were compared
  expect(comparisonCount()).toBeGreaterThan(0);
});

const root = makeFixtures();
for (const n of ['100%.txt', 'a#b.txt', 'q?.txt', 'sp ace.txt', '%41.txt', 'a%2Fb.txt']) writeFileSync(join(root, n), `file ${n}`);
for (const n of ['100%.txt', 'a#b.txt', 'q?.txt', 'sp ace.txt', '%41.txt', 'a%2Fb.txt'])
  utimesSync(join(root, n), new Date('2024-01-01T00:00:00Z'), new Date('2024-01-01T00:00:00Z'));

describe('differential: files with special characters in their names', () => {
  it('should send files with special characters in their names identically', async () => {
    const build = buildApp((app, fw) => {
      app.get('/f', (req: Any, res: Any) =>
        res.sendFile(String(req.query.n), { root }, (err: Any) => err && res.status(err.status ?? 500).json({ s: err.status, code: err.code ?? null })),
      );
      app.get('/d', (req: Any, res: Any) =>
        res.download(join(root, String(req.query.n)), (err: Any) => err && res.status(err.status ?? 500).json({ s: err.status, code: err.code ?? null })),
      );
      app.use(fw.static(root));
    });
    const names = ['100%.txt', 'a#b.txt', 'q?.txt', 'sp ace.txt', '%41.txt', 'a%2Fb.txt'];
    const reqs: Req[] = [];
    for (const n of names) {
      reqs.push(get('/f?n=' + encodeURIComponent(n)));
      reqs.push(get('/d?n=' + encodeURIComponent(n)));
      reqs.push(get('/' + encodeURIComponent(n)));
    }
    await compare(build, reqs);
  });
});

describe('differential: sendFile and download', () => {
  const fileApp = (fw: Framework) => {
    const app = fw();
    app.set('env', 'production');
    app.get('/abs', (_q: Any, res: Any) => res.sendFile(join(root, 'hello.txt')));
    app.get('/root/*p', (req: Any, res: Any) => res.sendFile(req.params.p.join('/'), { root }));
    app.get('/rootraw', (req: Any, res: Any) => res.sendFile(String(req.query.f), { root }));
    app.get('/opts', (_q: Any, res: Any) =>
      res.sendFile('hello.txt', { root, maxAge: '1d', immutable: true, headers: { 'X-Extra': '1' }, lastModified: false, acceptRanges: false }),
    );
    app.get('/nocache', (_q: Any, res: Any) => res.sendFile('hello.txt', { root, cacheControl: false }));
    app.get('/maxage-num', (_q: Any, res: Any) => res.sendFile('hello.txt', { root, maxAge: 3600500 }));
    app.get('/dot/:mode', (req: Any, res: Any) => res.sendFile('.secret', { root, dotfiles: req.params.mode }));
    app.get('/dotdir/:mode', (req: Any, res: Any) => res.sendFile('.hidden-dir/f.txt', { root, dotfiles: req.params.mode }));
    app.get('/missing', (_q: Any, res: Any) => res.sendFile(join(root, 'nope.txt')));
    app.get('/dir', (_q: Any, res: Any) => res.sendFile(join(root, 'dir')));
    app.get('/cb', (_q: Any, res: Any) =>
      res.sendFile(join(root, 'nope.txt'), (err: Any) => res.status(err ? 599 : 200).json({ status: err?.status, code: err?.code, expose: err?.expose })),
    );
    app.get('/cb-ok', (_q: Any, res: Any) => res.sendFile(join(root, 'hello.txt'), (err: Any) => err && res.send('err')));
    app.get('/rel', (_q: Any, res: Any) => res.sendFile('hello.txt'));
    app.get('/abs-dotdot', (_q: Any, res: Any) => res.sendFile(root + '/dir/../hello.txt'));
    app.get('/big', (_q: Any, res: Any) => res.sendFile(join(root, 'big.txt')));
    app.get('/json', (_q: Any, res: Any) => res.sendFile(join(root, 'data.json')));
    app.get('/umlaut', (_q: Any, res: Any) => res.sendFile(join(root, 'ümlaut.txt')));
    app.get('/etagoff', (_q: Any, res: Any) => res.sendFile(join(root, 'hello.txt')));
    app.get('/dl', (_q: Any, res: Any) => res.download(join(root, 'hello.txt')));
    app.get('/dl-name', (_q: Any, res: Any) => res.download(join(root, 'hello.txt'), 'Report "2024" €.txt'));
    app.get('/dl-opts', (_q: Any, res: Any) =>
      res.download(join(root, 'hello.txt'), 'x.txt', { maxAge: 60000, headers: { 'Content-Disposition': 'inline', 'X-H': 'h' } }),
    );
    app.get('/dl-root', (req: Any, res: Any) => res.download(String(req.query.f), 'f.txt', { root }));
    app.get('/dl-missing', (_q: Any, res: Any) => res.download(join(root, 'nope.txt'), (err: Any) => res.status(404).send(err ? `err ${err.status}` : 'none')));
    app.use((err: Any, _q: Any, res: Any, _n: Any) =>
      res.status(err.status ?? 500).json({ s: err.status, code: err.code ?? null, expose: err.expose ?? null, name: err.name }),
    );
    return app;
  };

  it('should send files with options, conditionals and ranges identically', async () => {
    const paths = [
      '/abs',
      '/root/hello.txt',
      '/root/dir/x.txt',
      '/root/a%20b.txt',
      '/opts',
      '/nocache',
      '/maxage-num',
      '/dot/ignore',
      '/dot/deny',
      '/dot/allow',
      '/dotdir/ignore',
      '/dotdir/deny',
      '/dotdir/allow',
      '/missing',
      '/dir',
      '/cb',
      '/cb-ok',
      '/rel',
      '/abs-dotdot',
      '/json',
      '/umlaut',
      '/dl',
      '/dl-name',
      '/dl-opts',
      '/dl-missing',
      '/dl-root?f=hello.txt',
      '/dl-root?f=../x',
    ];
    const reqs: Req[] = paths.map((p) => get(p));
    for (const p of ['/abs', '/big']) {
      reqs.push({ method: 'HEAD', path: p });
      for (const r of ['bytes=0-4', 'bytes=-3', 'bytes=5-', 'bytes=0-1,3-4', 'bytes=99999-', 'bytes=x', 'bytes=0-0,-1']) reqs.push(get(p, { Range: r }));
      reqs.push(get(p, { Range: 'bytes=0-4', 'If-Range': 'Mon, 01 Jan 2024 00:00:00 GMT' }));
      reqs.push(get(p, { Range: 'bytes=0-4', 'If-Range': '"nope"' }));
      reqs.push(get(p, { 'If-Modified-Since': 'Mon, 01 Jan 2024 00:00:00 GMT' }));
      reqs.push(get(p, { 'If-Modified-Since': 'Sun, 31 Dec 2023 00:00:00 GMT' }));
      reqs.push(get(p, { 'If-Unmodified-Since': 'Sun, 31 Dec 2023 00:00:00 GMT' }));
      reqs.push(get(p, { 'If-Match': '"nope"' }));
    }
    await compare(fileApp, reqs);
    // conditionals with the file's own ETag
    const [{ express: e }] = await run(fileApp, [get('/abs')]);
    const tag = String(e.headers.etag);
    await compare(fileApp, [get('/abs', { 'If-None-Match': tag }), get('/abs', { 'If-Match': tag }), get('/abs', { Range: 'bytes=0-2', 'If-Range': tag })]);
  });

  it('should refuse traversal attempts through sendFile/download root identically', async () => {
    const attempts = [
      '../webfw-diff-outside.txt',
      '..%2Fwebfw-diff-outside.txt',
      'dir/../../webfw-diff-outside.txt',
      '%2e%2e/webfw-diff-outside.txt',
      'dir/../hello.txt',
      '..\\webfw-diff-outside.txt',
      'hello.txt%00.png',
      '/etc/passwd',
      '.secret',
      'dir/.././.secret',
      '....//hello.txt',
      'dir/',
      'dir',
      'hello.txt/',
      '%',
      '%zz',
    ];
    await compare(fileApp, [
      ...attempts.map((a) => get('/rootraw?f=' + encodeURIComponent(a))),
      ...attempts.map((a) => get('/dl-root?f=' + encodeURIComponent(a))),
      get('/rootraw?f=hello.txt%00'),
      get('/root/..%2Fwebfw-diff-outside.txt'),
      get('/root/%2e%2e/webfw-diff-outside.txt'),
      get('/root/dir%2F..%2F..%2Fwebfw-diff-outside.txt'),
    ]);
  });

  it('should honour etag false for sendFile', async () => {
    const build = (fw: Framework) => {
      const app = fileApp(fw);
      app.set('etag', false);
      return app;
    };
    await compare(build, [get('/abs'), get('/dl'), get('/abs', { 'If-Modified-Since': 'Mon, 01 Jan 2024 00:00:00 GMT' })]);
  });
});
