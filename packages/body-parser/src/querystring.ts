/**
 * The flat `application/x-www-form-urlencoded` parser behind `urlencoded({ extended: false })`
 * for UTF-8 bodies, written for speed. It returns exactly what qs returns for the options
 * body-parser 2.x uses in that mode (depth 0, prototypes allowed, duplicates combined into
 * arrays) for every body it accepts; bodies with brackets (`[`, `]`, `%5B`, `%5D`), whose keys
 * qs treats specially, are left to qs (see {@link canParseFlat}).
 */

const PLUS = /\+/g;
const BRACKET = /[[\]]|%5[bBdD]/;

/** True when {@link parseFlat} gives qs's result for `body`: it has no bracket, plain or escaped. */
export function canParseFlat(body: string): boolean {
  return !BRACKET.test(body);
}

/**
 * Decodes one key or value as qs does for UTF-8: `+` is a space, then percent-escapes are
 * decoded; text with a malformed escape is kept as it is (with its `+` already replaced).
 */
export function decodeComponent(text: string): string {
  const spaced = text.indexOf('+') === -1 ? text : text.replace(PLUS, ' ');
  if (spaced.indexOf('%') === -1) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * Parses `a=1&b=2&a=3` into `{ a: ['1', '3'], b: '2' }`: pairs split on `&`, key and value on the
 * first `=`, a pair without `=` has the value `''`, pairs with an empty key and the key
 * `__proto__` are dropped, repeated keys collect their values in an array in order. The result
 * is a plain object; keys such as `constructor` become own properties and never touch a
 * prototype. The caller has checked the parameter count and {@link canParseFlat}.
 */
export function parseFlat(body: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const end = body.length;
  let start = 0;
  while (start <= end) {
    let stop = body.indexOf('&', start);
    if (stop === -1) stop = end;
    if (stop > start) {
      const eq = body.indexOf('=', start);
      let key: string;
      let value: string;
      if (eq === -1 || eq > stop) {
        key = decodeComponent(body.slice(start, stop));
        value = '';
      } else {
        key = decodeComponent(body.slice(start, eq));
        value = decodeComponent(body.slice(eq + 1, stop));
      }
      if (key !== '' && key !== '__proto__') {
        if (Object.hasOwn(out, key)) {
          const previous = out[key];
          if (Array.isArray(previous)) previous.push(value);
          else out[key] = [previous as string, value];
        } else {
          out[key] = value;
        }
      }
    }
    start = stop + 1;
  }
  return out;
}
