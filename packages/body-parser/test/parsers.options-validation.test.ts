import { json, raw, text, urlencoded } from '@webfw/body-parser';

type Factory = (options?: Record<string, unknown>) => unknown;
const factories: Array<[string, Factory]> = [
  ['json', json as Factory],
  ['raw', raw as Factory],
  ['text', text as Factory],
  ['urlencoded', urlencoded as Factory],
];

describe('option validation', () => {
  it.each(factories)('%s() should work without options', (_name, factory) => {
    expect(typeof factory()).toBe('function');
    expect(typeof factory({})).toBe('function');
  });

  it.each(factories)('%s() should reject an invalid limit', (_name, factory) => {
    expect(() => factory({ limit: 'abc' })).toThrow(new TypeError('option limit "abc" is invalid'));
    expect(() => factory({ limit: '' })).toThrow(new TypeError('option limit "" is invalid'));
    expect(() => factory({ limit: Number.NaN })).toThrow(new TypeError('option limit "NaN" is invalid'));
    expect(() => factory({ limit: true })).toThrow(new TypeError('option limit "true" is invalid'));
  });

  it.each(factories)('%s() should accept numeric, byte-string, null and Infinity limits', (_name, factory) => {
    for (const limit of [0, 1024, '1.5kb', '2mb', null, Infinity]) expect(typeof factory({ limit })).toBe('function');
  });

  it.each(factories)('%s() should reject a verify that is not a function', (_name, factory) => {
    expect(() => factory({ verify: 'yes' })).toThrow(new TypeError('option verify must be function'));
    expect(() => factory({ verify: {} })).toThrow(TypeError);
  });

  it('urlencoded() should reject a defaultCharset other than utf-8 and iso-8859-1', () => {
    expect(() => urlencoded({ defaultCharset: 'utf-16' })).toThrow(new TypeError('option defaultCharset must be either utf-8 or iso-8859-1'));
    expect(() => urlencoded({ defaultCharset: 'UTF-8' })).toThrow(TypeError);
    expect(typeof urlencoded({ defaultCharset: 'iso-8859-1' })).toBe('function');
  });

  it('urlencoded() should reject a parameterLimit that is not a positive number', () => {
    for (const parameterLimit of [0, -1, Number.NaN, 'x', null]) {
      expect(() => urlencoded({ parameterLimit } as never)).toThrow(new TypeError('option parameterLimit must be a positive number'));
    }
  });

  it('urlencoded() should reject a negative or non-numeric depth with extended', () => {
    expect(() => urlencoded({ extended: true, depth: -1 })).toThrow(new TypeError('option depth must be a zero or a positive number'));
    expect(() => urlencoded({ extended: true, depth: 'deep' } as never)).toThrow(TypeError);
    expect(typeof urlencoded({ extended: false, depth: -1 })).toBe('function');
  });
});
