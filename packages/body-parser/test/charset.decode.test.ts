import iconv from 'iconv-lite';
import { decode } from '../src/read/charset';

describe('decode (UTF-8 fast path)', () => {
  it('should decode exactly as iconv-lite does for random bytes, BOM included', () => {
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (let n = 0; n < 3000; n++) {
      const len = next() % 40;
      const buf = Buffer.alloc(len);
      for (let i = 0; i < len; i++) buf[i] = next() % 4 === 0 ? 0x80 + (next() % 0x80) : next() % 256;
      if (n % 5 === 0) buf.set([0xef, 0xbb, 0xbf].slice(0, Math.min(3, len)));
      expect(decode(buf, 'utf-8')).toBe(iconv.decode(buf, 'utf-8'));
      expect(decode(buf, 'utf8')).toBe(iconv.decode(buf, 'utf8'));
    }
  });

  it('should hand other charsets to iconv-lite', () => {
    const bytes = iconv.encode('привет', 'koi8-r');
    expect(decode(bytes, 'koi8-r')).toBe('привет');
    expect(decode(Buffer.from([0xe9]), 'iso-8859-1')).toBe('é');
  });
});
