/**
 * Argument checks of the 4.x entry: the same TypeErrors as serve-static 1.x. serve-static 1.x
 * checks `root` and `setHeaders` when the middleware is created and the send options
 * (`dotfiles`, `index`, `extensions`) on every request, throwing out of the middleware; the 4.x
 * entry checks them all when the middleware is created, as the 5.x entry does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import serveStatic from '@webfw/static/v4';
import { serveStaticV1 } from './support/helpers';

type Loose = (root: unknown, options?: unknown) => (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
const mine = serveStatic as unknown as Loose;
const theirs = serveStaticV1 as unknown as Loose;
const req = { method: 'GET', url: '/a.txt', headers: {} } as IncomingMessage;

describe('serveStatic(root, options) validation', () => {
  it.each<[unknown, unknown, string]>([
    [undefined, undefined, 'root path required'],
    ['', undefined, 'root path required'],
    [42, undefined, 'root path must be a string'],
    ['.', { setHeaders: 'x' }, 'option setHeaders must be function'],
  ])('should throw at creation for root %p, options %p, as serve-static 1.x', (root, options, message) => {
    expect(() => theirs(root, options)).toThrow(new TypeError(message));
    expect(() => mine(root, options)).toThrow(new TypeError(message));
  });

  it.each<[unknown, string]>([
    [{ dotfiles: 'hide' }, 'dotfiles option must be "allow", "deny", or "ignore"'],
    [{ dotfiles: null }, 'dotfiles option must be "allow", "deny", or "ignore"'],
    [{ index: [1] }, 'index option must be array of strings or false'],
    [{ index: true }, 'index option must be array of strings or false'],
    [{ extensions: [null] }, 'extensions option must be array of strings or false'],
  ])('should throw the TypeError serve-static 1.x throws per request for %p, at creation', (options, message) => {
    const middleware = theirs('.', options);
    expect(() => middleware(req, {} as ServerResponse, () => undefined)).toThrow(new TypeError(message));
    expect(() => mine('.', options)).toThrow(new TypeError(message));
  });

  it('should accept every serve-static 1.x option', () => {
    const all = {
      acceptRanges: true,
      cacheControl: true,
      dotfiles: 'allow',
      etag: true,
      extensions: ['html'],
      fallthrough: true,
      hidden: false,
      immutable: false,
      index: ['index.html'],
      lastModified: true,
      maxAge: '1d',
      maxage: 0,
      redirect: true,
      setHeaders: () => undefined,
      start: 0,
      end: 10,
    };
    expect(typeof serveStatic('.', all)).toBe('function');
    expect(typeof serveStatic('.')).toBe('function');
  });
});
