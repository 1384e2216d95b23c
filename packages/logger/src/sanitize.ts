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
