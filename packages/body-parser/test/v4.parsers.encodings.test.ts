/**
 * body-parser 1.x inflates gzip and deflate only: `br` is a 415 like any unknown encoding, and
 * with `inflate: false` the 415 carries only `encoding` (the 5.x entry inflates br and also sets
 * `charset` on that error). Differential: body-parser 1.x and the v4 entry.
 */
import zlib from 'node:zlib';
import { answersOf, bodyParserV1, compareV1, encodingUnsupported, failedV1, httpError, parsedV1, silenceDeprecations, v4 } from './support/helpers';
import type { Exchange, Step, V1Answer, V1Library } from './support/helpers';

const JSON_BODY = '{"a":[1,2]}';
const compressed = (encoding: string, body: Buffer): Exchange => ({ headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding }, body });
const GZIP = compressed('gzip', zlib.gzipSync(JSON_BODY));
const DEFLATE = compressed('deflate', zlib.deflateSync(JSON_BODY));
const BR = compressed('br', zlib.brotliCompressSync(JSON_BODY));

/** 415 for a compressed body while `inflate` is false, as body-parser 1.x words it (no `charset`). */
const disabled = (encoding: string): Record<string, unknown> =>
  httpError(415, 'UnsupportedMediaTypeError', 'content encoding unsupported', { encoding, type: 'encoding.unsupported' });

describe('v4: Content-Encoding', () => {
  silenceDeprecations();

  type Row = [title: string, build: (lib: V1Library) => Step[], request: Exchange, expected: V1Answer];
  it.each<Row>([
    ['inflate gzip', (lib) => [lib.json()], GZIP, parsedV1({ a: [1, 2] })],
    ['inflate deflate', (lib) => [lib.json()], DEFLATE, parsedV1({ a: [1, 2] })],
    [
      'match the encoding case-insensitively',
      (lib) => [lib.json()],
      { ...GZIP, headers: { ...GZIP.headers, 'Content-Encoding': 'GZip' } },
      parsedV1({ a: [1, 2] }),
    ],
    ['read identity as it is', (lib) => [lib.json()], compressed('identity', Buffer.from(JSON_BODY)), parsedV1({ a: [1, 2] })],
    ['refuse br with 415 encoding.unsupported (json)', (lib) => [lib.json()], BR, failedV1(encodingUnsupported('br'))],
    ['refuse br (raw)', (lib) => [lib.raw({ type: '*/*' })], BR, failedV1(encodingUnsupported('br'))],
    ['refuse br (text)', (lib) => [lib.text({ type: '*/*' })], BR, failedV1(encodingUnsupported('br'))],
    [
      'refuse br (urlencoded)',
      (lib) => [lib.urlencoded({ extended: true })],
      { headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Encoding': 'br' }, body: zlib.brotliCompressSync('a=1') },
      failedV1(encodingUnsupported('br')),
    ],
    ['refuse br (generic)', (lib) => [lib({ extended: true })], BR, failedV1(encodingUnsupported('br'))],
    ['refuse zstd', (lib) => [lib.json()], compressed('zstd', Buffer.from('x')), failedV1(encodingUnsupported('zstd'))],
    ['refuse gzip without charset when inflate is false', (lib) => [lib.json({ inflate: false })], GZIP, failedV1(disabled('gzip'))],
    ['refuse br the same way when inflate is false', (lib) => [lib.text({ inflate: false, type: '*/*' })], BR, failedV1(disabled('br'))],
    [
      'accept identity when inflate is false',
      (lib) => [lib.raw({ inflate: false, type: '*/*' })],
      compressed('identity', Buffer.from('ab')),
      parsedV1(Buffer.from('ab'), true, 'none'),
    ],
  ])('should %s', async (_title, build, request, expected) => {
    expect(await compareV1(v4, build, [request])).toEqual([expected]);
  });

  it("should report a broken gzip body with zlib's error", async () => {
    // Inside jest, body-parser 1.x's http-errors does not recognise node's zlib errors (another
    // realm) and answers a bare "Bad Request"; run as plain node it answers zlib's error, as here.
    const request = compressed('gzip', Buffer.from('not gzip'));
    const [theirs] = await answersOf([bodyParserV1.json()], [request]);
    const [ours] = await answersOf([v4.json()], [request]);
    const zlibError = { ...httpError(400, 'Error', 'incorrect header check'), errno: -3, code: 'Z_DATA_ERROR' };
    expect(ours).toEqual(failedV1(zlibError));
    expect(theirs).toEqual(failedV1({ ...zlibError, name: 'BadRequestError', message: 'Bad Request' }));
  });
});
