/**
 * The charsets of body-parser 1.x: urlencoded reads UTF-8 forms only and has none of the charset
 * options of 2.x (`defaultCharset`, `charsetSentinel`, `interpretNumericEntities`); json reads a
 * charset-less body as UTF-8 whatever `defaultCharset` says; text keeps `defaultCharset`.
 * Differential: body-parser 1.x and the v4 entry.
 */
import { charsetUnsupported, compareV1, failedV1, parsedV1, silenceDeprecations, v4 } from './support/helpers';
import type { Exchange, Step, V1Answer, V1Library } from './support/helpers';

const FORM = 'application/x-www-form-urlencoded';

describe('v4: charsets', () => {
  silenceDeprecations();

  type Row = [title: string, build: (lib: V1Library) => Step[], request: Exchange, expected: V1Answer];
  const form = (contentType: string, body: string | Buffer): Exchange => ({ headers: { 'Content-Type': contentType }, body });
  it.each<Row>([
    [
      'urlencoded: refuse iso-8859-1 (415)',
      (lib) => [lib.urlencoded({ extended: true })],
      form(`${FORM}; charset=iso-8859-1`, 'a=%E9'),
      failedV1(charsetUnsupported('iso-8859-1')),
    ],
    [
      'urlencoded: refuse it in simple mode too',
      (lib) => [lib.urlencoded({ extended: false })],
      form(`${FORM}; charset=ISO-8859-1`, 'a=1'),
      failedV1(charsetUnsupported('iso-8859-1')),
    ],
    [
      'urlencoded: refuse utf8 spelt without the dash',
      (lib) => [lib.urlencoded({ extended: true })],
      form(`${FORM}; charset=utf8`, 'a=1'),
      failedV1(charsetUnsupported('utf8')),
    ],
    ['urlencoded: accept UTF-8 in any case', (lib) => [lib.urlencoded({ extended: true })], form(`${FORM}; charset=UTF-8`, 'a=%C3%A9'), parsedV1({ a: 'é' })],
    [
      'urlencoded: ignore defaultCharset (no TypeError, UTF-8)',
      (lib) => [lib.urlencoded({ extended: true, defaultCharset: 'koi8-r' })],
      form(FORM, 'a=%C3%A9'),
      parsedV1({ a: 'é' }),
    ],
    [
      'urlencoded: ignore charsetSentinel and interpretNumericEntities',
      (lib) => [lib.urlencoded({ extended: true, charsetSentinel: true, interpretNumericEntities: true })],
      form(FORM, 'utf8=%26%2310003%3B&a=%26%239786%3B'),
      parsedV1({ utf8: '&#10003;', a: '&#9786;' }),
    ],
    ['json: ignore defaultCharset (UTF-8)', (lib) => [lib.json({ defaultCharset: 'utf-16le' })], form('application/json', '{"a":"é"}'), parsedV1({ a: 'é' })],
    [
      'json: read utf-16le when the Content-Type names it',
      (lib) => [lib.json()],
      form('application/json; charset=utf-16le', Buffer.from('{"a":1}', 'utf16le')),
      parsedV1({ a: 1 }),
    ],
    ['json: refuse a charset not utf-*', (lib) => [lib.json()], form('application/json; charset=latin1', '{}'), failedV1(charsetUnsupported('latin1'))],
    [
      'text: keep defaultCharset',
      (lib) => [lib.text({ defaultCharset: 'iso-8859-1' })],
      form('text/plain', Buffer.from([0x63, 0x61, 0x66, 0xe9])),
      parsedV1('café', true, 'none'),
    ],
    [
      'text: refuse a charset iconv-lite does not know',
      (lib) => [lib.text()],
      form('text/plain; charset=x-bogus', 'x'),
      failedV1(charsetUnsupported('x-bogus')),
    ],
  ])('should %s', async (_title, build, request, expected) => {
    expect(await compareV1(v4, build, [request])).toEqual([expected]);
  });
});
