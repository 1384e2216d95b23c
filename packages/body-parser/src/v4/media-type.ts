import { MediaTypeMemo, type MediaTypeRules } from '../media-type';
import { charsetOfV1 } from './charset-parameter';
import { contentTypeMatchesV1 } from './content-type-match';

/** body-parser 1.x's rules: see `content-type-match.ts` and `charset-parameter.ts`. */
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
