import { appFor, expectCase, type ResponseCase } from './support/res';

const JSON_TYPE = 'application/json; charset=utf-8';
const html = { html: '<script>alert("x")</script> & more' };

describe('res.json(body)', () => {
  it.each<ResponseCase>([
    {
      name: 'should send an object as application/json',
      handler: (_req, res) => res.json({ name: 'tobi', tags: ['a'] }),
      expected: { status: 200, headers: { 'content-type': JSON_TYPE, 'content-length': '28' }, body: '{"name":"tobi","tags":["a"]}' },
    },
    {
      name: 'should send a string as a JSON value',
      handler: (_req, res) => res.json('str'),
      expected: { status: 200, headers: { 'content-type': JSON_TYPE }, body: '"str"' },
    },
    { name: 'should send null as a JSON value', handler: (_req, res) => res.json(null), expected: { status: 200, body: 'null' } },
    { name: 'should send a number as a JSON value', handler: (_req, res) => res.json(1.5), expected: { status: 200, body: '1.5' } },
    {
      name: 'should send an empty body for undefined, typed as JSON',
      handler: (_req, res) => res.json(undefined),
      expected: { status: 200, headers: { 'content-type': JSON_TYPE, 'content-length': '0', etag: undefined }, body: '' },
    },
    {
      name: 'should keep a Content-Type set before, adding the charset',
      handler: (_req, res) => res.type('application/vnd.api+json').json({ a: 1 }),
      expected: { status: 200, headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' }, body: '{"a":1}' },
    },
    { name: 'should keep the status set before', handler: (_req, res) => res.status(201).json({ id: 1 }), expected: { status: 201, body: '{"id":1}' } },
    {
      name: 'should pass a toJSON result and drop functions like JSON.stringify',
      handler: (_req, res) => res.json({ when: new Date(0), fn: () => 1, u: undefined }),
      expected: { status: 200, body: '{"when":"1970-01-01T00:00:00.000Z"}' },
    },
    {
      name: 'should throw for a circular structure',
      handler: (_req, res) => {
        const loop: Record<string, unknown> = {};
        loop.self = loop;
        res.json(loop);
      },
      expected: { status: 500, json: expect.objectContaining({ name: 'TypeError', message: expect.stringMatching(/^Converting circular structure to JSON/) }) },
    },
  ])('$name', expectCase);

  describe('json spaces setting', () => {
    it.each<ResponseCase>([
      {
        name: 'should indent with a number of spaces',
        handler: (_req, res) => res.json({ a: 1 }),
        configure: (a) => a.set('json spaces', 2),
        expected: { status: 200, body: '{\n  "a": 1\n}' },
      },
      {
        name: 'should indent with a string',
        handler: (_req, res) => res.json([1]),
        configure: (a) => a.set('json spaces', '\t'),
        expected: { status: 200, body: '[\n\t1\n]' },
      },
      {
        name: 'should be inherited by a sub-app',
        handler: (_req, res) => res.status(404).end(),
        configure: (a) => {
          a.set('json spaces', 1);
          a.use(
            '/sub',
            appFor((_req, res) => res.json({ a: 1 })),
          );
        },
        ask: '/sub',
        expected: { status: 200, body: '{\n "a": 1\n}' },
      },
    ])('$name', expectCase);
  });

  describe('json replacer setting', () => {
    it.each<ResponseCase>([
      {
        name: 'should apply a replacer function',
        handler: (_req, res) => res.json({ name: 'tobi', password: 'secret' }),
        configure: (a) => a.set('json replacer', (key: string, value: unknown) => (key === 'password' ? undefined : value)),
        expected: { status: 200, body: '{"name":"tobi"}' },
      },
      {
        name: 'should apply a key allow-list',
        handler: (_req, res) => res.json({ name: 'tobi', age: 3, password: 'secret' }),
        configure: (a) => a.set('json replacer', ['name', 'age']),
        expected: { status: 200, body: '{"name":"tobi","age":3}' },
      },
    ])('$name', expectCase);
  });

  describe('json escape setting', () => {
    it.each<ResponseCase>([
      {
        name: 'should escape <, > and & when enabled',
        handler: (_req, res) => res.json(html),
        configure: (a) => a.enable('json escape'),
        expected: { status: 200, body: '{"html":"\\u003cscript\\u003ealert(\\"x\\")\\u003c/script\\u003e \\u0026 more"}' },
      },
      {
        name: 'should leave them as is by default',
        handler: (_req, res) => res.json(html),
        expected: { status: 200, body: '{"html":"<script>alert(\\"x\\")</script> & more"}' },
      },
      {
        name: 'should apply to res.send(object) too',
        handler: (_req, res) => res.send({ a: '<>' }),
        configure: (a) => a.enable('json escape'),
        expected: { status: 200, body: '{"a":"\\u003c\\u003e"}' },
      },
    ])('$name', expectCase);
  });
});
