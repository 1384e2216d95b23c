const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

/** `dd/Mon/yyyy:HH:mm:ss +0000` in UTC, the common log format's date. */
export function clfDate(date: Date): string {
  return (
    pad2(date.getUTCDate()) +
    '/' +
    MONTHS[date.getUTCMonth()] +
    '/' +
    date.getUTCFullYear() +
    ':' +
    pad2(date.getUTCHours()) +
    ':' +
    pad2(date.getUTCMinutes()) +
    ':' +
    pad2(date.getUTCSeconds()) +
    ' +0000'
  );
}

let cachedSecond = -1;
let cachedClf = '';
let cachedWeb = '';

function refresh(now: number): void {
  const second = Math.floor(now / 1000);
  if (second !== cachedSecond) {
    const date = new Date(second * 1000);
    cachedSecond = second;
    cachedClf = clfDate(date);
    cachedWeb = date.toUTCString();
  }
}

/** The current time as `:date[clf]` writes it, formatted once per second. */
export function clfNow(): string {
  refresh(Date.now());
  return cachedClf;
}

/** The current time as `:date[web]` (and `:date`) writes it, formatted once per second. */
export function webNow(): string {
  refresh(Date.now());
  return cachedWeb;
}

/** The current time as `:date[iso]` writes it (milliseconds, so made every time). */
export function isoNow(): string {
  return new Date().toISOString();
}

/**
 * The current time as the `:date[format]` token writes it: `clf`, `iso` or `web` (RFC 1123,
 * the default, also for an empty `format`). Second-resolution forms are formatted once per
 * second; `undefined` for an unknown format.
 */
export function formatNow(format: string | undefined): string | undefined {
  switch (format || 'web') {
    case 'web':
      return webNow();
    case 'clf':
      return clfNow();
    case 'iso':
      return isoNow();
    default:
      return undefined;
  }
}

/** Milliseconds between two `process.hrtime()` readings, as a string with `digits` decimals. */
export function elapsedMs(from: [number, number], to: [number, number], digits: string | undefined): string {
  const ms = (to[0] - from[0]) * 1e3 + (to[1] - from[1]) * 1e-6;
  return ms.toFixed(digits === undefined ? 3 : Number(digits));
}

/**
 * The decimals `Number#toFixed` uses for a `[digits]` argument (3 without one), or -1 when
 * `toFixed` would throw a RangeError for it (the token then prints `-`).
 */
export function fractionDigits(digits: string | undefined): number {
  if (digits === undefined) return 3;
  const n = Math.trunc(Number(digits)) || 0;
  return n >= 0 && n <= 100 ? n : -1;
}
