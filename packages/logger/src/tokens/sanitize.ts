/**
 * What morgan escapes in a token value: C0 controls, DEL and C1 controls, the Unicode line and
 * paragraph separators, `"` and `\`.
 */
const SPECIAL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"\\]/;
const SPECIAL_ALL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"\\]/g;

/** Short escapes, by character; every other special character becomes `\uhhhh`. */
const SHORT: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function toEscape(ch: string): string {
  return SHORT[ch] ?? '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0');
}

/**
 * Makes a token value safe for a one-line log, as morgan does: `\` and `"` get a backslash,
 * backspace, form feed, LF, CR and tab become `\b` `\f` `\n` `\r` `\t`, and every other C0
 * control, DEL, C1 control, U+2028 and U+2029 becomes `\uhhhh`. A header can then neither
 * forge a line, colour a terminal, nor close the quotes of a quoted field (`"` in `combined`).
 * Strings with none of them are returned as they are.
 */
export function escapeValue(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, toEscape) : value;
}

/** An `escapeValue` that remembers the last value it found clean (see `cleaner`). */
export type Cleaner = (value: string) => string;

/**
 * Makes an `escapeValue` for one token of one compiled format. It remembers the last value
 * it found clean and returns an equal value without scanning it again: a client sends the
 * same User-Agent, method and address on every request, and comparing two equal strings is
 * far cheaper than searching one for characters to escape.
 */
export function cleaner(): Cleaner {
  let lastClean = '';
  return function clean(value: string): string {
    if (value === lastClean) return value;
    if (SPECIAL.test(value)) return value.replace(SPECIAL_ALL, toEscape);
    lastClean = value;
    return value;
  };
}
