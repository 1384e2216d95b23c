/**
 * 4.x request API, deprecated (depd, namespace express, once per call site: two calls on one
 * line are two sites): `req.param()`
 * (params, then body, then query, then the default), `req.host` (the host name without port),
 * and the singular `req.acceptsCharset/acceptsEncoding/acceptsLanguage`. Also `req.fresh` for
 * QUERY requests (4.22.3).
 */
import { buildApp, expect4, type App } from './support/v4';

const PARAM1 = 'express: req.param(name): Use req.params, req.body, or req.query instead';
const PARAM2 = 'express: req.param(name, default): Use req.params, req.body, or req.query instead';

describe('v4 deprecated request API', () => {
  it('req.param looks in params, body, query, then the default', async () => {
    await expect4(
      buildApp((app, fw) => {
        app.use(fw.json());
        app.all('/p/:a?', (req: App, res: App) => res.json([req.param('a'), req.param('b'), req.param('c', 'dflt')]));
      }),
      [
        ['/p/1?a=2&b=3', { status: 200, body: '["1","3","dflt"]', warnings: [PARAM1, PARAM1, PARAM2] }],
        ['/p?a=2&b=3&c=4', { status: 200, body: '["2","3","4"]', warnings: [] }],
        [
          { method: 'POST', path: '/p?b=q', headers: { 'Content-Type': 'application/json' }, body: '{"a":"body","b":"body","c":null}' },
          { status: 200, body: '["body","body","dflt"]', warnings: [] },
        ],
      ],
      { deprecations: true },
    );
  });

  it('req.host is the deprecated hostname, without the port', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/', (req: App, res: App) => res.json([req.host, req.hostname, req.subdomains]));
        app.get('/proxy', (req: App, res: App) => {
          req.app.set('trust proxy', true);
          res.json([req.host, req.hostname]);
        });
      }),
      [
        [
          { path: '/', headers: { Host: 'a.b.example.com:8080' } },
          { status: 200, body: '["a.b.example.com","a.b.example.com",["b","a"]]', warnings: ['express: req.host: Use req.hostname instead'] },
        ],
        [
          { path: '/', headers: { Host: '[::1]:3000' } },
          { status: 200, body: '["[::1]","[::1]",[]]', warnings: [] },
        ],
        [
          { path: '/proxy', headers: { Host: 'x.com', 'X-Forwarded-Host': 'fwd.com:1, other.com' } },
          { status: 200, body: '["fwd.com","fwd.com"]', warnings: ['express: req.host: Use req.hostname instead'] },
        ],
      ],
      { deprecations: true },
    );
  });

  it('req.acceptsCharset, acceptsEncoding and acceptsLanguage are deprecated aliases', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/', (req: App, res: App) =>
          res.json([req.acceptsCharset('utf-8', 'latin1'), req.acceptsEncoding(['br', 'gzip']), req.acceptsLanguage('fr', 'en'), req.acceptsCharsets()]),
        );
      }),
      [
        [
          { path: '/', headers: { 'Accept-Charset': 'latin1', 'Accept-Encoding': 'gzip', 'Accept-Language': 'en;q=0.5, fr' } },
          {
            status: 200,
            body: '["latin1","gzip","fr",["latin1"]]',
            warnings: [
              'express: req.acceptsCharset: Use acceptsCharsets instead',
              'express: req.acceptsEncoding: Use acceptsEncodings instead',
              'express: req.acceptsLanguage: Use acceptsLanguages instead',
            ],
          },
        ],
        ['/', { status: 200, body: '["utf-8",false,"fr",["*"]]', warnings: [] }],
      ],
      { deprecations: true },
    );
  });

  it('req.fresh answers for QUERY requests too', async () => {
    await expect4(
      buildApp((app) => {
        app.query('/', (req: App, res: App) => {
          res.set('ETag', '"v1"');
          res.send(String(req.fresh));
        });
      }),
      [
        [
          { method: 'QUERY', path: '/', headers: { 'If-None-Match': '"v1"' } },
          { status: 304, body: '' },
        ],
        [
          { method: 'QUERY', path: '/', headers: { 'If-None-Match': '"v2"' } },
          { status: 200, body: 'false' },
        ],
      ],
    );
  });
});
