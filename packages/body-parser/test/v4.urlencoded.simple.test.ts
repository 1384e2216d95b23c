/**
 * `urlencoded({ extended: false })` of body-parser 1.x parses with node's querystring module
 * (body-parser 2.x and the 5.x entry use qs): the result has a null prototype, keeps empty and
 * `__proto__` keys as own properties, and decodes malformed UTF-8 escapes to U+FFFD.
 * Differential: body-parser 1.x and the v4 entry.
 */
import { compareV1, failedV1, parsedV1, v4 } from './support/helpers';
import type { Step } from './support/helpers';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const flat = (body: Record<string, unknown>) => parsedV1(body, true, 'null');
const tooMany = (body: string) =>
  failedV1({ name: 'PayloadTooLargeError', message: 'too many parameters', status: 413, statusCode: 413, expose: true, type: 'parameters.too.many', body });

describe('v4: urlencoded({ extended: false })', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['pairs, repeated keys as arrays', 'a=1&b=2&a=3', { a: ['1', '3'], b: '2' }],
    ['brackets as part of the key', 'a[b]=1&c[]=2&c[]=3', { 'a[b]': '1', 'c[]': ['2', '3'] }],
    ['an empty key', '=x&b', { '': 'x', b: '' }],
    ['a __proto__ key as an own property', '__proto__=5&a=1', { ['__proto__']: '5', a: '1' }],
    ['keys named like Object.prototype methods', 'hasOwnProperty=1&constructor=2&toString=3', { hasOwnProperty: '1', constructor: '2', toString: '3' }],
    ['plus signs and escapes', 'c=+%2B&d=%E2%9C%93', { c: ' +', d: '✓' }],
    ['malformed escapes', 'a=%zz&b=%&c=%E9&d=%e2%9c', { a: '%zz', b: '%', c: '\ufffd', d: '\ufffd' }],
    ['a utf8 sentinel as an ordinary parameter', 'utf8=%E2%9C%93&a=%26%239786%3B', { utf8: '✓', a: '&#9786;' }],
    ['an empty body as {} (with a prototype)', '', {}],
  ])('should parse %s', async (_title, body, expected) => {
    const answers = await compareV1(v4, (lib) => [lib.urlencoded({ extended: false })], [{ headers: FORM, body }]);
    expect(answers).toEqual([body === '' ? parsedV1({}) : flat(expected)]);
  });

  it('should give req.body a null prototype', async () => {
    const seen: unknown[] = [];
    const step: Step = (req, _res, next) => {
      seen.push((req as typeof req & { body?: unknown }).body);
      next();
    };
    await compareV1(v4, (lib) => [lib.urlencoded({ extended: false }), step], [{ headers: FORM, body: 'a=1' }]);
    expect(seen.map((body) => Object.getPrototypeOf(body))).toEqual([null, null]);
    expect(seen.map((body) => (body as { hasOwnProperty?: unknown }).hasOwnProperty)).toEqual([undefined, undefined]);
  });

  it('should apply parameterLimit (413 above it)', async () => {
    const answers = await compareV1(v4, (lib) => [lib.urlencoded({ extended: false, parameterLimit: 3 })], [
      { headers: FORM, body: 'a=1&b=2&c=3' },
      { headers: FORM, body: 'a=1&b=2&c=3&d=4' },
      { headers: FORM, body: 'a=1&b=2&c=3&' },
    ]);
    expect(answers).toEqual([flat({ a: '1', b: '2', c: '3' }), tooMany('a=1&b=2&c=3&d=4'), tooMany('a=1&b=2&c=3&')]);
  });

  it('should not apply depth (no nesting without extended)', async () => {
    const deep = `a${'[b]'.repeat(40)}=1`;
    const answers = await compareV1(v4, (lib) => [lib.urlencoded({ extended: false, depth: 0 })], [{ headers: FORM, body: deep }]);
    expect(answers).toEqual([flat({ [deep.slice(0, -2)]: '1' })]);
  });

  it('should accept a negative depth, which it never reads', () => {
    expect(() => v4.urlencoded({ extended: false, depth: -1 })).not.toThrow();
    expect(() => v4.urlencoded({ extended: true, depth: -1 })).toThrow('option depth must be a zero or a positive number');
  });
});
