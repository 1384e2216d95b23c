/**
 * JSON and JSONP bodies of `res.json` / `res.jsonp` / `res.send(object)`.
 */

/** JSON.stringify with settings whose types are only known at run time. */
const stringifyWith = JSON.stringify as (value: unknown, replacer: unknown, space: unknown) => string | undefined;

const ESCAPED: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };
const escapeChar = (c: string): string => ESCAPED[c] as string;

/**
 * Stringifies `value` with the `json replacer` and `json spaces` settings; with `escape`
 * (the `json escape` setting) `<`, `>` and `&` become `\u003c`, `\u003e`, `\u0026` so the JSON
 * can sit inside HTML. Returns undefined where JSON.stringify does (`undefined`, functions).
 */
export function stringifyJson(value: unknown, replacer: unknown, spaces: unknown, escape: unknown): string | undefined {
  const json = replacer || spaces ? stringifyWith(value, replacer, spaces) : JSON.stringify(value);
  if (escape && typeof json === 'string') return json.replace(/[<>&]/g, escapeChar);
  return json;
}

const UNSAFE_CALLBACK_CHARS = /[^[\]\w$.]/g;

/**
 * Removes from a JSONP callback name every character other than letters, digits, `_`, `$`,
 * `.`, `[` and `]`, so a client cannot inject script through it (`alert(1)//` -> `alert1`).
 */
export function sanitizeCallbackName(name: string): string {
  return name.replace(UNSAFE_CALLBACK_CHARS, '');
}

/**
 * Wraps a JSON body for JSONP: `/**\/ typeof cb === 'function' && cb(<json>);`. The leading
 * comment defeats the Rosetta-Flash attack; U+2028 and U+2029 are escaped because they end a
 * line in JavaScript but not in JSON. An undefined body gives `cb()`.
 */
export function wrapJsonp(callback: string, json: string | undefined): string {
  const body = json === undefined ? '' : json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return '/**/ typeof ' + callback + " === 'function' && " + callback + '(' + body + ');';
}
