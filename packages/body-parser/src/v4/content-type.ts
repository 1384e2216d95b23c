import typeis from 'type-is';
import { normalizeTypeV1 } from './extension-types';

/**
 * Which Content-Type headers a body-parser 1.x parser matches: type-is 1.6 parses the header
 * with media-typer 0.3, which is strict where the 5.x entry (type-is 2, content-type 2) is
 * lenient. A header matches no `type` at all (the parser passes the request on) when:
 *
 * - its parameters are not exactly `; name=value` pairs: `application/json;` (a trailing
 *   semicolon), `application/json; charset` (no value), `; a=b c` (a space in a bare value),
 *   `; a="b` (an open quote) ...;
 * - the type or subtype breaks media-typer 0.3's rules: each starts with a letter or digit,
 *   the type has no `.` or `+`, at most 127 characters each, only spaces around it;
 * - the subtype has more than one `+` (`application/vnd.a+b+json`), or a suffix with a `.`
 *   (`application/a+b.c`).
 *
 * A trailing `+` is dropped (`application/json+` is `application/json`). Type and subtype are
 * matched case-insensitively, as in 5.x.
 */

/** media-typer 0.3: one `; name=value` parameter (the value a token or a quoted string). */
const PARAMETER =
  /; *([!#$%&'*+\-.0-9A-Z^_`a-z|~]+) *= *("(?:[ !\u0023-\u005b\u005d-\u007e\u0080-\u00ff]|\\[\u0020-\u007e])*"|[!#$%&'*+\-.0-9A-Z^_`a-z|~]+) */y;
/** media-typer 0.3: `type/subtype`, optionally surrounded by spaces (matched lower-cased). */
const MEDIA_TYPE = /^ *([a-z0-9][a-z0-9!#$&^_-]{0,126})\/([a-z0-9][a-z0-9!#$&^_.+-]{0,126}) *$/;
/** media-typer 0.3: a type name, also the rule for a `+suffix`. */
const TYPE_NAME = /^[a-z0-9][a-z0-9!#$&^_-]{0,126}$/;
/** media-typer 0.3: a subtype name (no `+`). */
const SUBTYPE_NAME = /^[a-z0-9][a-z0-9!#$&^_.-]{0,126}$/;

/** True when `header` from `start` on is a run of `; name=value` parameters up to its end. */
function parametersValid(header: string, start: number): boolean {
  let index = start;
  while (index < header.length) {
    PARAMETER.lastIndex = index;
    const match = PARAMETER.exec(header);
    if (match === null) return false;
    index += match[0].length;
  }
  return true;
}

/**
 * The media type of a Content-Type header as type-is 1.6 sees it (`type/subtype+suffix`, lower
 * case, no parameters), or `null` when media-typer 0.3 refuses the header.
 */
export function mediaTypeV1(header: string): string | null {
  if (!header) return null;
  const semicolon = header.indexOf(';');
  if (semicolon !== -1 && !parametersValid(header, semicolon)) return null;
  const match = MEDIA_TYPE.exec((semicolon === -1 ? header : header.slice(0, semicolon)).toLowerCase());
  if (match === null) return null;
  const type = match[1] as string;
  let subtype = match[2] as string;
  let suffix = '';
  const plus = subtype.lastIndexOf('+');
  if (plus !== -1) {
    suffix = subtype.slice(plus + 1);
    subtype = subtype.slice(0, plus);
  }
  if (!SUBTYPE_NAME.test(subtype)) return null;
  if (suffix === '') return `${type}/${subtype}`;
  return TYPE_NAME.test(suffix) ? `${type}/${subtype}+${suffix}` : null;
}

/**
 * True when the Content-Type `header` matches one of `types` (the `type` option) as type-is 1.6
 * matches it; an empty list matches every header media-typer 0.3 accepts.
 */
export function contentTypeMatchesV1(header: string | undefined, types: readonly unknown[]): boolean {
  if (header === undefined) return false;
  const actual = mediaTypeV1(header);
  if (actual === null) return false;
  if (types.length === 0) return true;
  for (const type of types) {
    if (typeis.match(normalizeTypeV1(type), actual)) return true;
  }
  return false;
}
