import serveStatic, { type ServeStaticOptions } from '@webfw/static';

/** Calls the factory with values the types forbid, as plain JavaScript callers can. */
function loose(root: unknown, options?: unknown): unknown {
  return (serveStatic as unknown as (r: unknown, o?: unknown) => unknown)(root, options);
}

describe('serveStatic(root, options) validation', () => {
  it('should throw when root is missing', () => {
    expect(() => loose(undefined)).toThrow(new TypeError('root path required'));
    expect(() => loose('')).toThrow(new TypeError('root path required'));
  });

  it('should throw when root is not a string', () => {
    expect(() => loose(42)).toThrow(new TypeError('root path must be a string'));
  });

  it('should throw when setHeaders is not a function', () => {
    expect(() => loose('.', { setHeaders: 'x' })).toThrow(new TypeError('option setHeaders must be function'));
  });

  it('should throw at creation for an unknown dotfiles value', () => {
    expect(() => loose('.', { dotfiles: 'hide' })).toThrow(new TypeError('dotfiles option must be "allow", "deny", or "ignore"'));
  });

  it('should throw for an index or extensions list that is not strings', () => {
    expect(() => loose('.', { index: [1] })).toThrow(new TypeError('index option must be array of strings or false'));
    expect(() => loose('.', { index: true })).toThrow(new TypeError('index option must be array of strings or false'));
    expect(() => loose('.', { extensions: [null] })).toThrow(new TypeError('extensions option must be array of strings or false'));
  });

  it('should accept every documented option', () => {
    const options: ServeStaticOptions = {
      acceptRanges: true,
      cacheControl: true,
      dotfiles: 'ignore',
      etag: true,
      extensions: ['html'],
      fallthrough: true,
      immutable: false,
      index: ['index.html'],
      lastModified: true,
      maxAge: '1d',
      redirect: true,
      setHeaders: () => undefined,
    };
    expect(typeof serveStatic('.', options)).toBe('function');
    expect(typeof serveStatic('.')).toBe('function');
  });
});
