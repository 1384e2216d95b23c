/**
 * Hostile inputs shared by the fuzz properties: strings that try header and response
 * injection, JSON and form bodies whose keys aim at `Object.prototype`, compressed bodies that
 * are broken on purpose, and bodies cut into chunks at random places.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';

/** Pieces an attacker puts into a value that reaches a header or a URL. */
export const INJECTIONS: readonly string[] = [
  '\r\n',
  '\n',
  '\r',
  '\0',
  '\r\nSet-Cookie: injected=1',
  '\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\ninjected',
  '%0d%0aSet-Cookie:%20injected=1',
  '%0D%0A%0D%0A',
  '\u010d\u010aSet-Cookie: injected=1', // truncates to CR LF if written as latin1 without checks
  '\u560d\u560a',
  '\u2028\u2029',
  '\t',
  '\x7f',
  '\x1b[31m',
  '"; filename="evil.sh',
  '../../etc/passwd',
  '//evil.example',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '\ud800',
  'é',
  '\u00ff\u0100',
  ' ',
  ';',
  ',',
  '=',
];

/** Any string: mostly short, of any code points (lone surrogates included), laced with {@link INJECTIONS}. */
export function hostileString(maxParts = 6): fc.Arbitrary<string> {
  const part = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
    { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), maxLength: 4 }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0x80, max: 0x1ff }).map((c) => String.fromCharCode(c)), maxLength: 4 }) },
  );
  return fc.array(part, { maxLength: maxParts }).map((parts) => parts.join(''));
}

/** Object keys that reach for prototypes, mixed with ordinary ones. */
export const PROTO_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'polluted'];

const key = fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 6 }));

/** A JSON value nested up to `depth`, whose object keys often aim at prototypes. */
export function hostileJson(depth = 4): fc.Arbitrary<unknown> {
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: depth, withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      hostileString(3),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((entries) => {
        // own properties, `__proto__` included (as JSON.parse makes them)
        const out: Record<string, unknown> = {};
        for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
        return out;
      }),
    ),
  })).value;
}

/** A form key: plain, bracketed (`a[b][]`), dotted, or aimed at prototypes, nested up to a few levels. */
export const formKey: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(key, fc.constantFrom('a', 'b', 'a.b', '')),
    fc.array(
      fc.oneof(
        fc.constantFrom('[]', '[0]', '[1]', '[99999]', '[__proto__]', '[constructor]', '[prototype]', '[a]', '['),
        key.map((k) => `[${k}]`),
      ),
      { maxLength: 6 },
    ),
  )
  .map(([first, rest]) => first + rest.join(''));

/** How a form field is written: percent-encoded, raw, or with broken escapes. */
function formPart(text: string, mode: number): string {
  if (mode === 0) return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, 'x'));
  if (mode === 1) return text.replace(/[&=]/g, '');
  return `${text}%${['', 'g', 'zz', 'e9', 'C3', 'E2%82', 'ff'][text.length % 7]}`;
}

/** A urlencoded body of up to `maxPairs` fields (duplicates, empty keys and values, broken escapes, `+`). */
export function formBody(maxPairs = 40): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(formKey, fc.option(hostileString(2), { nil: undefined }), fc.nat(2), fc.nat(2)), { maxLength: maxPairs })
    .chain((pairs) => fc.constant(pairs.map(([k, v, km, vm]) => (v === undefined ? formPart(k, km) : `${formPart(k, km)}=${formPart(v, vm)}`)).join('&')));
}

/** Content-Encoding values and what they do to the bytes: valid, stacked, unknown, or broken streams. */
export type Coding =
  'none' | 'identity' | 'gzip' | 'deflate' | 'br' | 'x-gzip' | 'unknown' | 'gzip-truncated' | 'gzip-corrupt' | 'deflate-raw-lie' | 'br-garbage' | 'gzip, gzip';

/** Every {@link Coding}. */
export const CODINGS: readonly Coding[] = [
  'none',
  'identity',
  'gzip',
  'deflate',
  'br',
  'x-gzip',
  'unknown',
  'gzip-truncated',
  'gzip-corrupt',
  'deflate-raw-lie',
  'br-garbage',
  'gzip, gzip',
];

/** The Content-Encoding header a {@link Coding} sends (none for `none`) and the body bytes it sends for `plain`. */
export function encodeBody(plain: Buffer, coding: Coding, salt: number): { header?: string; bytes: Buffer } {
  switch (coding) {
    case 'none':
      return { bytes: plain };
    case 'identity':
      return { header: 'identity', bytes: plain };
    case 'gzip':
      return { header: 'gzip', bytes: gzipSync(plain) };
    case 'x-gzip':
      return { header: 'x-gzip', bytes: gzipSync(plain) };
    case 'deflate':
      return { header: 'deflate', bytes: deflateSync(plain) };
    case 'br':
      return { header: 'br', bytes: brotliCompressSync(plain) };
    case 'unknown':
      return { header: ['compress', 'zstd', 'GZIP2', 'x'][salt % 4], bytes: plain };
    case 'gzip-truncated': {
      const z = gzipSync(plain);
      return { header: 'gzip', bytes: z.subarray(0, Math.max(1, (salt % z.length) - 1)) };
    }
    case 'gzip-corrupt': {
      const z = Buffer.from(gzipSync(plain));
      const at = 10 + (salt % Math.max(1, z.length - 10));
      if (at < z.length) z[at] = (z[at]! ^ (1 + (salt % 255))) & 0xff;
      return { header: 'gzip', bytes: z };
    }
    case 'deflate-raw-lie':
      return { header: 'deflate', bytes: plain };
    case 'br-garbage':
      return { header: 'br', bytes: Buffer.concat([brotliCompressSync(plain), Buffer.from([salt & 0xff, 0x00, 0xff])]) };
    case 'gzip, gzip':
      return { header: 'gzip, gzip', bytes: gzipSync(gzipSync(plain)) };
  }
}

/** `bytes` split at up to `cuts` random places (for chunked bodies and for writes arriving in pieces). */
export function splitPoints(cuts = 4): fc.Arbitrary<number[]> {
  return fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: cuts });
}

/** `bytes` cut at the fractions `points` (sorted, duplicates kept as empty pieces). */
export function cut(bytes: Buffer, points: readonly number[]): Buffer[] {
  const at = points.map((p) => Math.floor(p * bytes.length)).sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const a of at) {
    out.push(bytes.subarray(from, a));
    from = a;
  }
  out.push(bytes.subarray(from));
  return out;
}

/** A chunked body from `pieces` (empty pieces skipped: a zero-size chunk ends the body). */
export function chunked(pieces: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [];
  for (const p of pieces) {
    if (p.length === 0) continue;
    parts.push(Buffer.from(`${p.length.toString(16)}\r\n`, 'latin1'), p, Buffer.from('\r\n', 'latin1'));
  }
  parts.push(Buffer.from('0\r\n\r\n', 'latin1'));
  return Buffer.concat(parts);
}

/** What `Object.prototype`, `Array.prototype` and `Function.prototype` hold now, to compare after a run. */
export function prototypeSnapshot(): string {
  const names = (o: object): string => Object.getOwnPropertyNames(o).sort().join(',');
  return [names(Object.prototype), names(Array.prototype), names(Function.prototype), Object.getPrototypeOf(Object.prototype) === null].join('|');
}
