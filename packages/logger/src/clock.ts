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

/**
 * The current time as the `:date[format]` token writes it: `clf`, `iso` or `web` (RFC 1123,
 * the default). Second-resolution forms are formatted once per second; `undefined` for an
 * unknown format.
 */
export function formatNow(format: string | undefined): string | undefined {
  const now = Date.now();
  switch (format ?? 'web') {
    case 'web':
      refresh(now);
      return cachedWeb;
    case 'clf':
      refresh(now);
      return cachedClf;
    case 'iso':
      return new Date(now).toISOString();
    default:
      return undefined;
  }
}

/** Milliseconds between two `process.hrtime()` readings, as a string with `digits` decimals. */
export function elapsedMs(from: [number, number], to: [number, number], digits: string | undefined): string {
  const ms = (to[0] - from[0]) * 1e3 + (to[1] - from[1]) * 1e-6;
  return ms.toFixed(digits === undefined ? 3 : Number(digits));
}
