import serveStatic, { type ServeStaticOptions } from '@webfw/static';

/** Calls the factory with values the types forbid, as plain JavaScript callers can. */
function loose(root: unknown, options?: unknown): unknown {
  return (serveStatic as unknown as (r: unknown, o?: unknown) => unknown)(root, options);
}

describe('serveStatic(root, options) validation', () => {
  it.each<{ title: string; calls: Array<[root: unknown, options: unknown, message: string]> }>([
    {
      title: 'should throw when root is missing',
      calls: [
        [undefined, undefined, 'root path required'],
        ['', undefined, 'root path required'],
      ],
    },
    { title: 'should throw when root is not a string', calls: [[42, undefined, 'root path must be a string']] },
    { title: 'should throw when setHeaders is not a function', calls: [['.', { setHeaders: 'x' }, 'option setHeaders must be function']] },
    {
      title: 'should throw at creation for an unknown dotfiles value',
      calls: [['.', { dotfiles: 'hide' }, 'dotfiles option must be "allow", "deny", or "ignore"']],
    },
    {
      title: 'should throw for an index or extensions list that is not strings',
      calls: [
        ['.', { index: [1] }, 'index option must be array of strings or false'],
        ['.', { index: true }, 'index option must be array of strings or false'],
        ['.', { extensions: [null] }, 'extensions option must be array of strings or false'],
      ],
    },
  ])('$title', ({ calls }) => {
    for (const [root, options, message] of calls) expect(() => loose(root, options)).toThrow(new TypeError(message));
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
