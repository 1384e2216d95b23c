/**
 * `urlencoded` of body-parser 1.x has no `extended` default: not given, the parser is extended
 * (qs) and depd prints `body-parser deprecated undefined extended: provide extended option`
 * once per place in the calling code (the 5.x entry defaults to false, silently).
 */
import { urlencoded } from '@webfw/body-parser/v4';
import { bodyParserV1, compareV1, depthExceeded, failedV1, parsedV1, silenceDeprecations, v4, warningsOf } from './support/helpers';
import type { V1Library, Warning } from './support/helpers';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const THIS_FILE = 'v4.urlencoded.extended.test.ts';
const UNDEFINED_EXTENDED: Warning = { namespace: 'body-parser', message: 'undefined extended: provide extended option', file: THIS_FILE };

/** Calls `call` with body-parser 1.x, then with the v4 entry: the same warnings and errors, returned. */
function sameAsV1(call: (lib: V1Library) => unknown): { warnings: Warning[]; thrown?: string } {
  const theirs = warningsOf(() => call(bodyParserV1));
  const ours = warningsOf(() => call(v4));
  expect(ours).toEqual(theirs);
  return ours;
}

describe('v4: urlencoded without extended', () => {
  it('should warn, as body-parser 1.x, when extended is not given', () => {
    expect(sameAsV1((lib) => lib.urlencoded())).toEqual({ warnings: [UNDEFINED_EXTENDED] });
    expect(sameAsV1((lib) => lib.urlencoded({ limit: '1kb' }))).toEqual({ warnings: [UNDEFINED_EXTENDED] });
    expect(sameAsV1((lib) => lib.urlencoded({ extended: undefined }))).toEqual({ warnings: [UNDEFINED_EXTENDED] });
    expect(sameAsV1((lib) => lib.urlencoded(null as unknown as undefined))).toEqual({ warnings: [UNDEFINED_EXTENDED] });
  });

  it('should not warn when extended is given, even falsy but not false', () => {
    expect(sameAsV1((lib) => lib.urlencoded({ extended: true }))).toEqual({ warnings: [] });
    expect(sameAsV1((lib) => lib.urlencoded({ extended: false }))).toEqual({ warnings: [] });
    expect(sameAsV1((lib) => lib.urlencoded({ extended: null }))).toEqual({ warnings: [] });
  });

  it('should warn before validating the options', () => {
    expect(sameAsV1((lib) => lib.urlencoded({ limit: 'lots' }))).toEqual({
      warnings: [UNDEFINED_EXTENDED],
      thrown: 'TypeError: option limit "lots" is invalid',
    });
    expect(sameAsV1((lib) => lib.urlencoded({ parameterLimit: 0 }))).toEqual({
      warnings: [UNDEFINED_EXTENDED],
      thrown: 'TypeError: option parameterLimit must be a positive number',
    });
    expect(sameAsV1((lib) => lib.urlencoded({ depth: -1 }))).toEqual({
      warnings: [UNDEFINED_EXTENDED],
      thrown: 'TypeError: option depth must be a zero or a positive number',
    });
  });

  it('should warn once per place in the calling code, as depd does', () => {
    const make = (lib: V1Library) => lib.urlencoded();
    const counts = (lib: V1Library) => [
      warningsOf(() => make(lib)).warnings.length,
      warningsOf(() => make(lib)).warnings.length,
      warningsOf(() => lib.urlencoded()).warnings.length,
      warningsOf(() => lib.urlencoded()).warnings.length,
    ];
    expect(counts(v4)).toEqual([1, 0, 1, 1]);
    expect(counts(bodyParserV1)).toEqual([1, 0, 1, 1]);
  });

  it('should be typed as an optional boolean', () => {
    const parser: ReturnType<typeof urlencoded> = urlencoded({ extended: true, parameterLimit: 10, depth: 2 });
    expect(parser.name).toBe('urlencodedParser');
  });
});

describe('v4: urlencoded parses extended (qs) when extended is not given', () => {
  silenceDeprecations();

  it.each<[string, string, unknown]>([
    ['nested objects', 'a[b][c]=1', { a: { b: { c: '1' } } }],
    ['arrays', 'a[]=1&a[]=2', { a: ['1', '2'] }],
    ['indexed arrays', 'a[1]=x&a[0]=y', { a: ['y', 'x'] }],
    ['plain pairs', 'a=1&a=2&b=', { a: ['1', '2'], b: '' }],
    ['an empty body', '', {}],
  ])('should parse %s', async (_title, body, expected) => {
    const answers = await compareV1(v4, (lib) => [lib.urlencoded()], [{ headers: FORM, body }]);
    expect(answers).toEqual([parsedV1(expected)]);
  });

  it('should apply the default depth of 32, as body-parser 1.20.3 and later', async () => {
    const ok = `a${'[b]'.repeat(31)}=1`;
    const tooDeep = `a${'[b]'.repeat(33)}=1`;
    const answers = await compareV1(v4, (lib) => [lib.urlencoded()], [
      { headers: FORM, body: ok },
      { headers: FORM, body: tooDeep },
    ]);
    expect(answers[0]?.status).toBe(200);
    expect(answers[1]).toEqual(failedV1(depthExceeded(tooDeep)));
  });

  it('should apply depth and parameterLimit options', async () => {
    const answers = await compareV1(v4, (lib) => [lib.urlencoded({ depth: 1, parameterLimit: 2 })], [
      { headers: FORM, body: 'a[b]=1' },
      { headers: FORM, body: 'a[b][c]=1' },
      { headers: FORM, body: 'a=1&b=2&c=3' },
    ]);
    expect(answers).toEqual([
      parsedV1({ a: { b: '1' } }),
      failedV1(depthExceeded('a[b][c]=1')),
      failedV1({
        name: 'PayloadTooLargeError',
        message: 'too many parameters',
        status: 413,
        statusCode: 413,
        expose: true,
        type: 'parameters.too.many',
        body: 'a=1&b=2&c=3',
      }),
    ]);
  });
});
