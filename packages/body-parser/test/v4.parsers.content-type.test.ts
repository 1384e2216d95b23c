/**
 * Content-Type handling of body-parser 1.x, which the v4 entry keeps: type-is 1.6 (media-typer
 * 0.3, strict) decides which headers a parser matches, mime-types 2.1 what a `type` option such
 * as `js` stands for, content-type 1.0 (strict, the last `charset` wins) which charset a header
 * names, and iconv-lite 0.4 which charsets can be decoded. The 5.x entry (type-is 2,
 * content-type 2, mime-types 3, iconv-lite 0.7) answers many of these rows differently.
 *
 * The table is differential over HTTP (body-parser 1.x and the v4 entry, equal answers and the
 * exact expected one); the second part compares the lookups themselves with the libraries
 * body-parser 1.x uses, over a corpus of headers, type options and charset names.
 */
import { dirname } from 'node:path';
import { charsetOfV1, contentTypeMatchesV1, normalizeTypeV1 } from '../src/v4/content-type';
import { unknownToIconv04 } from '../src/v4/read';
import { charsetUnsupported, compareV1, failedV1, parsedV1, silenceDeprecations, v4 } from './support/helpers';
import type { Exchange, Step, V1Answer, V1Library } from './support/helpers';

/** The package `name` as the package in directory `from` resolves it. */
function requireFrom<T>(name: string, from: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(require.resolve(name, { paths: [from] })) as T;
}
const V1_DIR = dirname(require.resolve('body-parser-v1'));
/** A dependency as body-parser 1.x resolves it (type-is 1.6, content-type 1.0, iconv-lite 0.4). */
const ofV1 = <T>(name: string): T => requireFrom<T>(name, V1_DIR);

interface TypeIsV1 {
  is(value: string, types: unknown[]): string | false | null;
  normalize(type: unknown): string | false;
}
const typeisV1 = ofV1<TypeIsV1>('type-is');
const contentTypeV1 = ofV1<{ parse(header: string): { parameters: Record<string, string> } }>('content-type');
const iconvV1 = ofV1<{ encodingExists(name: string): boolean }>('iconv-lite');

const JSON_BODY = '{"a":1}';
const NOTHING = parsedV1({}, 'unset');
const JSON_PARSED = parsedV1({ a: 1 });
const CAFE_LATIN1 = Buffer.from([0x63, 0x61, 0x66, 0xe9]);

/** A POST of `body` with the Content-Type `contentType`. */
const ct = (contentType: string, body: string | Buffer = JSON_BODY): Exchange => ({ headers: { 'Content-Type': contentType }, body });
/** The answer for a text body (a string has no prototype to show). */
const textParsed = (text: string): V1Answer => parsedV1(text, true, 'none');
const verifyNothing = (): void => undefined;

describe('v4: Content-Type handling as body-parser 1.x', () => {
  silenceDeprecations();

  type Row = [title: string, build: (lib: V1Library) => Step[], request: Exchange, expected: V1Answer];
  const json = (options?: Record<string, unknown>) => (lib: V1Library) => [lib.json(options)];
  const text = (options?: Record<string, unknown>) => (lib: V1Library) => [lib.text(options)];
  const raw = (options?: Record<string, unknown>) => (lib: V1Library) => [lib.raw(options)];
  const form = (options?: Record<string, unknown>) => (lib: V1Library) => [lib.urlencoded({ extended: true, ...options })];

  it.each<Row>([
    // malformed headers: media-typer 0.3 refuses them, so no parser matches
    ['skip a trailing semicolon', json(), ct('application/json;'), NOTHING],
    ['skip a parameter without a value', json(), ct('application/json; charset'), NOTHING],
    ['skip a trailing semicolon after a charset', json(), ct('application/json; charset=utf-8;'), NOTHING],
    ['skip a space inside a bare parameter value', json(), ct('application/json; foo=bar baz'), NOTHING],
    ['skip an unclosed quoted value', json(), ct('application/json; foo="bar'), NOTHING],
    ['skip a tab before a parameter', json(), ct('application/json;\tcharset=utf-8'), NOTHING],
    ['parse a type without a subtype when a type function says so', json({ type: () => true }), ct('application'), JSON_PARSED],
    ['skip a type without a subtype (type option)', json(), ct('application'), NOTHING],
    ['skip a type with an empty subtype', json(), ct('application/'), NOTHING],
    ['skip an empty type', json(), ct('/json'), NOTHING],
    ['skip a list of types', json(), ct('application/json, text/plain'), NOTHING],
    ['skip a subtype with two suffixes (+json)', json({ type: '+json' }), ct('application/vnd.a+b+json'), NOTHING],
    ['skip a suffix with a dot', json({ type: 'application/*' }), ct('application/a+b.c'), NOTHING],
    ['skip a */* header (type */*)', text({ type: '*/*' }), ct('*/*', 'x'), NOTHING],
    ['skip an application/* header (type application/*)', text({ type: 'application/*' }), ct('application/*', 'x'), NOTHING],
    ['skip a header of another type', json(), ct('text/plain'), NOTHING],
    // headers media-typer 0.3 accepts
    ['parse spaces before the semicolon', json(), ct('application/json ; charset=utf-8'), JSON_PARSED],
    ['parse no space after the semicolon', json(), ct('application/json;charset=utf-8'), JSON_PARSED],
    ['parse spaces around the equals sign', json(), ct('application/json;  charset = utf-8'), JSON_PARSED],
    ['parse an upper-case type and charset', json(), ct('Application/JSON; Charset=UTF-8'), JSON_PARSED],
    ['parse a quoted charset', json(), ct('application/json; charset="utf-8"'), JSON_PARSED],
    ['parse an empty quoted charset as UTF-8', json(), ct('application/json; charset=""'), JSON_PARSED],
    ['parse a trailing + as no suffix', json(), ct('application/json+'), JSON_PARSED],
    ['parse other parameters', json(), ct('application/json; q=1; foo="a b"'), JSON_PARSED],
    // the charset parameter: content-type 1.0
    ['use the last of two charsets (refused)', json(), ct('application/json; charset=utf-8; charset=latin1'), failedV1(charsetUnsupported('latin1'))],
    ['use the last of two charsets (accepted)', json(), ct('application/json; charset=latin1; charset=utf-8'), JSON_PARSED],
    ['unescape a quoted charset', json(), ct('application/json; charset="utf\\-16le"', Buffer.from(JSON_BODY, 'utf16le')), JSON_PARSED],
    [
      'use the last charset with a type function',
      text({ type: () => true }),
      ct('text/plain; charset=utf-8; charset=iso-8859-1', CAFE_LATIN1),
      textParsed('café'),
    ],
    [
      'fall back to the default charset for an unparsable header',
      text({ type: () => true }),
      ct('text/plain; charset=iso-8859-1;', CAFE_LATIN1),
      textParsed('caf\ufffd'),
    ],
    ['fall back to UTF-8 for json with a type function', json({ type: () => true }), ct('application/json; charset=latin1;'), JSON_PARSED],
    [
      'read the last charset of a form (refused)',
      form(),
      ct('application/x-www-form-urlencoded; charset=utf-8; charset=iso-8859-1', 'a=1'),
      failedV1(charsetUnsupported('iso-8859-1')),
    ],
    // the type option: names looked up in mime-types 2.1
    ['match js as application/javascript', json({ type: 'js' }), ct('application/javascript'), JSON_PARSED],
    ['not match js as text/javascript', json({ type: 'js' }), ct('text/javascript'), NOTHING],
    ['match mjs as application/javascript', json({ type: 'mjs' }), ct('application/javascript'), JSON_PARSED],
    ['match wav as audio/wave', text({ type: 'wav' }), ct('audio/wave', 'x'), textParsed('x')],
    ['not match wav as audio/wav', text({ type: 'wav' }), ct('audio/wav', 'x'), NOTHING],
    ['match sql as application/x-sql', text({ type: 'sql' }), ct('application/x-sql', 'x'), textParsed('x')],
    ['not match an extension mime-db 1.52 lacks (jxl)', raw({ type: 'jxl' }), ct('image/jxl', 'x'), NOTHING],
    ['match bin as application/octet-stream', raw({ type: 'bin' }), ct('application/octet-stream', 'x'), parsedV1(Buffer.from('x'), true, 'none')],
    ['match html as text/html', text({ type: 'html' }), ct('text/html; charset=utf-8', '<p>'), textParsed('<p>')],
    ['match text as text/plain', text({ type: 'text' }), ct('text/plain', 'x'), textParsed('x')],
    ['match .json', json({ type: '.json' }), ct('application/json'), JSON_PARSED],
    ['match a file name (data.JSON)', json({ type: 'data.JSON' }), ct('application/json'), JSON_PARSED],
    ['match the urlencoded shorthand', form({ type: 'urlencoded' }), ct('application/x-www-form-urlencoded', 'a=1'), parsedV1({ a: '1' })],
    ['match an array of names', json({ type: ['js', 'json'] }), ct('application/json'), JSON_PARSED],
    ['match +json', json({ type: '+json' }), ct('application/vnd.api+json'), JSON_PARSED],
    ['match application/*', json({ type: 'application/*' }), ct('application/x-custom'), JSON_PARSED],
    ['match */* for any valid header', text({ type: '*/*' }), ct('image/png', 'x'), textParsed('x')],
    ['match any valid header with an empty list', json({ type: [] }), ct('text/plain'), JSON_PARSED],
    ['match nothing with an unknown name', json({ type: 'nosuchext' }), ct('application/json'), NOTHING],
    ['let a type function decide', json({ type: () => true }), ct('application/json;'), JSON_PARSED],
    // charsets: iconv-lite 0.4
    ['decode latin1', text(), ct('text/plain; charset=latin1', CAFE_LATIN1), textParsed('café')],
    ['decode ISO-8859-1', text(), ct('text/plain; charset=ISO-8859-1', CAFE_LATIN1), textParsed('café')],
    ['decode windows-1252', text(), ct('text/plain; charset=windows-1252', Buffer.from([0x80])), textParsed('€')],
    ['decode ucs-2', text(), ct('text/plain; charset=ucs-2', Buffer.from('hé', 'utf16le')), textParsed('hé')],
    ['decode utf-16 with a BOM', json(), ct('application/json; charset=utf-16', Buffer.from(`\ufeff${JSON_BODY}`, 'utf16le')), JSON_PARSED],
    ['decode utf-7 json', json(), ct('application/json; charset=utf-7'), JSON_PARSED],
    ['refuse utf-32 (text)', text(), ct('text/plain; charset=utf-32', Buffer.from([0x78, 0, 0, 0])), failedV1(charsetUnsupported('utf-32'))],
    [
      'refuse UTF-32LE with verify',
      text({ verify: verifyNothing }),
      ct('text/plain; charset=UTF-32LE', Buffer.from([0x78, 0, 0, 0])),
      failedV1(charsetUnsupported('utf-32le')),
    ],
    ['refuse ucs-4', text(), ct('text/plain; charset=ucs-4', Buffer.from([0, 0, 0, 0x78])), failedV1(charsetUnsupported('ucs-4'))],
    ['refuse cp720', text(), ct('text/plain; charset=cp720', 'x'), failedV1(charsetUnsupported('cp720'))],
    ['refuse iso-8859-8-i', text(), ct('text/plain; charset=iso-8859-8-i', 'x'), failedV1(charsetUnsupported('iso-8859-8-i'))],
    ['refuse an unknown charset', text(), ct('text/plain; charset=x-bogus', 'x'), failedV1(charsetUnsupported('x-bogus'))],
    ['refuse utf-32 (json)', json(), ct('application/json; charset=utf-32', Buffer.from('{}\0\0', 'latin1')), failedV1(charsetUnsupported('utf-32'))],
    ['refuse utf-32 (json, verify)', json({ verify: verifyNothing }), ct('application/json; charset=utf-32', '{}'), failedV1(charsetUnsupported('utf-32'))],
    ['refuse ucs-2 for json (not utf-*)', json(), ct('application/json; charset=ucs-2', Buffer.from('{}', 'utf16le')), failedV1(charsetUnsupported('ucs-2'))],
    ['refuse an unknown utf-* for json', json(), ct('application/json; charset=utf-8x'), failedV1(charsetUnsupported('utf-8x'))],
    ['refuse utf-32 for a form', form(), ct('application/x-www-form-urlencoded; charset=utf-32', 'a=1'), failedV1(charsetUnsupported('utf-32'))],
    ['ignore the charset for raw', raw(), ct('application/octet-stream; charset=utf-32', 'x'), parsedV1(Buffer.from('x'), true, 'none')],
    // requests skipped before the Content-Type is looked at, or without one
    ['skip a body without a Content-Type', json(), { body: JSON_BODY }, NOTHING],
    ['skip an empty Content-Type', json(), ct(''), NOTHING],
    ['skip a GET without a body', json(), { method: 'GET', headers: { 'Content-Type': 'application/json' } }, NOTHING],
    ['parse an empty json body as {}', json(), ct('application/json', ''), parsedV1({})],
  ])('should %s', async (_title, build, request, expected) => {
    expect(await compareV1(v4, build, [request])).toEqual([expected]);
  });
});

describe('v4: Content-Type lookups against the libraries of body-parser 1.x', () => {
  const HEADERS = [
    'application/json',
    'APPLICATION/JSON',
    ' application/json ',
    '\tapplication/json',
    'application/json;',
    'application/json ;',
    'application/json; charset',
    'application/json; charset=',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'application/json ; charset = utf-8 ',
    'application/json;\tcharset=utf-8',
    'application/json; charset=utf-8; charset=latin1',
    'application/json; charset="utf-8"',
    'application/json; charset="utf\\-8"',
    'application/json; charset="ut\\"f"',
    'application/json; charset="a\u000bb"',
    'application/json; charset="caf\u00e9"',
    'application/json; charset=caf\u00e9',
    'application/json; charset="',
    'application/json; charset=a b',
    'application/json; a=1;b=2',
    'application/json; =1',
    'application/json,text/plain',
    'application',
    'application/',
    '/json',
    '*/*',
    'application/*',
    'text/*; charset=utf-8',
    'application/vnd.api+json',
    'application/vnd.a+b+json',
    'application/a+b.c',
    'application/json+',
    'application/+json',
    'application/.json',
    'application/json.',
    'app.lication/json',
    'app+lication/json',
    'x-a/b',
    '-a/b',
    'a/b!#$&^_.-',
    `a/${'b'.repeat(127)}`,
    `a/${'b'.repeat(128)}`,
    `${'a'.repeat(128)}/b`,
    'text/plain; charset=iso-8859-1',
    'text/html; charset=utf-8',
    'application/x-www-form-urlencoded',
    'application/javascript',
    'text/javascript',
    'audio/wave',
    'image/jxl',
    'multipart/form-data; boundary=x',
    '',
  ];
  const TYPES: unknown[][] = [
    [],
    ['json'],
    ['application/json'],
    ['+json'],
    ['*/*'],
    ['application/*'],
    ['text/*'],
    ['*/json'],
    ['urlencoded'],
    ['multipart'],
    ['js'],
    ['.html'],
    ['data.json'],
    ['wav'],
    ['text'],
    ['nosuchext'],
    [''],
    [5, null, 'json'],
  ];

  it.each(HEADERS.map((header) => [header]))('should match %j as type-is 1.6 does, for each type option', (header) => {
    const ours = TYPES.map((types) => contentTypeMatchesV1(header, types));
    const theirs = TYPES.map((types) => Boolean(typeisV1.is(header, types.slice())));
    expect(ours).toEqual(theirs);
  });

  it.each(HEADERS.map((header) => [header]))('should read the charset of %j as content-type 1.0 does', (header) => {
    let theirs: string | undefined;
    try {
      theirs = (contentTypeV1.parse(header).parameters.charset || '').toLowerCase();
    } catch {
      theirs = undefined;
    }
    expect(charsetOfV1(header)).toBe(theirs);
  });

  it('should look up every extension of mime-db as mime-types 2.1 does', () => {
    const mimeV2 = requireFrom<{ types: Record<string, string> }>('mime-types', dirname(require.resolve('type-is', { paths: [V1_DIR] })));
    const mimeV3 = requireFrom<{ types: Record<string, string> }>('mime-types', dirname(require.resolve('type-is')));
    const names = [...new Set([...Object.keys(mimeV2.types), ...Object.keys(mimeV3.types)])];
    expect(names.length).toBeGreaterThan(1000);
    const differing = names.filter((ext) => normalizeTypeV1(ext) !== typeisV1.normalize(ext) || normalizeTypeV1(`.${ext}`) !== typeisV1.normalize(`.${ext}`));
    expect(differing).toEqual([]);
    expect(normalizeTypeV1('js')).toBe('application/javascript');
    expect(normalizeTypeV1('jxl')).toBe(false);
  });

  it('should know the charsets iconv-lite 0.4 knows', () => {
    const iconvV7 = requireFrom<{ encodingExists(name: string): boolean; encodings: Record<string, unknown> }>('iconv-lite', __dirname);
    iconvV7.encodingExists('utf8');
    const names = [...Object.keys(iconvV7.encodings), 'UTF-32', 'utf-32le', 'UCS-4BE', 'ISO-8859-8-E', 'utf32:2000', 'utf-8', 'x-bogus'];
    const differing = names.filter((name) => iconvV7.encodingExists(name) && unknownToIconv04(name) === iconvV1.encodingExists(name));
    expect(differing).toEqual([]);
    expect(unknownToIconv04('utf-32')).toBe(true);
    expect(unknownToIconv04('utf-16')).toBe(false);
  });
});
