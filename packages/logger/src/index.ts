/**
 * @webfw/logger: HTTP request logger middleware, compatible with morgan 1.10.
 *
 *   const logger = require('@webfw/logger');
 *   http.createServer((req, res) => logger('combined')(req, res, () => res.end('hi')));
 */
import { logger } from './logger';

export default logger;
export { logger };
export const { token, format, compile, combined, common, dev, short, tiny } = logger;
export type { Logger } from './logger';
/** The public types: the middleware, its options, tokens, format functions, the request and response it logs. */
export type * from './types';
/**
 * @types/morgan's names, for code typed against it: `logger.FormatFn`, `logger.TokenCallbackFn`,
 * `logger.TokenIndexer` and `logger.StreamOptions` are declared in types.ts under those names;
 * `logger.Options` is `LoggerOptions`, `logger.Morgan` the logger's type.
 */
export type { LoggerOptions as Options } from './types';
export type { Morgan } from './logger';
