import { urlencoded } from '@webfw/body-parser';
import { answer, depthExceeded, httpError, post, withServe } from './support/helpers';

const FORM = 'application/x-www-form-urlencoded';
const LATIN1 = `${FORM}; charset=iso-8859-1`;

type Options = Parameters<typeof urlencoded>[0];
type Answer = { status: number; json: unknown };

/** A table row: title, the options of a fresh `urlencoded(options)`, Content-Type and body sent, the answer expected. */
type Case = [title: string, options: Options, contentType: string, body: string, expected: Answer];

async function expectAnswer(_title: string, options: Options, contentType: string, body: string, expected: Answer): Promise<void> {
  await withServe(urlencoded(options), async (s) => {
    expect(await answer(s.port, contentType, body)).toEqual(expected);
  });
}

/** The answer when the form parsed into `body`. */
function parsed(body: Record<string, unknown>): Answer {
  return { status: 200, json: { has: true, kind: 'object', body } };
}

/** The answer when the parser failed with `error` (as {@link httpError} shows it). */
function failed(error: Record<string, unknown>): Answer {
  return { status: error.status as number, json: { error } };
}

function tooMany(body: string): Record<string, unknown> {
  return httpError(413, 'PayloadTooLargeError', 'too many parameters', { type: 'parameters.too.many', body });
}

const TEN_THOUSAND = Array.from({ length: 10_000 }, () => 'a=1').join('&');

describe('urlencoded({ parameterLimit })', () => {
  it.each<Case>([
    ['should accept exactly parameterLimit parameters', { parameterLimit: 3 }, FORM, 'a=1&b=2&c=3', parsed({ a: '1', b: '2', c: '3' })],
    ['should 413 parameters.too.many above parameterLimit', { parameterLimit: 3 }, FORM, 'a=1&b=2&c=3&d=4', failed(tooMany('a=1&b=2&c=3&d=4'))],
    ['should count empty pairs as parameters, as body-parser does', { parameterLimit: 3 }, FORM, 'a=1&b=2&c=3&', failed(tooMany('a=1&b=2&c=3&'))],
    ['should apply the limit in extended mode too', { parameterLimit: 2, extended: true }, FORM, 'a[x]=1&b=2&c=3', failed(tooMany('a[x]=1&b=2&c=3'))],
    ['should 413 for 10,000 parameters at the default limit of 1000', undefined, FORM, TEN_THOUSAND, failed(tooMany(TEN_THOUSAND))],
  ])('%s', expectAnswer);

  it('should parse 10,000 parameters when the limit allows them', () =>
    withServe(urlencoded({ parameterLimit: 10_000, limit: '1mb' }), async (s) => {
      const body = Array.from({ length: 10_000 }, (_, i) => `k${i}=${i}`).join('&');
      const res = await post(s.port, FORM, body);
      expect(res.status).toBe(200);
      const keys = res.json.body as Record<string, string>;
      expect(Object.keys(keys)).toHaveLength(10_000);
      expect(keys.k9999).toBe('9999');
    }));

  it('should accept Infinity', () =>
    withServe(urlencoded({ parameterLimit: Infinity }), async (s) => {
      const body = Array.from({ length: 1500 }, (_, i) => `k${i}=${i}`).join('&');
      const res = await post(s.port, FORM, body);
      expect(Object.keys(res.json.body as object)).toHaveLength(1500);
    }));
});

describe('urlencoded({ depth })', () => {
  it.each<Case>([
    ['should parse input at the configured depth', { extended: true, depth: 2 }, FORM, 'a[b][c]=1', parsed({ a: { b: { c: '1' } } })],
    ['should 400 for input deeper than depth', { extended: true, depth: 2 }, FORM, 'a[b][c][d]=1', failed(depthExceeded('a[b][c][d]=1'))],
    ['should treat depth 0 as flat keys', { extended: true, depth: 0 }, FORM, 'a[b]=1', parsed({ 'a[b]': '1' })],
    ['should be ignored without extended', { depth: 1 }, FORM, 'a[b][c][d]=1', parsed({ 'a[b][c][d]': '1' })],
  ])('%s', expectAnswer);
});

describe('urlencoded({ defaultCharset })', () => {
  it.each<Case>([
    ['should decode with iso-8859-1 when the Content-Type names no charset', { defaultCharset: 'iso-8859-1' }, FORM, 'a=%E9', parsed({ a: 'é' })],
    ['should default to utf-8', undefined, FORM, 'a=%C3%A9&b=%E9', parsed({ a: 'é', b: '%E9' })],
  ])('%s', expectAnswer);
});

describe('urlencoded({ charsetSentinel })', () => {
  it.each<Case>([
    [
      'should let utf8=✓ (UTF-8 encoded) switch an iso-8859-1 form to UTF-8 and drop it',
      { charsetSentinel: true },
      LATIN1,
      'utf8=%E2%9C%93&a=%C3%A9',
      parsed({ a: 'é' }),
    ],
    ['should let utf8=&#10003; switch a UTF-8 form to iso-8859-1', { charsetSentinel: true }, FORM, 'utf8=%26%2310003%3B&a=%E9', parsed({ a: 'é' })],
    ['should work in extended mode', { charsetSentinel: true, extended: true }, LATIN1, 'utf8=%E2%9C%93&a[b]=%C3%A9', parsed({ a: { b: 'é' } })],
    ['should keep utf8 as a plain parameter when false (default)', undefined, LATIN1, 'utf8=%E2%9C%93&a=%C3%A9', parsed({ utf8: 'â\u009c\u0093', a: 'Ã©' })],
  ])('%s', expectAnswer);
});

describe('urlencoded({ interpretNumericEntities })', () => {
  it.each<Case>([
    ['should decode numeric entities in an iso-8859-1 form', { interpretNumericEntities: true }, LATIN1, 'a=%26%239786%3B+%E9', parsed({ a: '☺ é' })],
    ['should leave entities alone in a UTF-8 form', { interpretNumericEntities: true }, FORM, 'a=%26%239786%3B', parsed({ a: '&#9786;' })],
    ['should leave entities alone when false (default)', undefined, LATIN1, 'a=%26%239786%3B', parsed({ a: '&#9786;' })],
    [
      'should combine with charsetSentinel',
      { interpretNumericEntities: true, charsetSentinel: true },
      FORM,
      'utf8=%26%2310003%3B&a=%E9%26%239786%3B',
      parsed({ a: 'é☺' }),
    ],
  ])('%s', expectAnswer);
});
