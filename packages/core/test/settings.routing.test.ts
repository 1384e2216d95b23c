import request from 'supertest';
import webfw from '@webfw/core';
import { expectResponse } from './support/helpers';

/** One request: GET `path` on an app with the settings `enabled`, each route answering its text, must answer `status` and `body`. */
type Row = [name: string, path: string, status: number, body: string, enabled: string[], routes: Array<[path: string, text: string]>];

function expectRouted(_name: string, path: string, status: number, body: string, enabled: string[], routes: Array<[string, string]>) {
  const app = webfw();
  for (const setting of enabled) app.enable(setting);
  for (const [route, text] of routes) app.get(route, (_req, res) => res.end(text));
  return expectResponse(app, path, { status, body });
}

const notFound = (path: string): string => expect.stringContaining(`Cannot GET ${path}`);
const DEFAULTS: string[] = [];

describe('case sensitive routing', () => {
  const ENABLED = ['case sensitive routing'];

  it.each<Row>([
    ['should match paths case-insensitively by default', '/foo', 200, 'foo', DEFAULTS, [['/Foo', 'foo']]],
    ['should match paths case-insensitively by default', '/FOO', 200, 'foo', DEFAULTS, [['/Foo', 'foo']]],
    ['should tell /Foo from /foo when enabled', '/Foo', 200, 'Foo', ENABLED, [['/Foo', 'Foo']]],
    ['should tell /Foo from /foo when enabled', '/foo', 404, notFound('/foo'), ENABLED, [['/Foo', 'Foo']]],
  ])('%s (GET %s)', expectRouted);
});

describe('strict routing', () => {
  const ENABLED = ['strict routing'];
  const ROUTES: Array<[string, string]> = [
    ['/foo', 'foo'],
    ['/bar/', 'bar/'],
  ];

  it.each<Row>([
    ['should treat /foo and /foo/ the same by default', '/foo/', 200, 'foo', DEFAULTS, [['/foo', 'foo']]],
    ['should tell /foo from /foo/ when enabled', '/foo', 200, 'foo', ENABLED, ROUTES],
    ['should tell /foo from /foo/ when enabled', '/foo/', 404, notFound('/foo/'), ENABLED, ROUTES],
    ['should tell /foo from /foo/ when enabled', '/bar/', 200, 'bar/', ENABLED, ROUTES],
    ['should tell /foo from /foo/ when enabled', '/bar', 404, notFound('/bar'), ENABLED, ROUTES],
  ])('%s (GET %s)', expectRouted);

  it('should apply the settings in force when the router is first used', async () => {
    const app = webfw();
    app.enable('strict routing');
    app.get('/x', (_req, res) => {
      res.end('x');
    });
    app.disable('strict routing');
    await request(app).get('/x/').expect(404);
  });
});
