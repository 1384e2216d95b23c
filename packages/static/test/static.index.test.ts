import serveStatic, { type ServeStaticOptions } from '@webfw/static';
import { errorOf, expectAnswers, raw, useFixture, withServer, type Answer } from './support/helpers';

const fx = useFixture({
  'index.html': 'root index.html',
  'both/index.html': 'both index.html',
  'both/default.htm': 'both default.htm',
  'only-default/default.htm': 'only default.htm',
  'none/file.txt': 'file',
  'nested/index.html/': '',
  'nested/index.htm': 'fallback index.htm',
});

describe('index', () => {
  it.each<[string, ServeStaticOptions, Answer[]]>([
    [
      'serve index.html by default',
      {},
      [
        ['/', 200, 'root index.html'],
        ['/both/', 200, 'both index.html'],
      ],
    ],
    ['fall through for a directory without an index file', {}, [['/none/', 404, 'fell through']]],
    [
      'use a string index name',
      { index: 'default.htm' },
      [
        ['/both/', 200, 'both default.htm'],
        ['/only-default/', 200, 'only default.htm'],
        ['/', 404],
      ],
    ],
    [
      'try an index array in order',
      { index: ['default.htm', 'index.html'] },
      [
        ['/both/', 200, 'both default.htm'],
        ['/', 200, 'root index.html'],
      ],
    ],
    ['skip an index name that is a directory', { index: ['index.html', 'index.htm'] }, [['/nested/', 200, 'fallback index.htm']]],
    [
      'disable index files with index: false',
      { index: false, fallthrough: false },
      [
        ['/', 404, 'Not Found'],
        ['/index.html', 200, 'root index.html'],
      ],
    ],
  ])('should %s', async (_name, options, answers) => {
    await expectAnswers(serveStatic(fx.root, options), answers);
  });

  it('should 404 a directory without an index file when fallthrough is false', async () => {
    const t = await expectAnswers(serveStatic(fx.root, { fallthrough: false }), [['/none/', 404]]);
    expect(errorOf(t, 0)).toMatchObject({ status: 404 });
  });

  it('should redirect a directory without a trailing slash before serving its index', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      const res = await raw(t.server, 'GET', '/both');
      expect(res.status).toBe(301);
      expect(res.headers['location']).toBe('/both/');
    });
  });
});
