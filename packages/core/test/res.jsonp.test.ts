import { expectCase, type Handler, type ResponseCase } from './support/res';

const JSON_TYPE = 'application/json; charset=utf-8';
const JS_TYPE = 'text/javascript; charset=utf-8';

describe('res.jsonp(body)', () => {
  /** The handler of the cases that only vary the request. */
  const count: Handler = (_req, res) => {
    res.jsonp({ count: 1 });
  };

  it.each<ResponseCase>([
    {
      name: 'should wrap the JSON in the callback from ?callback',
      handler: count,
      ask: '/?callback=handle',
      expected: {
        status: 200,
        headers: { 'content-type': JS_TYPE, 'x-content-type-options': 'nosniff' },
        body: '/**/ typeof handle === \'function\' && handle({"count":1});',
      },
    },
    {
      name: 'should send plain JSON without a callback, with nosniff',
      handler: count,
      ask: '/',
      expected: { status: 200, headers: { 'content-type': JSON_TYPE, 'x-content-type-options': 'nosniff' }, body: '{"count":1}' },
    },
    {
      name: 'should send plain JSON for an empty callback',
      handler: count,
      ask: '/?callback=',
      expected: { status: 200, headers: { 'content-type': JSON_TYPE }, body: '{"count":1}' },
    },
    {
      name: 'should use the first callback when several are given',
      handler: count,
      ask: '/?callback=first&callback=second',
      expected: { status: 200, body: '/**/ typeof first === \'function\' && first({"count":1});' },
    },
    {
      name: 'should allow member and index expressions',
      handler: count,
      ask: '/?callback=' + encodeURIComponent('app.cbs[0]$_'),
      expected: { status: 200, body: '/**/ typeof app.cbs[0]$_ === \'function\' && app.cbs[0]$_({"count":1});' },
    },
    {
      name: 'should strip script from the callback name',
      handler: count,
      ask: '/?callback=' + encodeURIComponent('alert(document.cookie)//<script>'),
      expected: {
        status: 200,
        headers: { 'content-type': JS_TYPE },
        body: '/**/ typeof alertdocument.cookiescript === \'function\' && alertdocument.cookiescript({"count":1});',
      },
    },
    {
      name: 'should strip quotes, semicolons, spaces and newlines from the callback name',
      handler: count,
      ask: '/?callback=' + encodeURIComponent("a';x=1;\n\u2028b c"),
      expected: { status: 200, body: '/**/ typeof ax1bc === \'function\' && ax1bc({"count":1});' },
    },
    {
      name: 'should escape U+2028 and U+2029 in the body',
      handler: (_req, res) => res.jsonp({ text: 'a\u2028b\u2029c' }),
      ask: '/?callback=cb',
      expected: { status: 200, body: '/**/ typeof cb === \'function\' && cb({"text":"a\\u2028b\\u2029c"});' },
    },
    {
      name: 'should call the callback without argument for undefined',
      handler: (_req, res) => res.jsonp(undefined),
      ask: '/?callback=cb',
      expected: { status: 200, headers: { 'content-length': '38' }, body: "/**/ typeof cb === 'function' && cb();" },
    },
    {
      name: 'should read the parameter named by the jsonp callback name setting',
      handler: (_req, res) => res.jsonp([1]),
      configure: (a) => a.set('jsonp callback name', 'cb'),
      ask: '/?cb=fn',
      expected: { status: 200, body: "/**/ typeof fn === 'function' && fn([1]);" },
    },
    {
      name: 'should ignore ?callback when the jsonp callback name setting names another parameter',
      handler: (_req, res) => res.jsonp([1]),
      configure: (a) => a.set('jsonp callback name', 'cb'),
      ask: '/?callback=fn',
      expected: { status: 200, headers: { 'content-type': JSON_TYPE }, body: '[1]' },
    },
    {
      name: 'should keep a Content-Type set before when there is no callback (no nosniff)',
      handler: (_req, res) => res.type('text/x-json').jsonp({ a: 1 }),
      expected: { status: 200, headers: { 'content-type': 'text/x-json; charset=utf-8', 'x-content-type-options': undefined }, body: '{"a":1}' },
    },
    {
      name: 'should force text/javascript over a Content-Type set before when there is a callback',
      handler: (_req, res) => res.type('text/x-json').jsonp({ a: 1 }),
      ask: '/?callback=cb',
      expected: {
        status: 200,
        headers: { 'content-type': JS_TYPE, 'x-content-type-options': 'nosniff' },
        body: '/**/ typeof cb === \'function\' && cb({"a":1});',
      },
    },
    {
      name: 'should apply json spaces, replacer and escape',
      handler: (_req, res) => res.jsonp({ a: '<', secret: 1 }),
      configure: (a) => {
        a.set('json spaces', 1);
        a.set('json replacer', ['a']);
        a.enable('json escape');
      },
      ask: '/?callback=cb',
      expected: { status: 200, body: '/**/ typeof cb === \'function\' && cb({\n "a": "\\u003c"\n});' },
    },
    {
      name: 'should ignore a callback given as an object (extended query parser)',
      handler: (_req, res) => res.jsonp({ a: 1 }),
      configure: (a) => a.set('query parser', 'extended'),
      ask: '/?callback[x]=evil',
      expected: { status: 200, headers: { 'content-type': JSON_TYPE }, body: '{"a":1}' },
    },
  ])('$name', expectCase);
});
