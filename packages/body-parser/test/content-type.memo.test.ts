import typeis from 'type-is';
import { MediaTypeMemo, charsetOf } from '../src/media-type';

const HEADERS = [
  'application/json',
  'application/json; charset=UTF-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json;;',
  'text/plain; charset=iso-8859-1;',
  'text/html',
  'bogus',
  '',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
];
const TYPES: string[][] = [['json'], ['application/json'], ['application/*'], ['+json'], ['*/*'], ['text/*', 'json'], []];

describe('MediaTypeMemo', () => {
  it.each(TYPES.map((t) => [JSON.stringify(t), t]))('should answer as type-is does for type %s, first and later times', (_label, types) => {
    const memo = new MediaTypeMemo(types);
    for (let round = 0; round < 2; round++) {
      for (const header of HEADERS) {
        const req = { headers: { 'content-type': header, 'content-length': '1' } };
        const expected = Boolean(typeis(req as never, types));
        expect(memo.lookup(header).match).toBe(expected);
        expect(memo.lookup(header).charset).toBe(charsetOf(header));
      }
    }
  });

  it('should never match a missing header', () => {
    expect(new MediaTypeMemo(['*/*']).lookup(undefined)).toEqual({ match: false, charset: undefined });
  });

  it('should not match anything when the type is a function (null types)', () => {
    expect(new MediaTypeMemo(null).lookup('application/json').match).toBe(false);
  });

  it('should read the charset lower-cased, "" when absent, undefined when unparsable', () => {
    expect(charsetOf('text/plain; charset=UTF-16')).toBe('utf-16');
    expect(charsetOf('text/plain; charset="Shift_JIS"')).toBe('shift_jis');
    expect(charsetOf('text/plain')).toBe('');
  });

  it('should stay bounded under many distinct headers and keep answering correctly', () => {
    const memo = new MediaTypeMemo(['json']);
    for (let i = 0; i < 1000; i++) {
      expect(memo.lookup(`application/json; x=${i}`).match).toBe(true);
      expect(memo.lookup(`text/x-${i}`).match).toBe(false);
    }
    const size = (memo as unknown as { cache: Map<string, unknown> }).cache.size;
    expect(size).toBeLessThanOrEqual(128);
    const long = `application/json; x=${'y'.repeat(1000)}`;
    expect(memo.lookup(long).match).toBe(true);
    expect((memo as unknown as { cache: Map<string, unknown> }).cache.has(long)).toBe(false);
  });
});
