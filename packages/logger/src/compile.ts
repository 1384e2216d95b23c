import type { IncomingMessage, ServerResponse } from 'node:http';
import { bindToken, isShort, textOf, type Renderer } from './tokens/renderers';
import { escapeValue } from './tokens/sanitize';
import { registry, tokens as registryTokens } from './tokens/registry';
import type { CompiledLine, FormatFunction, LoggedRequest, LoggedResponse, TokenIndexer } from './types';

/** `:name` or `:name[arg]`; a name is two or more of letters, digits, `_` and `-`. */
const TOKEN = /:([-\w]{2,})(?:\[([^\]]+)\])?/g;

/** A format string taken apart: `literals[i]` comes before token `i`, `tail` after the last. */
interface ParsedFormat {
  literals: string[];
  names: string[];
  args: (string | undefined)[];
  tail: string;
}

/** Builds the line for one request. */
export type LineBuilder = (req: LoggedRequest, res: LoggedResponse) => string;

/** A compiled format string: its line with the registry's tokens, and the public line function. */
export interface CompiledFormat {
  /** The line, with the tokens defined now (re-binds after `logger.token()` calls). */
  line: LineBuilder;
  /** `logger.compile`'s result: the line for any `tokens` object. */
  format: FormatFunction<IncomingMessage, ServerResponse>;
}

/**
 * The `[arg]` text a token function gets, as morgan hands it over: morgan finds tokens in the
 * format once it is written as a JSON string, so an argument reaches the token with JSON's
 * escapes (`[a"b]` gives `a\"b`, a backslash doubled, a tab as `\t`). Plain text is unchanged.
 */
function tokenArgument(text: string): string {
  const json = JSON.stringify(text);
  return json.length === text.length + 2 ? text : json.slice(1, -1);
}

function parse(format: string): ParsedFormat {
  const literals: string[] = [];
  const names: string[] = [];
  const args: (string | undefined)[] = [];
  let last = 0;
  for (const match of format.matchAll(TOKEN)) {
    literals.push(format.slice(last, match.index));
    names.push(match[1]!);
    args.push(match[2] === undefined ? undefined : tokenArgument(match[2]));
    last = match.index! + match[0].length;
  }
  return { literals, names, args, tail: format.slice(last) };
}

/**
 * One token's text, looked up by name, as morgan's compiled line writes it: the value when
 * truthy, else `-`; `-` too for an unknown or throwing token. A string is written as the
 * token gave it (the registry's tokens escape their strings themselves); any other value is
 * converted and escaped, where morgan would write it as it is.
 */
function renderToken(
  tokens: TokenIndexer<IncomingMessage, ServerResponse>,
  name: string,
  arg: string | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): string {
  const fn = tokens[name];
  if (typeof fn !== 'function') return '-';
  try {
    const value: unknown = arg === undefined ? fn.call(tokens, req, res) : fn.call(tokens, req, res, arg);
    if (typeof value === 'string') return value || '-';
    return textOf(value, escapeValue);
  } catch {
    return '-';
  }
}

/**
 * The line for any `tokens` object, each token looked up by name and guarded on its own:
 * for a `tokens` object other than the registry, and when the bound line failed.
 */
function renderWith(parsed: ParsedFormat, tokens: TokenIndexer<IncomingMessage, ServerResponse>, req: IncomingMessage, res: ServerResponse): string {
  const { literals, names, args } = parsed;
  let line = '';
  for (let i = 0; i < names.length; i++) line += literals[i] + renderToken(tokens, names[i]!, args[i], req, res);
  return line + parsed.tail;
}

/** Up to this many characters, V8 copies a concatenation into a flat string (no rope node). */
const FLAT_LIMIT = 12;

/** The usual length of a part: its own for fixed text, small for short renderers, else large. */
function usualLength(part: string | Renderer): number {
  if (typeof part === 'string') return part.length;
  return isShort(part) ? 3 : FLAT_LIMIT + 1;
}

/**
 * The line as one concatenation, from the fixed texts and renderers in order (generated
 * code). Runs of parts that together are usually shorter than 13 characters (` - ` + user +
 * ` [`, a status and a length...) are concatenated first: V8 copies those into one flat
 * string instead of adding rope nodes, and a line with fewer nodes is cheaper to flatten when
 * it is written.
 */
function generate(parts: (string | Renderer)[]): LineBuilder {
  const renderers: Renderer[] = [];
  const groups: string[][] = [];
  let group: string[] = [];
  let groupLength = 0;
  for (const part of parts) {
    if (part === '') continue;
    const length = usualLength(part);
    if (group.length > 0 && groupLength + length > FLAT_LIMIT) {
      groups.push(group);
      group = [];
      groupLength = 0;
    }
    if (typeof part === 'string') {
      group.push(JSON.stringify(part));
    } else {
      group.push(`r${renderers.length}(req, res)`);
      renderers.push(part);
    }
    groupLength += length;
  }
  if (group.length > 0) groups.push(group);
  const terms = groups.map((g) => (g.length === 1 ? g[0]! : `(${g.join(' + ')})`));
  const expression = terms.length === 0 ? '""' : terms.join(' + ');
  const params = renderers.map((_, i) => `r${i}`);
  const body = `"use strict";\nreturn function line(req, res) {\n  return ${expression};\n};`;
  // compiled once per format, as morgan compiles its formats: the line is one concatenation
  return new Function(...params, body)(...renderers) as LineBuilder;
}

/**
 * The same line as a loop: for processes that forbid code generation from strings, and for a
 * format bound too many times (see `MAX_GENERATED`).
 */
function loop(parts: (string | Renderer)[]): LineBuilder {
  const count = parts.length;
  return (req, res) => {
    let line = '';
    for (let i = 0; i < count; i++) {
      const part = parts[i]!;
      line += typeof part === 'string' ? part : part(req, res);
    }
    return line;
  };
}

/** Code generation works here (not under `--disallow-code-generation-from-strings`). */
let canGenerate = true;

/**
 * How many times one format generates code: a format whose tokens keep being redefined (a
 * `logger.token()` call per request, say) is bound with the loop after that, so it does not
 * compile a new function each time.
 */
const MAX_GENERATED = 8;

/** A format bound to token functions: its line, and the functions it was bound to. */
interface Bound {
  line: LineBuilder;
  fns: unknown[];
}

/**
 * Binds a format to the token functions defined now: an unknown token or one with a fixed
 * text becomes literal text, every other token a renderer called directly, in one
 * straight-line concatenation (generated code, or a loop when `generated` is false).
 */
function bind(parsed: ParsedFormat, generated: boolean): Bound {
  const parts: (string | Renderer)[] = [];
  const fns: unknown[] = [];
  let text = '';
  for (let i = 0; i < parsed.names.length; i++) {
    text += parsed.literals[i];
    const fn = registryTokens[parsed.names[i]!];
    fns.push(fn);
    const part = bindToken(fn, parsed.args[i]);
    if (typeof part === 'string') {
      text += part;
    } else {
      parts.push(text, part);
      text = '';
    }
  }
  parts.push(text + parsed.tail);
  if (generated && canGenerate) {
    try {
      return { line: generate(parts), fns };
    } catch {
      canGenerate = false;
    }
  }
  return { line: loop(parts), fns };
}

/** Whether the registry still holds the functions `bound` was bound to. */
function isCurrent(parsed: ParsedFormat, bound: Bound): boolean {
  for (let i = 0; i < parsed.names.length; i++) if (registryTokens[parsed.names[i]!] !== bound.fns[i]) return false;
  return true;
}

/**
 * Compiles a format string once. Its `line` is bound to the token functions defined when it
 * runs: after `logger.token()` changed the registry it binds again if one of its own tokens
 * changed, and when a built-in renderer throws (a request whose fields a middleware broke) it
 * rebuilds the line token by token, so a failing token prints `-` and the others still print.
 */
export function compileFormat(format: string): CompiledFormat {
  const parsed = parse(format);
  let version = registry.version;
  let generations = 1;
  let bound = bind(parsed, true);

  function line(req: LoggedRequest, res: LoggedResponse): string {
    if (version !== registry.version) {
      version = registry.version;
      if (!isCurrent(parsed, bound)) bound = bind(parsed, ++generations <= MAX_GENERATED);
    }
    try {
      return bound.line(req, res);
    } catch {
      return renderWith(parsed, registryTokens, req, res);
    }
  }

  const formatLine: FormatFunction<IncomingMessage, ServerResponse> = (tokens, req, res) =>
    tokens === registryTokens ? line(req, res) : renderWith(parsed, tokens, req, res);
  return { line, format: formatLine };
}

/**
 * Compiles a format string of literal text and `:token` / `:token[arg]` references into a
 * function `(tokens, req, res)` that returns the log line. The format is parsed once here;
 * with the registry's tokens (what loggers pass) the line is built by straight-line code bound
 * to the token functions, bound again after `logger.token()` calls; with any other `tokens`
 * object each token is looked up by name and a string it returns is written as it is (the
 * registry's tokens escape their own strings, as morgan's do). A token with no value, an
 * unknown one and one that throws print `-`. Throws a TypeError when `format` is not a string.
 */
export function compile<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(format: string): CompiledLine<Req, Res> {
  if (typeof format !== 'string') throw new TypeError('argument format must be a string');
  return compileFormat(format).format as unknown as CompiledLine<Req, Res>;
}
