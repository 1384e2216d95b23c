/**
 * 4.x `res.send`, `res.json`, `res.jsonp` and `res.status`: the deprecated status forms
 * (`res.send(status)`, `res.send(status, body)`, `res.send(body, status)`, `res.json(obj,
 * status)`, `res.json(status, obj)`, `res.jsonp(...)`), `res.status` with a string, only a
 * Buffer sent as bytes, and Content-Length set by `res.send` over one set before.
 */
import { buildApp, expect4, type App } from './support/v4';

const dep = (m: string): string => `express: ${m}`;

describe('v4 res.send / res.json / res.jsonp status forms', () => {
  it('res.send(status), res.send(status, body) and res.send(body, status)', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/status', (_req: App, res: App) => res.send(201));
        app.get('/status-typed', (_req: App, res: App) => res.type('json').send(404));
        app.get('/unknown', (_req: App, res: App) => res.send(299));
        app.get('/status-body', (_req: App, res: App) => res.send(202, 'accepted'));
        app.get('/body-status', (_req: App, res: App) => res.send('teapot', 418));
        app.get('/obj-status', (_req: App, res: App) => res.send({ a: 1 }, 409));
        app.get('/num-num', (_req: App, res: App) => res.send(400, 5));
      }),
      [
        [
          '/status',
          {
            status: 201,
            body: 'Created',
            headers: { 'content-type': 'text/plain; charset=utf-8' },
            warnings: [dep('res.send(status): Use res.sendStatus(status) instead')],
          },
        ],
        ['/status', { status: 201, body: 'Created', warnings: [] }],
        [
          '/status-typed',
          {
            status: 404,
            body: 'Not Found',
            headers: { 'content-type': 'application/json; charset=utf-8' },
            warnings: [dep('res.send(status): Use res.sendStatus(status) instead')],
          },
        ],
        [
          '/unknown',
          {
            status: 299,
            body: '',
            headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': '0' },
            warnings: [dep('res.send(status): Use res.sendStatus(status) instead')],
          },
        ],
        ['/status-body', { status: 202, body: 'accepted', warnings: [dep('res.send(status, body): Use res.status(status).send(body) instead')] }],
        ['/body-status', { status: 418, body: 'teapot', warnings: [dep('res.send(body, status): Use res.status(status).send(body) instead')] }],
        ['/obj-status', { status: 409, body: '{"a":1}', warnings: [dep('res.send(body, status): Use res.status(status).send(body) instead')] }],
        [
          '/num-num',
          {
            status: 400,
            body: '5',
            headers: { 'content-type': 'application/json; charset=utf-8' },
            warnings: [dep('res.send(status, body): Use res.status(status).send(body) instead')],
          },
        ],
      ],
      { deprecations: true },
    );
  });

  it('res.json and res.jsonp with a status', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/json-obj-status', (_req: App, res: App) => res.json({ a: 1 }, 201));
        app.get('/json-status-obj', (_req: App, res: App) => res.json(202, { b: 2 }));
        app.get('/json-num', (_req: App, res: App) => res.json(404));
        app.get('/jsonp-obj-status', (_req: App, res: App) => res.jsonp({ a: 1 }, 201));
        app.get('/jsonp-status-obj', (_req: App, res: App) => res.jsonp(202, [1]));
      }),
      [
        ['/json-obj-status', { status: 201, body: '{"a":1}', warnings: [dep('res.json(obj, status): Use res.status(status).json(obj) instead')] }],
        ['/json-status-obj', { status: 202, body: '{"b":2}', warnings: [dep('res.json(status, obj): Use res.status(status).json(obj) instead')] }],
        ['/json-num', { status: 200, body: '404', headers: { 'content-type': 'application/json; charset=utf-8' }, warnings: [] }],
        [
          '/jsonp-obj-status?callback=cb',
          {
            status: 201,
            body: '/**/ typeof cb === \'function\' && cb({"a":1});',
            warnings: [dep('res.jsonp(obj, status): Use res.status(status).jsonp(obj) instead')],
          },
        ],
        [
          '/jsonp-status-obj',
          {
            status: 202,
            body: '[1]',
            headers: { 'x-content-type-options': 'nosniff' },
            warnings: [dep('res.jsonp(status, obj): Use res.status(status).jsonp(obj) instead')],
          },
        ],
      ],
      { deprecations: true },
    );
  });

  it('res.status takes any value, deprecating strings and fractions', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/string', (_req: App, res: App) => res.status('201').end('s'));
        app.get('/fraction', (_req: App, res: App) => res.status(202.5).end('f'));
        app.get('/send-status', (_req: App, res: App) => res.sendStatus(299));
      }),
      [
        ['/string', { status: 201, body: 's', warnings: [dep('res.status("201"): use res.status(201) instead')] }],
        ['/fraction', { status: 202, body: 'f', warnings: [dep('res.status(202.5): use res.status(202) instead')] }],
        ['/send-status', { status: 299, body: '299', warnings: [] }],
      ],
      { deprecations: true },
    );
  });

  it('sends only a Buffer as bytes, and sets Content-Length over one set before', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/u8', (_req: App, res: App) => res.send(new Uint8Array([1, 2])));
        app.get('/buf', (_req: App, res: App) => res.send(Buffer.from('ab')));
        app.get('/length', (_req: App, res: App) => res.set('Content-Length', '3').send('hello'));
        app.get('/bool', (_req: App, res: App) => res.send(true));
      }),
      [
        ['/u8', { status: 200, body: '{"0":1,"1":2}', headers: { 'content-type': 'application/json; charset=utf-8' } }],
        ['/buf', { status: 200, body: 'ab', headers: { 'content-type': 'application/octet-stream' } }],
        ['/length', { status: 200, body: 'hello', headers: { 'content-length': '5' } }],
        ['/bool', { status: 200, body: 'true', headers: { 'content-type': 'application/json; charset=utf-8' } }],
      ],
    );
  });
});
