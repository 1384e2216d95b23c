/**
 * `res.format` negotiates as express 5's does, compared byte for byte: keys given as
 * extensions (`json`), media types (`application/json`) or media types with parameters
 * (`text/html; charset=utf-8`), any case; Accept with q-values, parameters and the wildcards
 * `*` + `/*` and `text/*`; no Accept at all (the first key); `default` run instead of an
 * answer when nothing matches; otherwise a 406 error (with the offered `types`) for `next`;
 * `Vary: Accept` always.
 */
import type { Server } from 'node:http';
import webfw from '@webfw/core';
import type { Any, Framework } from './support/differential';
import { close, exchange, expectSameWire, serve, type WireRequest } from './support/raw-wire';

/** A handler sending its own name, so the body tells which one ran. */
const named =
  (name: string) =>
  (_req: Any, res: Any): void => {
    res.send(name);
  };

/** A handler ending with the Content-Type res.format set (res.send would add a charset). */
const showType = (_req: Any, res: Any): void => {
  res.end(`type=${String(res.get('Content-Type'))}`);
};

function build(fw: Framework): Any {
  const app = fw();
  app.set('env', 'production');
  app.get('/extensions', (_q: Any, res: Any) => res.format({ text: named('text'), html: named('html'), json: named('json') }));
  app.get('/types', (_q: Any, res: Any) => res.format({ 'text/plain': named('text'), 'text/html': named('html'), 'application/json': named('json') }));
  app.get('/mixed', (_q: Any, res: Any) => res.format({ 'application/json': named('json'), html: named('html'), '.txt': named('text'), png: named('png') }));
  app.get('/params', (_q: Any, res: Any) =>
    res.format({ 'text/html; charset=utf-8': showType, 'application/json;q=0.5': showType, 'text/plain; charset=iso-8859-1': showType }),
  );
  app.get('/case', (_q: Any, res: Any) => res.format({ 'Application/JSON': showType, 'TEXT/Html': showType }));
  app.get('/charset', (_q: Any, res: Any) =>
    res.format({ 'text/plain; charset=iso-8859-1': named('café'), json: (_r: Any, s: Any) => s.json({ name: 'café' }), xml: showType }),
  );
  app.get('/images', (_q: Any, res: Any) => res.format({ png: named('png'), 'image/*': named('any image'), unknownext: named('unknown extension') }));
  app.get('/default', (_q: Any, res: Any) => res.format({ json: named('json'), default: (_r: Any, s: Any) => s.status(406).send('default ran') }));
  app.get('/default-next', (_q: Any, res: Any) => res.format({ json: named('json'), default: (_r: Any, _s: Any, next: Any) => next() }));
  app.get('/default-next', (_q: Any, res: Any) => res.send('after default'));
  app.get('/only-default', (_q: Any, res: Any) => res.format({ default: named('only default') }));
  app.get('/empty', (_q: Any, res: Any) => res.format({}));
  app.get('/vary', (_q: Any, res: Any) =>
    res
      .vary('Origin')
      .set('Vary', 'Origin, accept')
      .format({ json: named('json') }),
  );
  app.get('/typed', (_q: Any, res: Any) => res.type('xml').format({ json: showType, default: showType }));
  app.use('/reported', (_q: Any, res: Any) => res.format({ json: named('json'), 'text/html;level=1': named('html') }));
  app.use('/reported', (err: Any, _q: Any, res: Any, _n: Any) =>
    res.status(err.status).json({
      name: err.name,
      message: err.message,
      status: err.status,
      statusCode: err.statusCode,
      expose: err.expose,
      types: err.types,
      keys: Object.keys(err),
    }),
  );
  return app;
}

describe('res.format negotiation (differential with express 5)', () => {
  const accepts: Array<string | undefined> = [
    undefined,
    '',
    '*/*',
    'text/*',
    'text/*;q=0.5, application/json;q=0.4',
    'application/json',
    'APPLICATION/JSON',
    'application/json; charset=utf-8',
    'application/json;q=0.1, text/html;q=0.2',
    'text/html;q=0, */*',
    'text/html;q=0.5, text/plain',
    'text/html;level=1',
    'text/plain;charset=iso-8859-1',
    'application/*;q=0.9, text/html;q=0.8',
    'text/html, application/xhtml+xml, application/xml;q=0.9, */*;q=0.8',
    'image/png',
    'image/*',
    'image/webp, */*;q=0.1',
    'application/octet-stream',
    'foo',
    'text/html;q=0.5, application/json;q=0.5, text/plain;q=0.5',
  ];

  const paths = [
    '/extensions',
    '/types',
    '/mixed',
    '/params',
    '/case',
    '/charset',
    '/images',
    '/default',
    '/default-next',
    '/only-default',
    '/empty',
    '/vary',
    '/typed',
    '/reported',
  ];

  it('should pick the same handler and send the same bytes for every Accept', async () => {
    const reqs: WireRequest[] = [];
    for (const path of paths) for (const accept of accepts) reqs.push({ path, headers: accept === undefined ? {} : { Accept: accept } });
    reqs.push({ method: 'HEAD', path: '/extensions', headers: { Accept: 'application/json' } }, { method: 'HEAD', path: '/empty' });
    await expectSameWire(build, reqs);
  });
});

describe('res.format negotiation', () => {
  let server: Server;
  beforeAll(async () => {
    server = await serve(build(webfw));
  });
  afterAll(() => close(server));

  /** Status line, Content-Type and body of GET `path` with `accept` (none when undefined). */
  async function answer(path: string, accept?: string): Promise<[string, string | undefined, string]> {
    const res = await exchange(server, { path, headers: accept === undefined ? {} : { Accept: accept } });
    const type = res.lines.find((l) => l.startsWith('Content-Type: '));
    expect(res.lines).toContain('Vary: Accept');
    return [res.statusLine.slice(9), type?.slice(14), res.body];
  }

  // what each row shows (the test names)
  const FIRST_KEY = 'should run the first key when there is no Accept header or it accepts anything';
  const Q_VALUES = 'should follow q-values and specificity';
  const WILDCARDS = 'should match text/* to the first text key, and prefer a wildcard key matching the Accept exactly';
  const KEY_TYPE = 'should set the Content-Type of the chosen key without its parameters, with the charset of the type';
  const DEFAULT = 'should run default instead of answering when nothing matches';

  it.each<[string, string, string | undefined, [string, string, string]]>([
    [FIRST_KEY, '/mixed', undefined, ['200 OK', 'application/json; charset=utf-8', 'json']],
    [FIRST_KEY, '/extensions', '*/*', ['200 OK', 'text/plain; charset=utf-8', 'text']],
    [Q_VALUES, '/types', 'application/json;q=0.1, text/html;q=0.2', ['200 OK', 'text/html; charset=utf-8', 'html']],
    [Q_VALUES, '/types', 'text/html;q=0, */*', ['200 OK', 'text/plain; charset=utf-8', 'text']],
    [Q_VALUES, '/extensions', 'text/*;q=0.5, application/json;q=0.4', ['200 OK', 'text/plain; charset=utf-8', 'text']],
    [WILDCARDS, '/types', 'text/*', ['200 OK', 'text/plain; charset=utf-8', 'text']],
    [WILDCARDS, '/images', 'image/png', ['200 OK', 'image/png; charset=utf-8', 'png']],
    [WILDCARDS, '/images', 'image/*', ['200 OK', 'image/*; charset=utf-8', 'any image']],
    [KEY_TYPE, '/params', 'text/html', ['200 OK', 'text/html; charset=utf-8', 'type=text/html; charset=utf-8']],
    [KEY_TYPE, '/params', 'text/plain', ['200 OK', 'text/plain; charset=utf-8', 'type=text/plain; charset=utf-8']],
    [KEY_TYPE, '/params', 'application/json', ['200 OK', 'application/json; charset=utf-8', 'type=application/json; charset=utf-8']],
    [KEY_TYPE, '/case', 'application/json', ['200 OK', 'Application/JSON; charset=utf-8', 'type=Application/JSON; charset=utf-8']],
    [KEY_TYPE, '/charset', 'application/xml', ['200 OK', 'application/xml', 'type=application/xml']],
    [DEFAULT, '/default', 'image/png', ['406 Not Acceptable', 'text/html; charset=utf-8', 'default ran']],
    [DEFAULT, '/default-next', 'image/png', ['200 OK', 'text/html; charset=utf-8', 'after default']],
    [DEFAULT, '/only-default', 'application/json', ['200 OK', 'text/html; charset=utf-8', 'only default']],
    [DEFAULT, '/typed', 'image/png', ['200 OK', 'application/xml', 'type=application/xml']],
  ])('%s: GET %s, Accept: %s', async (_name, path, accept, expected) => {
    expect(await answer(path, accept)).toEqual(expected);
  });

  it('should pass next a 406 error listing the offered types', async () => {
    const [status, type, body] = await answer('/reported', 'image/png');
    expect([status, type]).toEqual(['406 Not Acceptable', 'application/json; charset=utf-8']);
    expect(JSON.parse(body)).toEqual({
      name: 'NotAcceptableError',
      message: 'Not Acceptable',
      status: 406,
      statusCode: 406,
      expose: true,
      types: ['application/json', 'text/html'],
      keys: ['message', 'types'],
    });
    expect((await answer('/empty'))[2]).toContain('<pre>Not Acceptable</pre>');
  });
});
