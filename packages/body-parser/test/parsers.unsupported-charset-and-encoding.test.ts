import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import webfwParsers from '@webfw/body-parser';
import { charsetUnsupported, encodingUnsupported, inflateDisabled, post, withServe } from './support/helpers';

// A request whose charset AND Content-Encoding are both unsupported gets one 415: which one
// depends on the order of body-parser 2.x's checks. Each case is sent to a server around
// body-parser 2.x and to one around @webfw/body-parser, and the error responses compared.

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
type Factory = (options?: Record<string, unknown>) => Middleware;
type Parsers = Record<'json' | 'raw' | 'text' | 'urlencoded', Factory>;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const reference = require('body-parser') as Parsers;
const webfw = webfwParsers as unknown as Parsers;

const BODY = 'x=1';
const GZIPPED = zlib.gzipSync(BODY);

/** Posts `body` through a fresh server around `parsers[parser](options)`; resolves with the response. */
async function answer(parsers: Parsers, parser: keyof Parsers, options: Record<string, unknown>, contentType: string, encoding: string) {
  return withServe(parsers[parser](options), (s) => post(s.port, contentType, encoding === 'gzip' ? GZIPPED : BODY, { 'Content-Encoding': encoding }));
}

const verify = (): void => undefined;
const optionSets: Array<[string, Record<string, unknown>]> = [
  ['defaults', {}],
  ['verify', { verify }],
  ['inflate: false', { inflate: false }],
  ['inflate: false and verify', { inflate: false, verify }],
];
const requests: Array<[keyof Parsers, string]> = [
  ['json', 'application/json; charset=utf-99'],
  ['json', 'application/json; charset=latin1'],
  ['text', 'text/plain; charset=x-bogus'],
  ['text', 'text/plain; charset=KOI9'],
  ['urlencoded', 'application/x-www-form-urlencoded; charset=x-bogus'],
];
const cases = requests.flatMap(([parser, contentType]) =>
  optionSets.flatMap(([label, options]) => ['compress', 'gzip'].map((encoding) => [parser, contentType, label, encoding, options] as const)),
);

describe('415 when both the charset and the Content-Encoding are unsupported', () => {
  it.each(cases)(
    '%s, %s, %s, Content-Encoding %s: same status, type, message and properties as body-parser 2.x',
    async (parser, contentType, _label, encoding, options) => {
      const [ref, ours] = [await answer(reference, parser, options, contentType, encoding), await answer(webfw, parser, options, contentType, encoding)];
      expect(ref.status).toBe(415);
      expect(ours.status).toBe(ref.status);
      const refError = ref.json.error as Record<string, unknown>;
      const ourError = { ...(ours.json.error as Record<string, unknown>) };
      // documented difference: with inflate false the encoding is also in `charset`
      if (ourError.message === 'content encoding unsupported') {
        expect(ourError.charset).toBe(ourError.encoding);
        delete ourError.charset;
      }
      expect(ourError).toEqual(refError);
    },
  );

  it.each([
    [
      'the charset first when verify is set (text, unknown Content-Encoding)',
      'text',
      { verify },
      'text/plain; charset=x-bogus',
      'compress',
      charsetUnsupported('x-bogus'),
    ],
    [
      'the charset first when verify is set and inflate is false (json, gzip)',
      'json',
      { verify, inflate: false },
      'application/json; charset=UTF-99',
      'gzip',
      charsetUnsupported('utf-99'),
    ],
    [
      'the Content-Encoding first without verify (text, unknown Content-Encoding)',
      'text',
      {},
      'text/plain; charset=x-bogus',
      'compress',
      encodingUnsupported('compress'),
    ],
    ['the charset of a gzip body without verify (the encoding is supported)', 'text', {}, 'text/plain; charset=x-bogus', 'gzip', charsetUnsupported('x-bogus')],
    [
      'a charset the parser refuses (json latin1) before any Content-Encoding, by default',
      'json',
      {},
      'application/json; charset=latin1',
      'compress',
      charsetUnsupported('latin1'),
    ],
    [
      'a charset the parser refuses (json latin1) before any Content-Encoding, inflate false',
      'json',
      { inflate: false },
      'application/json; charset=latin1',
      'compress',
      charsetUnsupported('latin1'),
    ],
    [
      'the Content-Encoding of a raw body (raw has no charset) with inflate false',
      'raw',
      { verify, inflate: false },
      'application/octet-stream; charset=x-bogus',
      'gzip',
      inflateDisabled('gzip'),
    ],
  ] as const)('should report %s', async (_title, parser, options, contentType, encoding, error) => {
    const res = await answer(webfw, parser, options, contentType, encoding);
    expect(res.status).toBe(415);
    expect(res.json).toEqual({ error });
  });
});
