/**
 * @webfw/body-parser: json, raw, text and urlencoded body parsers, compatible with
 * body-parser 2.x, for bare `node:http` or any connect-style stack.
 *
 *   import bodyParser from '@webfw/body-parser';
 *   const parse = bodyParser.json();
 *   http.createServer((req, res) => parse(req, res, (err) => res.end(JSON.stringify(req.body))));
 */
import { json, type JsonOptions } from './json';
import { raw, type RawOptions } from './raw';
import { bodyParser as splitGeneric } from './split-generic';
import { text, type TextOptions } from './text';
import { urlencoded, type UrlencodedOptions } from './urlencoded';

/**
 * What `require('@webfw/body-parser')` and the default import give, as body-parser 2.x does: a
 * function carrying the four parser factories. Calling the function itself always throws (see
 * {@link splitGeneric}).
 */
export interface BodyParser {
  /**
   * @deprecated body-parser 1.x's generic middleware: in 2.x calling it throws
   * (`The bodyParser() generic has been split into individual middleware to use instead.`),
   * whatever the arguments. It takes @types/body-parser's options, so code written for 1.x
   * type-checks; the result type `never` says it does not return.
   */
  (options?: JsonOptions & TextOptions & UrlencodedOptions): never;
  readonly json: typeof json;
  readonly raw: typeof raw;
  readonly text: typeof text;
  readonly urlencoded: typeof urlencoded;
}

const bodyParser: BodyParser = Object.assign(splitGeneric, { json, raw, text, urlencoded });

export default bodyParser;
export { json, raw, text, urlencoded };
export type { JsonOptions, RawOptions, TextOptions, UrlencodedOptions };
/** @types/body-parser's names of the options (`bodyParser.OptionsJson` ...), for code typed against it. */
export type { BaseOptions as Options } from './options';
export type { JsonOptions as OptionsJson, TextOptions as OptionsText, UrlencodedOptions as OptionsUrlencoded };
export type { BaseOptions, BodyParserMiddleware, NextFunction, TypeOption, VerifyFunction } from './options';
