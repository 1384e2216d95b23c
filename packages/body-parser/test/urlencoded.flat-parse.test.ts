import qs from 'qs';
import { canParseFlat, decodeComponent, parseFlat } from '../src/querystring';

/** What body-parser 2.x asks qs for in flat (non-extended) mode. */
function qsFlat(body: string): unknown {
  const count = body.split('&').length;
  return qs.parse(body, { allowPrototypes: true, arrayLimit: Math.max(100, count), depth: 0, parameterLimit: 1000, strictDepth: true, charset: 'utf-8' });
}

/** Small deterministic PRNG (mulberry32) so a failure can be replayed. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'a',
  'b',
  'k',
  '=',
  '=',
  '&',
  '&',
  '+',
  '%',
  '%2',
  '%20',
  '%3D',
  '%26',
  '%2B',
  '%E9',
  '%C3%A9',
  '%F0%9F%98%80',
  '%zz',
  '%%',
  '__proto__',
  '%5F_proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '.',
  '0',
  '1',
  ' ',
  'é',
  '😀',
  ';',
  '?',
  '#',
];

describe('parseFlat (the flat urlencoded fast path)', () => {
  it('should give exactly what qs gives for bracket-free bodies (8000 tries)', () => {
    const random = prng(0x5eed);
    for (let n = 0; n < 8000; n++) {
      let body = '';
      const parts = Math.floor(random() * 14);
      for (let i = 0; i < parts; i++) body += PIECES[Math.floor(random() * PIECES.length)];
      if (!canParseFlat(body)) continue;
      const mine = parseFlat(body);
      const theirs = qsFlat(body);
      // same keys in the same order, same values, same prototype
      if (JSON.stringify(Object.entries(mine)) !== JSON.stringify(Object.entries(theirs as object))) {
        throw new Error(`differs for ${JSON.stringify(body)}: ${JSON.stringify(mine)} vs ${JSON.stringify(theirs)}`);
      }
      expect(Object.getPrototypeOf(mine)).toBe(Object.getPrototypeOf(theirs));
    }
  });

  it('should give what qs gives for many repeated keys', () => {
    const body = Array.from({ length: 600 }, (_, i) => `k=${i}`).join('&');
    expect(parseFlat(body)).toEqual(qsFlat(body));
  });

  it('should refuse bodies with plain or escaped brackets (left to qs)', () => {
    for (const body of ['a[b]=1', 'a]=1', 'a%5Bb=1', 'a%5db=1', 'x=%5B']) expect(canParseFlat(body)).toBe(false);
    for (const body of ['a=1', 'a%5=1', 'a%5C=1', '']) expect(canParseFlat(body)).toBe(true);
  });

  it('should decode components like qs: + first, then escapes, malformed kept', () => {
    expect(decodeComponent('a+b%20c')).toBe('a b c');
    expect(decodeComponent('%2B')).toBe('+');
    expect(decodeComponent('100%+off')).toBe('100% off');
    expect(decodeComponent('%E9')).toBe('%E9');
    expect(decodeComponent('plain')).toBe('plain');
  });
});
