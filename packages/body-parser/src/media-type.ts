import { parse as parseContentType } from 'content-type';
import typeis from 'type-is';

/** What a parser needs to know about one Content-Type header value. */
export interface MediaTypeInfo {
  /** The header matches the parser's `type` option (always false when `type` is a function). */
  readonly match: boolean;
  /** The lower-cased `charset` parameter, `''` when absent, `undefined` when the header is malformed. */
  readonly charset: string | undefined;
}

/** Answers, per Content-Type header value, whether a parser handles it and which charset it names. */
export interface MediaTypeLookup {
  /** The match and charset of `header` (`undefined` when the request has no Content-Type). */
  lookup(header: string | undefined): MediaTypeInfo;
}

const NO_MEDIA_TYPE: MediaTypeInfo = { match: false, charset: undefined };

/** Headers longer than this are answered without being remembered. */
const MAX_KEY_LENGTH = 256;
/** Distinct headers remembered per parser; the memo starts over when full. */
const MAX_ENTRIES = 128;

/**
 * Returns the lower-cased charset parameter of a Content-Type header: `''` when there is none,
 * `undefined` when the header cannot be parsed (the parser's default charset applies then).
 */
export function charsetOf(header: string): string | undefined {
  try {
    return (parseContentType(header).parameters.charset || '').toLowerCase();
  } catch {
    return undefined;
  }
}

/** How a memo decides one header: whether it matches the parser's types, and its charset. */
export interface MediaTypeRules {
  matches(header: string, types: readonly unknown[]): boolean;
  charset(header: string): string | undefined;
}

/** body-parser 2.x's rules: type-is matches, content-type reads the charset. */
const TYPE_IS_RULES: MediaTypeRules = {
  matches: (header, types) => Boolean(typeis.is(header, types as string[])),
  charset: charsetOf,
};

/**
 * Answers "does this Content-Type match, and what charset does it name?" with `rules` (by
 * default type-is and content-type, as body-parser 2.x; the v4 entry passes 1.x's),
 * remembering the answer per header value: clients send the same few headers over and over,
 * so the parsing is done once per distinct value instead of once per request.
 * The memo is bounded (count and key length), so hostile headers cannot grow it.
 */
export class MediaTypeMemo implements MediaTypeLookup {
  private readonly cache = new Map<string, MediaTypeInfo>();
  private readonly types: readonly unknown[] | null;

  constructor(
    types: readonly unknown[] | null,
    private readonly rules: MediaTypeRules = TYPE_IS_RULES,
  ) {
    this.types = types === null ? null : types.slice();
  }

  /** The match and charset of `header` (`undefined` when the request has no Content-Type). */
  lookup(header: string | undefined): MediaTypeInfo {
    if (header === undefined) return NO_MEDIA_TYPE;
    const known = this.cache.get(header);
    if (known !== undefined) return known;
    const info: MediaTypeInfo = {
      match: this.types !== null && this.rules.matches(header, this.types),
      charset: this.rules.charset(header),
    };
    if (header.length <= MAX_KEY_LENGTH) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(header, info);
    }
    return info;
  }
}
