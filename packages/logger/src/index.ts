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
 * @types/morgan's names (`logger.FormatFn`, `logger.TokenCallbackFn`, `logger.Options`,
 * `logger.StreamOptions`, `logger.Morgan`), for code typed against it.
 */
export type { FormatFunction as FormatFn, TokenFunction as TokenCallbackFn, LoggerOptions as Options, LogStream as StreamOptions } from './types';
export type { Morgan } from './logger';
