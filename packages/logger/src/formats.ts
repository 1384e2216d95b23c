import type { IncomingMessage, ServerResponse } from 'node:http';
import { compileFormat, type CompiledFormat } from './compile';
import { headersSent, tokens } from './tokens/registry';
import type { FormatFunction, LoggedRequest, LoggedResponse } from './types';

/** A named format: a format string or a function building the line. */
export type NamedFormat = string | FormatFunction<IncomingMessage, ServerResponse>;

/** Standard web-server combined log layout. */
export const combined = ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"';

/** Standard web-server common log layout. */
export const common = ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length]';

/** Shorter than the default, with the response time. */
export const short = ':remote-addr :remote-user :method :url HTTP/:http-version :status :res[content-length] - :response-time ms';

/** Minimal output. */
export const tiny = ':method :url :status :res[content-length] - :response-time ms';

/** The deprecated `default` format: `combined` with the date in the web (RFC 1123) format. */
export const defaultFormat = ':remote-addr - :remote-user [:date] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"';

/** ANSI colour of a status: red 5xx, yellow 4xx, cyan 3xx, green 2xx, none otherwise. */
function statusColor(status: number | undefined): number {
  if (status === undefined) return 0;
  if (status >= 500) return 31;
  if (status >= 400) return 33;
  if (status >= 300) return 36;
  if (status >= 200) return 32;
  return 0;
}

/** The dev line for each status colour (index: the ANSI code), compiled once. */
const devLines: CompiledFormat[] = [];
for (const color of [0, 31, 32, 33, 36]) {
  devLines[color] = compileFormat(`\x1b[0m:method :url \x1b[${color}m:status\x1b[0m :response-time ms - :res[content-length]\x1b[0m`);
}

/** `dev` with its status coloured. */
const colouredDev: FormatFunction<IncomingMessage, ServerResponse> = function dev(tokens, req, res) {
  const color = statusColor(headersSent(res) ? res.statusCode : undefined);
  return devLines[color]!.format(tokens, req, res);
};

/**
 * Concise output for development: `:method :url :status :response-time ms - :res[content-length]`
 * with the status coloured by its class, as morgan's `dev` writes it; uncoloured (no escape
 * sequences at all) when the `NO_COLOR` environment variable is set and not empty when the
 * logger is loaded (https://no-color.org), as on morgan.
 */
export const dev: FormatFunction<IncomingMessage, ServerResponse> = process.env.NO_COLOR
  ? compileFormat(':method :url :status :response-time ms - :res[content-length]').format
  : colouredDev;

/**
 * Every named format, predefined and user-defined (`default` included: it is deprecated,
 * see logger.ts). No prototype: any name is a plain key.
 */
export const formats: Record<string, NamedFormat> = Object.assign(Object.create(null), {
  combined,
  common,
  default: defaultFormat,
  dev,
  short,
  tiny,
});

/** Names a format so `logger(name)` uses it; an existing name is overwritten. */
export function defineFormat(name: string, format: NamedFormat): void {
  if (typeof name !== 'string' || name === '') throw new TypeError('argument name must be a non-empty string');
  if (typeof format !== 'string' && typeof format !== 'function') {
    throw new TypeError('argument format must be a string or a function');
  }
  formats[name] = format;
}

/**
 * How a logger builds its line from a format (a format string, compiled here, or a function
 * called with the registry's tokens, whose result is used as it is).
 */
export function lineBuilder(format: NamedFormat): (req: LoggedRequest, res: LoggedResponse) => unknown {
  if (typeof format === 'function') return (req, res) => format(tokens, req, res);
  return compileFormat(format).line;
}
