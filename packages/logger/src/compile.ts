import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeControl } from './sanitize';
import { escapedTokens } from './tokens';
import type { FormatFunction, TokenIndexer } from './types';

/** `:name` or `:name[arg]`; a name is two or more of letters, digits, `_` and `-`. */
const TOKEN = /:([-\w]{2,})(?:\[([^\]]+)\])?/g;

/** One token's text: its value, `-` when empty or when the token is unknown or throws. */
function renderToken(
  tokens: TokenIndexer<IncomingMessage, ServerResponse>,
  name: string,
  arg: string | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): string {
  const fn = tokens[name];
  if (typeof fn !== 'function') return '-';
  let value: unknown;
  try {
    value = fn(req, res, arg);
  } catch {
    return '-';
  }
  if (!value) return '-';
  const text = typeof value === 'string' ? value : String(value);
  return escapedTokens.has(fn) ? text : escapeControl(text);
}

/**
 * Compiles a format string of literal text and `:token` / `:token[arg]` references into a
 * function `(tokens, req, res)` that returns the log line. The format is parsed once here;
 * tokens are looked up when the line is built, so later `logger.token()` calls take effect.
 * Throws a TypeError when `format` is not a string.
 */
export function compile<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
  format: string,
): FormatFunction<Req, Res> {
  if (typeof format !== 'string') throw new TypeError('argument format must be a string');
  const literals: string[] = [];
  const names: string[] = [];
  const args: (string | undefined)[] = [];
  let last = 0;
  for (const match of format.matchAll(TOKEN)) {
    literals.push(format.slice(last, match.index));
    names.push(match[1]!);
    args.push(match[2]);
    last = match.index! + match[0].length;
  }
  const tail = format.slice(last);
  const count = names.length;

  return function formatLine(tokens, req, res) {
    let line = '';
    for (let i = 0; i < count; i++) {
      line += literals[i] + renderToken(tokens as TokenIndexer<IncomingMessage, ServerResponse>, names[i]!, args[i], req, res);
    }
    return line + tail;
  };
}
