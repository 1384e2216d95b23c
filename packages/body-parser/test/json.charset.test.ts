import { json } from '@webfw/body-parser';
import { answer, charsetUnsupported, serveAll } from './support/helpers';

const DOC = '{"name":"Zoë","emoji":"😀"}';
/** What the test server answers once DOC is decoded and parsed. */
const PARSED = { has: true, kind: 'object', body: { name: 'Zoë', emoji: '😀' } };

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  return Buffer.from(le).swap16();
}

function utf32le(text: string): Buffer {
  const codes = Array.from(text, (ch) => ch.codePointAt(0) as number);
  const buf = Buffer.alloc(codes.length * 4);
  codes.forEach((c, i) => buf.writeUInt32LE(c, i * 4));
  return buf;
}

describe('json() charsets', () => {
  const s = serveAll(json());

  it.each([
    ['should decode UTF-8 by default', 'application/json', Buffer.from(DOC, 'utf8'), PARSED],
    ['should drop a UTF-8 byte order mark', 'application/json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(DOC)]), PARSED],
    [
      'should replace invalid UTF-8 sequences with U+FFFD',
      'application/json',
      Buffer.from([0x5b, 0x22, 0xff, 0xc3, 0x22, 0x5d]),
      { has: true, kind: 'array', body: ['\ufffd\ufffd'] },
    ],
    ['should decode charset=utf-16le', 'application/json; charset=utf-16le', Buffer.from(DOC, 'utf16le'), PARSED],
    ['should decode charset=utf-16be', 'application/json; charset=utf-16be', utf16be(DOC), PARSED],
    ['should decode charset=UTF-16', 'application/json; charset=UTF-16', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(DOC)]), PARSED],
    ['should decode charset=utf-32le', 'application/json; charset=utf-32le', utf32le(DOC), PARSED],
    ['should decode charset=utf-8', 'application/json; charset=utf-8', Buffer.from(DOC), PARSED],
    ['should read a quoted charset parameter', 'application/json; charset="utf-16le"', Buffer.from(DOC, 'utf16le'), PARSED],
  ])('%s', async (_title, contentType, bytes, expected) => {
    expect(await answer(s.port, contentType, bytes)).toEqual({ status: 200, json: expected });
  });

  it.each([
    ['the non-Unicode charset iso-8859-1', 'iso-8859-1'],
    ['the non-Unicode charset koi8-r', 'koi8-r'],
    ['the non-Unicode charset latin1', 'latin1'],
    ['a utf-* charset iconv-lite does not know (UTF-9)', 'UTF-9'],
  ])('should 415 charset.unsupported for %s', async (_title, charset) => {
    expect(await answer(s.port, `application/json; charset=${charset}`, '{}')).toEqual({
      status: 415,
      json: { error: charsetUnsupported(charset.toLowerCase()) },
    });
  });
});
