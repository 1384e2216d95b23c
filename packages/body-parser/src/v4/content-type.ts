import { extname } from 'node:path';
import typeis from 'type-is';
import { MediaTypeMemo, type MediaTypeRules } from '../media-type';

/**
 * How a body-parser 1.x parser reads the Content-Type: which headers match its `type` option
 * (type-is 1.6, media-typer 0.3, mime-types 2.1) and which charset a header names (content-type
 * 1.0). Each is strict where the 5.x entry (type-is 2, content-type 2, mime-types 3) is lenient.
 */

/**
 * Calls `each` with the name and value of every `; name=value` parameter of `header` from
 * `start` on, as the sticky `pattern` matches them; false when the rest is not such a run.
 */
function forEachParameter(header: string, start: number, pattern: RegExp, each?: (name: string, value: string) => void): boolean {
  let index = start;
  while (index < header.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(header);
    if (match === null) return false;
    index += match[0].length;
    if (each !== undefined) each(match[1] as string, match[2] as string);
  }
  return true;
}

/**
 * A `type` option given as an extension name (`'js'`, `'.json'`, `'bin'`, `'file.html'`) is
 * looked up as body-parser 1.x's type-is 1.6 looks it up: in mime-types 2.1 (mime-db 1.52).
 * The 5.x entry looks it up in mime-types 3 (mime-db 1.54), which answers differently for the
 * extensions below: `js` and `mjs` are `application/javascript` (not `text/javascript`), `wav`
 * is `audio/wave`, `sql` is `application/x-sql`, ... and the extensions mime-db 1.52 did not
 * know yet (`false`: a parser with such a `type` matches nothing). Every other name, the
 * shorthands `urlencoded` and `multipart`, `+suffix` types and full types normalize as in 5.x.
 */
const EXTENSION_TYPES_V1: Readonly<Record<string, string | false>> = {
  '210': false,
  aac: 'audio/x-aac',
  adts: false,
  aml: false,
  amlx: false,
  appinstaller: false,
  appx: false,
  appxbundle: false,
  bary: false,
  bdo: false,
  blend: false,
  brush: false,
  brushset: false,
  btf: false,
  cld: false,
  cwl: false,
  dcm: false,
  dcmp: false,
  dib: false,
  dng: false,
  dpx: false,
  drm: false,
  es: 'application/ecmascript',
  fbx: false,
  fdf: 'application/vnd.fdf',
  gdraw: false,
  gform: false,
  ggs: false,
  gjam: false,
  gmap: false,
  gscript: false,
  gsite: false,
  hsj2: 'image/hsj2',
  ipynb: false,
  jaii: false,
  jais: false,
  jfif: false,
  jpgm: 'video/jpm',
  js: 'application/javascript',
  jt: false,
  jxl: false,
  lottie: false,
  m2t: false,
  m2ts: false,
  m4b: false,
  mht: false,
  mhtml: false,
  mjs: 'application/javascript',
  msix: false,
  msixbundle: false,
  mts: 'model/vnd.mts',
  one: false,
  onea: false,
  p21: false,
  prc: 'application/x-mobipocket-ebook',
  pyo: false,
  pyox: false,
  sql: 'application/x-sql',
  step: false,
  stp: false,
  stpnc: false,
  u3d: false,
  uo: false,
  usda: false,
  vdx: false,
  vsdx: false,
  vtx: false,
  wav: 'audio/wave',
  wgsl: false,
  xdcf: false,
  xfdf: 'application/vnd.adobe.xfdf',
  xhtm: false,
  xsf: false,
};

/**
 * The media type a `type` option entry stands for, as type-is 1.6 normalizes it: `false` when it
 * is no string or an unknown extension name.
 */
export function normalizeTypeV1(type: unknown): string | false {
  if (typeof type !== 'string') return false;
  if (type !== 'urlencoded' && type !== 'multipart' && type[0] !== '+' && !type.includes('/')) {
    // the extension of "ext", ".ext" or a file name, as mime-types finds it
    const extension = extname(`x.${type}`).toLowerCase().slice(1);
    if (Object.hasOwn(EXTENSION_TYPES_V1, extension)) return EXTENSION_TYPES_V1[extension] as string | false;
  }
  return typeis.normalize(type);
}

/**
 * Which Content-Type headers a body-parser 1.x parser matches: type-is 1.6 parses the header
 * with media-typer 0.3, which is strict where the 5.x entry (type-is 2, content-type 2) is
 * lenient. A header matches no `type` at all (the parser passes the request on) when:
 *
 * - its parameters are not exactly `; name=value` pairs: `application/json;` (a trailing
 *   semicolon), `application/json; charset` (no value), `; a=b c` (a space in a bare value),
 *   `; a="b` (an open quote) ...;
 * - the type or subtype breaks media-typer 0.3's rules: each starts with a letter or digit,
 *   the type has no `.` or `+`, at most 127 characters each, only spaces around it;
 * - the subtype has more than one `+` (`application/vnd.a+b+json`), or a suffix with a `.`
 *   (`application/a+b.c`).
 *
 * A trailing `+` is dropped (`application/json+` is `application/json`). Type and subtype are
 * matched case-insensitively, as in 5.x.
 */

/** media-typer 0.3: one `; name=value` parameter (the value a token or a quoted string). */
const PARAMETER =
  /; *([!#$%&'*+\-.0-9A-Z^_`a-z|~]+) *= *("(?:[ !\u0023-\u005b\u005d-\u007e\u0080-\u00ff]|\\[\u0020-\u007e])*"|[!#$%&'*+\-.0-9A-Z^_`a-z|~]+) */y;
/** media-typer 0.3: `type/subtype`, optionally surrounded by spaces (matched lower-cased). */
const MEDIA_TYPE = /^ *([a-z0-9][a-z0-9!#$&^_-]{0,126})\/([a-z0-9][a-z0-9!#$&^_.+-]{0,126}) *$/;
/** media-typer 0.3: a type name, also the rule for a `+suffix`. */
const TYPE_NAME = /^[a-z0-9][a-z0-9!#$&^_-]{0,126}$/;
/** media-typer 0.3: a subtype name (no `+`). */
const SUBTYPE_NAME = /^[a-z0-9][a-z0-9!#$&^_.-]{0,126}$/;

/**
 * The media type of a Content-Type header as type-is 1.6 sees it (`type/subtype+suffix`, lower
 * case, no parameters), or `null` when media-typer 0.3 refuses the header.
 */
export function mediaTypeV1(header: string): string | null {
  if (!header) return null;
  const semicolon = header.indexOf(';');
  if (semicolon !== -1 && !forEachParameter(header, semicolon, PARAMETER)) return null;
  const match = MEDIA_TYPE.exec((semicolon === -1 ? header : header.slice(0, semicolon)).toLowerCase());
  if (match === null) return null;
  const type = match[1] as string;
  let subtype = match[2] as string;
  let suffix = '';
  const plus = subtype.lastIndexOf('+');
  if (plus !== -1) {
    suffix = subtype.slice(plus + 1);
    subtype = subtype.slice(0, plus);
  }
  if (!SUBTYPE_NAME.test(subtype)) return null;
  if (suffix === '') return `${type}/${subtype}`;
  return TYPE_NAME.test(suffix) ? `${type}/${subtype}+${suffix}` : null;
}

/**
 * True when the Content-Type `header` matches one of `types` (the `type` option) as type-is 1.6
 * matches it; an empty list matches every header media-typer 0.3 accepts.
 */
export function contentTypeMatchesV1(header: string | undefined, types: readonly unknown[]): boolean {
  if (header === undefined) return false;
  const actual = mediaTypeV1(header);
  if (actual === null) return false;
  if (types.length === 0) return true;
  for (const type of types) {
    if (typeis.match(normalizeTypeV1(type), actual)) return true;
  }
  return false;
}

/**
 * The `charset` a body-parser 1.x parser decodes with comes from content-type 1.0, which is
 * strict where the 5.x entry (content-type 2) is lenient:
 *
 * - a header whose parameters are not exactly `; name=value` pairs (`text/plain;`,
 *   `; charset`, `; charset=a b`, an open quote ...) or whose type is not `token/token` names
 *   no charset: the parser's default applies (UTF-8 for json and urlencoded);
 * - when `charset` is given twice the last one counts (content-type 2 keeps the first);
 * - a quoted value loses its quotes and backslash escapes (`"utf\-8"` is `utf-8`).
 *
 * The name is lower-cased, as in 5.x.
 */

/** content-type 1.0: one `; name=value` parameter (the value a token or a quoted string). */
const CHARSET_PARAMETER =
  /; *([!#$%&'*+.^_`|~0-9A-Za-z-]+) *= *("(?:[\u000b\u0020\u0021\u0023-\u005b\u005d-\u007e\u0080-\u00ff]|\\[\u000b\u0020-\u00ff])*"|[!#$%&'*+.^_`|~0-9A-Za-z-]+) */y;
/** content-type 1.0: a backslash escape inside a quoted value. */
const QUOTED_PAIR = /\\([\u000b\u0020-\u00ff])/g;
/** content-type 1.0: the media type, `token/token` (after trimming). */
const CHARSET_MEDIA_TYPE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The lower-cased `charset` parameter of a Content-Type header as content-type 1.0 reads it:
 * `''` when there is none, `undefined` when the header cannot be parsed.
 */
export function charsetOfV1(header: string): string | undefined {
  if (!header) return undefined;
  const semicolon = header.indexOf(';');
  if (!CHARSET_MEDIA_TYPE.test((semicolon === -1 ? header : header.slice(0, semicolon)).trim())) return undefined;
  if (semicolon === -1) return '';
  let charset = '';
  const valid = forEachParameter(header, semicolon, CHARSET_PARAMETER, (name, value) => {
    if (name.toLowerCase() === 'charset') charset = value.charCodeAt(0) === 0x22 ? value.slice(1, -1).replace(QUOTED_PAIR, '$1') : value;
  });
  return valid ? charset.toLowerCase() : undefined;
}

/** body-parser 1.x's rules: {@link contentTypeMatchesV1} and {@link charsetOfV1}. */
const BODY_PARSER_1_RULES: MediaTypeRules = { matches: contentTypeMatchesV1, charset: charsetOfV1 };

/**
 * The Content-Type lookup of the v4 parsers: whether a header matches the `type` option and
 * which charset it names, as body-parser 1.x decides them; remembered per header value like
 * the 5.x lookup (bounded).
 */
export class MediaTypeLookupV1 extends MediaTypeMemo {
  constructor(types: readonly unknown[] | null) {
    super(types, BODY_PARSER_1_RULES);
  }
}
