/**
 * 4.x: the connect middleware express 3 bundled (`express.bodyParser`, `express.logger`,
 * `express.session` ...) is gone from express 4; reading one of those names on the factory
 * throws an error naming the middleware, as express 4.22 does (non-enumerable getters, so
 * listing the factory's members does not trip them).
 */

/** The names express 4 reserves for the middleware it no longer bundles, in its order. */
export const REMOVED_MIDDLEWARE: readonly string[] = [
  'bodyParser',
  'compress',
  'cookieSession',
  'session',
  'logger',
  'cookieParser',
  'favicon',
  'responseTime',
  'errorHandler',
  'timeout',
  'methodOverride',
  'vhost',
  'csrf',
  'directory',
  'limit',
  'multipart',
  'staticCache',
];

/** Defines the throwing getters of the removed middleware names on `factory`. */
export function defineRemovedMiddleware(factory: object): void {
  for (const name of REMOVED_MIDDLEWARE) {
    Object.defineProperty(factory, name, {
      configurable: true,
      enumerable: false,
      get() {
        throw new Error(
          `Most middleware (like ${name}) is no longer bundled with Express and must be installed separately. Please see https://github.com/senchalabs/connect#middleware.`,
        );
      },
    });
  }
}
