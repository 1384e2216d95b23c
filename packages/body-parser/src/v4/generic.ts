import type { BodyParserMiddleware } from '../options';
import { createDeprecate } from './deprecate';
import { json, type JsonOptionsV1 } from './json';
import { UNDEFINED_EXTENDED, urlencodedParserFor, type UrlencodedOptionsV1 } from './urlencoded';

/** Options of the generic {@link bodyParser}: those of json and urlencoded together; `type` is ignored. */
export type GenericOptions = Omit<JsonOptionsV1, 'type'> &
  Omit<UrlencodedOptionsV1, 'type'> & {
    type?: unknown;
    /** Accepted as @types/body-parser accepts it (its options are json's, text's and urlencoded's); unused. */
    defaultCharset?: string | undefined;
  };

const deprecate = createDeprecate('body-parser');

/** The message of the warning printed by each call of the generic middleware factory. */
export const GENERIC_DEPRECATED = 'bodyParser: use individual json/urlencoded middlewares';

/** body-parser 1.x warns once per process about `extended` missing from the generic's options. */
let extendedWarned = false;

/**
 * body-parser 1.x's deprecated generic middleware, `bodyParser([options])`: a json parser and an
 * extended urlencoded parser built with the same options (each with its default `type`: a
 * `type` option is ignored), run in that order; the first that parses the body flags it, so the
 * other passes. Each call prints `body-parser deprecated bodyParser: use individual
 * json/urlencoded middlewares` once per place in the calling code; without `extended` in the
 * options it also prints `undefined extended: provide extended option`, once per process (in
 * body-parser 1.x that warning names a place inside body-parser itself, so depd prints it once).
 */
const generic = function (options?: GenericOptions): BodyParserMiddleware {
  deprecate(GENERIC_DEPRECATED);
  const opts = Object.create(options || null, {
    type: { configurable: true, enumerable: true, value: undefined, writable: true },
  }) as UrlencodedOptionsV1 & JsonOptionsV1;
  const extended = opts.extended;
  if (extended === undefined && !extendedWarned) {
    extendedWarned = true;
    deprecate(UNDEFINED_EXTENDED);
  }
  const parseForm = urlencodedParserFor(opts, extended !== false);
  const parseJson = json(opts);
  return function bodyParser(req, res, next) {
    parseJson(req, res, (err) => {
      if (err) {
        next(err);
        return;
      }
      parseForm(req, res, next);
    });
  };
};

// the function body-parser 1.x exports is anonymous (depd's wrapper of its generic)
Object.defineProperty(generic, 'name', { value: '' });

export { generic as bodyParser };
