/**
 * @webfw/body-parser/v4: the body parsers of body-parser 1.x (the express 4 family) over the 5.x
 * parsers. Every difference from the 5.x entry lives in this folder, in the file of what it
 * changes:
 *
 * - `generic.ts`: the package itself is the deprecated generic `bodyParser([options])`;
 * - `read.ts`: the 1.x request gate over the shared reading: `req._body` marks a body as taken
 *   and parsers skip such requests, `req.body` is `{}` when nothing was parsed, no check for an
 *   ended stream, gzip and deflate only (and the 415 for `inflate: false`), and the charsets
 *   iconv-lite 0.4 lacked (UTF-32 ...) are unsupported;
 * - `content-type.ts`: which Content-Types match (type-is 1.6, media-typer 0.3: strict), `type`
 *   names such as `js` looked up in mime-types 2.1, and the charset a header names
 *   (content-type 1.0: the last one wins);
 * - `json.ts`: a charset-less JSON body is UTF-8 (`defaultCharset` is not an option);
 * - `urlencoded.ts`: `extended` has no default (true, with a deprecation warning), `extended:
 *   false` parses with node's querystring, UTF-8 forms only and no charset options;
 * - `pass-through.ts`: `raw` and `text` with the rules above;
 * - `deprecate.ts`: the `body-parser deprecated ...` warnings (depd).
 *
 *   const bodyParser = require('@webfw/body-parser/v4');
 *   app.use(bodyParser.json());
 *   app.use(bodyParser.urlencoded({ extended: true }));
 */
import type { BodyParserMiddleware } from '../options';
import { bodyParser as generic, type GenericOptions } from './generic';
import { json } from './json';
import { raw, text } from './pass-through';
import { urlencoded } from './urlencoded';

/**
 * What `require('@webfw/body-parser/v4')` and the default import give, as body-parser 1.x does:
 * the deprecated generic middleware factory, carrying the four parser factories.
 */
export interface BodyParserV1 {
  /** @deprecated use the individual `json` and `urlencoded` middlewares. */
  (options?: GenericOptions): BodyParserMiddleware;
  readonly json: typeof json;
  readonly raw: typeof raw;
  readonly text: typeof text;
  readonly urlencoded: typeof urlencoded;
}

const factories = { json, raw, text, urlencoded };
// as in body-parser 1.x, the factories are enumerable getters on the function
for (const [name, factory] of Object.entries(factories)) {
  Object.defineProperty(generic, name, { configurable: true, enumerable: true, get: () => factory });
}

const bodyParser = generic as BodyParserV1;

export default bodyParser;
export { json, raw, text, urlencoded };
export type { GenericOptions } from './generic';
export type { JsonOptionsV1 as JsonOptions } from './json';
export type { RawOptions } from '../raw';
export type { TextOptions } from '../text';
export type { UrlencodedOptionsV1 as UrlencodedOptions } from './urlencoded';
export type { BaseOptions, BodyParserMiddleware, NextFunction, TypeOption, VerifyFunction } from '../options';
/** @types/body-parser's names (`bodyParser.Options`, `bodyParser.OptionsJson` ...), for code typed against it. */
export type { BaseOptions as Options } from '../options';
export type { JsonOptionsV1 as OptionsJson } from './json';
export type { TextOptions as OptionsText } from '../text';
export type { UrlencodedOptionsV1 as OptionsUrlencoded } from './urlencoded';
/** @types/body-parser's name of the package's type. */
export type BodyParser = BodyParserV1;
