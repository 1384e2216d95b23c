/**
 * 3.x: `webfw.logger([format | options])`, the request logger express 3 exposed: `@webfw/logger`
 * (morgan) taking its arguments as express 3 took them. An options object may name its
 * `format`; without one the format is `default`, which here is the `combined` format (no
 * deprecation warning, as in express 3).
 *
 *   app.use(webfw.logger());                      // combined
 *   app.use(webfw.logger('dev'));
 *   app.use(webfw.logger({ format: 'tiny', immediate: true }));
 */
import { logger as morgan } from '@webfw/logger';
import type { FormatFunction, LoggerMiddleware, LoggerOptions, LoggerOptionsWithFormat } from '@webfw/logger';

/** express 3's logger options: morgan's, with the format (`default`, i.e. combined, when absent). */
export type LoggerV3Options = LoggerOptionsWithFormat;

/** The request logger of express 3: `logger()`, `logger(format)` or `logger({ format, ...options })`. */
function loggerV3(options?: string | FormatFunction | LoggerV3Options): LoggerMiddleware {
  let format: unknown = 'default';
  let opts: LoggerV3Options | undefined;
  if (options && typeof options === 'object') {
    opts = options as LoggerV3Options;
    format = opts.format || format;
  } else if (options) {
    format = options;
  }
  return (morgan as (format: unknown, options?: LoggerOptions) => LoggerMiddleware)(format === 'default' ? 'combined' : format, opts);
}

// the logger's own members (token, format, compile, the named formats), and `default` as combined
Object.assign(loggerV3, morgan, { default: morgan.combined });

/** `webfw.logger`: express 3's request logger, with morgan's `token`, `format` and `compile`. */
export const logger = loggerV3 as typeof loggerV3 & typeof morgan;
