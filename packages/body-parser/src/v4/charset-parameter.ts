/**
 * The `charset` a body-parser 1.x parser decodes with comes from content-type 1.0, which is
 * strict where the 5.x entry (content-type 2) is lenient:
 *
 * - a header whose parameters are not exactly `; name=value` pairs (`text/plain;`,
 *   `; charset`, `; charset=a b`, an open quote ...) or whose type is not `token/token` names
 *   no charset: the parser's default applies (UTF-8 for json and urlencoded);
 * - when `charset` is given twice the last one counts (content-type 2 keeps the first);
 * - a quoted value loses its quotes and backslash escapes (`"utf\-8"` is `utf-8`).
 *
 * The name is lower-cased, as in 5.x.
 */

/** content-type 1.0: one `; name=value` parameter (the value a token or a quoted string). */
const PARAMETER =
  /; *([!#$%&'*+.^_`|~0-9A-Za-z-]+) *= *("(?:[\u000b\u0020\u0021\u0023-\u005b\u005d-\u007e\u0080-\u00ff]|\\[\u000b\u0020-\u00ff])*"|[!#$%&'*+.^_`|~0-9A-Za-z-]+) */y;
/** content-type 1.0: a backslash escape inside a quoted value. */
const QUOTED_PAIR = /\\([\u000b\u0020-\u00ff])/g;
/** content-type 1.0: the media type, `token/token` (after trimming). */
const MEDIA_TYPE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The lower-cased `charset` parameter of a Content-Type header as content-type 1.0 reads it:
 * `''` when there is none, `undefined` when the header cannot be parsed.
 */
export function charsetOfV1(header: string): string | undefined {
  if (!header) return undefined;
  const semicolon = header.indexOf(';');
  if (!MEDIA_TYPE.test((semicolon === -1 ? header : header.slice(0, semicolon)).trim())) return undefined;
  if (semicolon === -1) return '';
  let charset = '';
  let index = semicolon;
  while (index < header.length) {
    PARAMETER.lastIndex = index;
    const match = PARAMETER.exec(header);
    if (match === null) return undefined;
    index += match[0].length;
    if ((match[1] as string).toLowerCase() !== 'charset') continue;
    const value = match[2] as string;
    charset = value.charCodeAt(0) === 0x22 ? value.slice(1, -1).replace(QUOTED_PAIR, '$1') : value;
  }
  return charset.toLowerCase();
}
