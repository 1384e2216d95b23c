/**
 * body-parser 1.x's urlencoded reads UTF-8 forms only: a form whose Content-Type names any
 * other charset (`iso-8859-1` included) is a 415 `charset.unsupported`, and a form without a
 * charset is UTF-8. It has none of the charset options of body-parser 2.x: `defaultCharset`,
 * `charsetSentinel` (a `utf8=✓` parameter is an ordinary parameter) and
 * `interpretNumericEntities` are ignored.
 */

/** The charsets 1.x's urlencoded accepts: `utf-8` (the lower-cased `charset` parameter). */
export function isUtf8Only(charset: string): boolean {
  return charset === 'utf-8';
}
