/**
 * 4.x: routes whose path is whole segments, each literal text or one `:name` parameter
 * (`/users/:id/edit`), matched without running their path-to-regexp 0.1 expression. For such
 * a path the expression (`^\/users(?:\/([^/]+?))\/edit\/?$`, with the `i` flag unless
 * sensitive, without the final `\/?` when strict) accepts exactly the paths made of the same
 * tokens: each literal text as written (ASCII letters without case unless sensitive), each
 * parameter a `/` and one or more characters other than `/`, then the end, or one `/` and the
 * end when not strict. A parameter's capture is lazy but can only stop at the next `/` or the
 * end, where the next token or the end must start; so the walk below gives the expression's
 * answer and its captures. Other paths (optional or custom parameters, `*`, `.`, groups,
 * a trailing `/`, middleware paths, which match a prefix) keep their expression.
 */
import { startsWithLiteral } from './literal-prefix';

/** A literal run of the path (with its leading `/`), or null for a `:name` parameter. */
export type SegmentToken = string | null;

/** Whole segments, each literal text of the characters the expression copies as themselves or `:name`, and an optional trailing `/`. */
const SEGMENT_PATH = /^(?:\/(?:[A-Za-z0-9_~%-]+|:\w+))*\/?$/;

/**
 * The tokens of a route path the walk can match (consecutive literal segments joined), or
 * null when the path must keep its expression: not a string, not a whole-path match (`end`
 * false: middleware), or any syntax beyond literal segments, `:name` segments and a trailing
 * `/`. A trailing `/` is its own literal when `strict` (the path must end with it), and
 * dropped otherwise (the expression makes the last `/` optional either way): `/` is no tokens
 * (the empty path and `/`).
 */
export function segmentTokens(path: unknown, end: boolean, strict: boolean): SegmentToken[] | null {
  if (!end || typeof path !== 'string' || path.length === 0 || !SEGMENT_PATH.test(path)) return null;
  const trailing = path.charCodeAt(path.length - 1) === 0x2f; /* / */
  const body = trailing ? path.slice(0, -1) : path;
  const tokens: SegmentToken[] = [];
  let literal = '';
  for (const segment of body.length === 0 ? [] : body.slice(1).split('/')) {
    if (segment.charCodeAt(0) !== 0x3a /* : */) {
      literal += '/' + segment;
      continue;
    }
    if (literal.length !== 0) tokens.push(literal);
    literal = '';
    tokens.push(null);
  }
  if (trailing && strict) literal += '/';
  if (literal.length !== 0) tokens.push(literal);
  return tokens;
}

/**
 * Matches `path` against `tokens` (from `segmentTokens`) as the path's expression would:
 * the raw captures of the parameters, in order, or null when the expression refuses the path.
 */
export function matchSegmentTokens(path: string, tokens: readonly SegmentToken[], sensitive: boolean, strict: boolean): string[] | null {
  let captures: string[] | undefined;
  let pos = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token !== null) {
      if (!startsWithLiteral(path, token, sensitive, pos)) return null;
      pos += token.length;
      continue;
    }
    if (path.charCodeAt(pos) !== 0x2f /* / */) return null;
    let end = path.indexOf('/', pos + 1);
    if (end === -1) end = path.length;
    if (end === pos + 1) return null;
    (captures ??= []).push(path.slice(pos + 1, end));
    pos = end;
  }
  if (pos === path.length || (!strict && pos === path.length - 1 && path.charCodeAt(pos) === 0x2f)) return captures ?? NO_CAPTURES;
  return null;
}

const NO_CAPTURES: string[] = [];

/**
 * The whole segments (lower case) every path the tokens accept starts with, for the router's
 * lookup table (../layer-index.ts): the segments of the leading literal run, all of them (a
 * parameter starts a new segment); null when the path starts with a parameter.
 */
export function tokenSegments(tokens: readonly SegmentToken[]): string[] | null {
  const first = tokens[0];
  if (first === null || first === undefined) return null;
  const segments = first.slice(1).toLowerCase().split('/');
  // a strict path's trailing `/` ends the last segment without starting another
  if (segments[segments.length - 1] === '') segments.pop();
  return segments.length === 0 ? null : segments;
}
