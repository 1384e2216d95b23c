/**
 * The package itself, as body-parser 1.x's: the deprecated generic `bodyParser([options])`, a
 * json parser then an extended urlencoded parser built with the same options (`type` ignored),
 * with depd's warnings; the four factories are enumerable getters on it. (The 5.x entry throws
 * when called.) Differential: body-parser 1.x and the v4 entry.
 */
import bodyParserV4, { json, raw, text, urlencoded } from '@webfw/body-parser/v4';
import { bodyParserV1, compareV1, failedV1, parsedV1, silenceDeprecations, tooLarge, v4, warningsOf } from './support/helpers';
import type { V1Library, Warning } from './support/helpers';

const THIS_FILE = 'v4.bodyParser.generic.test.ts';
const GENERIC: Warning = { namespace: 'body-parser', message: 'bodyParser: use individual json/urlencoded middlewares', file: THIS_FILE };

describe('v4: the generic bodyParser() as a value', () => {
  it('should look as body-parser 1.x: an anonymous function of one parameter with four enumerable factory getters', () => {
    const shape = (lib: V1Library) => ({
      type: typeof lib,
      name: lib.name,
      length: lib.length,
      keys: Object.keys(lib),
      descriptors: ['json', 'raw', 'text', 'urlencoded'].map((key) => {
        const d = Object.getOwnPropertyDescriptor(lib, key);
        return { get: typeof d?.get, set: typeof d?.set, enumerable: d?.enumerable, configurable: d?.configurable };
      }),
    });
    expect(shape(v4)).toEqual(shape(bodyParserV1));
    expect(shape(v4)).toEqual({
      type: 'function',
      name: '',
      length: 1,
      keys: ['json', 'raw', 'text', 'urlencoded'],
      descriptors: Array(4).fill({ get: 'function', set: 'undefined', enumerable: true, configurable: true }),
    });
    expect([bodyParserV4.json, bodyParserV4.raw, bodyParserV4.text, bodyParserV4.urlencoded]).toEqual([json, raw, text, urlencoded]);
    expect(bodyParserV4.json).toBe(bodyParserV4.json);
  });

  it('should name its middleware bodyParser and the parsers as body-parser 1.x does', () => {
    warningsOf(() => {
      expect(v4({ extended: true }).name).toBe(bodyParserV1({ extended: true }).name);
      expect(v4({ extended: true }).name).toBe('bodyParser');
    });
    const names = (lib: V1Library) => [lib.json().name, lib.raw().name, lib.text().name, lib.urlencoded({ extended: false }).name];
    expect(names(v4)).toEqual(names(bodyParserV1));
    expect(names(v4)).toEqual(['jsonParser', 'rawParser', 'textParser', 'urlencodedParser']);
  });
});

describe('v4: the generic bodyParser() warnings', () => {
  it('should warn at each place that calls it, and about extended when it is missing', () => {
    const fromV1 = warningsOf(() => bodyParserV1({ extended: false }));
    const fromV4 = warningsOf(() => v4({ extended: false }));
    expect(fromV4).toEqual(fromV1);
    expect(fromV4).toEqual({ warnings: [GENERIC] });
  });

  it('should warn once per place in the calling code', () => {
    const make = (lib: V1Library) => lib({ extended: true });
    const counts = (lib: V1Library) => [
      warningsOf(() => make(lib)).warnings.length,
      warningsOf(() => make(lib)).warnings.length,
      warningsOf(() => lib({ extended: true })).warnings.length,
    ];
    expect(counts(v4)).toEqual([1, 0, 1]);
    expect(counts(bodyParserV1)).toEqual([1, 0, 1]);
  });

  it('should warn about the missing extended once per process, after the generic warning', () => {
    const messages = (lib: V1Library) => [
      warningsOf(() => lib()).warnings.map((w) => w.message),
      warningsOf(() => lib({ limit: 10 })).warnings.map((w) => w.message),
    ];
    const expected = [
      ['bodyParser: use individual json/urlencoded middlewares', 'undefined extended: provide extended option'],
      ['bodyParser: use individual json/urlencoded middlewares'],
    ];
    expect(messages(v4)).toEqual(expected);
    expect(messages(bodyParserV1)).toEqual(expected);
  });

  it('should validate the options as urlencoded, then json, would', () => {
    const thrown = (lib: V1Library) => [
      warningsOf(() => lib({ extended: true, limit: 'lots' })).thrown,
      warningsOf(() => lib({ extended: true, parameterLimit: -1 })).thrown,
      warningsOf(() => lib({ extended: true, verify: 'yes' })).thrown,
    ];
    expect(thrown(v4)).toEqual(thrown(bodyParserV1));
    expect(thrown(v4)).toEqual([
      'TypeError: option limit "lots" is invalid',
      'TypeError: option parameterLimit must be a positive number',
      'TypeError: option verify must be function',
    ]);
  });
});

describe('v4: the generic bodyParser() middleware', () => {
  silenceDeprecations();

  const JSON_TYPE = { 'Content-Type': 'application/json' };
  const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

  it('should parse JSON and (extended) forms, and nothing else', async () => {
    const answers = await compareV1(v4, (lib) => [lib()], [
      { headers: JSON_TYPE, body: '{"a":[1]}' },
      { headers: FORM, body: 'a[b]=1' },
      { headers: { 'Content-Type': 'text/plain' }, body: 'x' },
      { method: 'GET' },
      { headers: JSON_TYPE, body: '{"a":' },
    ]);
    expect(answers).toEqual([
      parsedV1({ a: [1] }),
      parsedV1({ a: { b: '1' } }),
      parsedV1({}, 'unset'),
      parsedV1({}, 'unset'),
      failedV1({
        name: 'SyntaxError',
        message: 'Unexpected end of JSON input',
        status: 400,
        statusCode: 400,
        expose: true,
        type: 'entity.parse.failed',
        body: '{"a":',
      }),
    ]);
  });

  it('should pass the options to both parsers and ignore type', async () => {
    const answers = await compareV1(v4, (lib) => [lib({ limit: 10, extended: false, type: 'text/plain' })], [
      { headers: JSON_TYPE, body: '{"a":"long enough"}' },
      { headers: FORM, body: 'a=1234567890' },
      { headers: FORM, body: 'a[b]=1' },
      { headers: { 'Content-Type': 'text/plain' }, body: 'x' },
    ]);
    expect(answers).toEqual([
      failedV1(tooLarge({ expected: 19, length: 19, limit: 10 })),
      failedV1(tooLarge({ expected: 12, length: 12, limit: 10 })),
      parsedV1({ 'a[b]': '1' }, true, 'null'),
      parsedV1({}, 'unset'),
    ]);
  });

  it('should read options inherited by the object passed', async () => {
    const options = Object.create({ strict: false, reviver: (_key: string, value: unknown) => (value === 1 ? 'one' : value) }) as Record<string, unknown>;
    options.extended = true;
    const answers = await compareV1(v4, (lib) => [lib(options)], [{ headers: JSON_TYPE, body: '1' }]);
    expect(answers).toEqual([parsedV1('one', true, 'none')]);
  });
});
