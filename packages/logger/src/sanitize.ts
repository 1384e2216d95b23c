const CONTROL = /[\x00-\x1f\x7f]/;
const CONTROL_ALL = /[\x00-\x1f\x7f]/g;

function toHexEscape(ch: string): string {
  return '\\x' + ch.charCodeAt(0).toString(16).padStart(2, '0');
}

/**
 * Makes a token value safe for a one-line log: control characters (CR, LF, ESC, NUL...) become
 * `\xhh` escapes, so a header or credential cannot forge extra log lines or terminal output.
 * Strings without control characters are returned as they are.
 */
export function escapeControl(value: string): string {
  return CONTROL.test(value) ? value.replace(CONTROL_ALL, toHexEscape) : value;
}

/** An `escapeControl` that remembers the last value it found clean (see `cleaner`). */
export type Cleaner = (value: string) => string;

/**
 * Makes an `escapeControl` for one token of one compiled format. It remembers the last value
 * it found clean and returns an equal value without scanning it again: a client sends the
 * same User-Agent, method and address on every request, and comparing two equal strings is
 * far cheaper than searching one for control characters.
 */
export function cleaner(): Cleaner {
  let lastClean = '';
  return function clean(value: string): string {
    if (value === lastClean) return value;
    if (CONTROL.test(value)) return value.replace(CONTROL_ALL, toHexEscape);
    lastClean = value;
    return value;
  };
}
