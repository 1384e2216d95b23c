import type { MediaTypeInfo, MediaTypeLookup } from '../media-type';
import { charsetOfV1 } from './charset-parameter';
import { contentTypeMatchesV1 } from './content-type-match';

const NO_MEDIA_TYPE: MediaTypeInfo = { match: false, charset: undefined };

/** Headers longer than this are answered without being remembered. */
const MAX_KEY_LENGTH = 256;
/** Distinct headers remembered per parser; the memo starts over when full. */
const MAX_ENTRIES = 128;

/**
 * The Content-Type lookup of the v4 parsers: whether a header matches the `type` option (see
 * `content-type-match.ts`) and which charset it names (see `charset-parameter.ts`), as
 * body-parser 1.x decides them; remembered per header value like the 5.x lookup (bounded).
 */
export class MediaTypeLookupV1 implements MediaTypeLookup {
  private readonly cache = new Map<string, MediaTypeInfo>();
  private readonly types: readonly unknown[] | null;

  constructor(types: readonly unknown[] | null) {
    this.types = types === null ? null : types.slice();
  }

  lookup(header: string | undefined): MediaTypeInfo {
    if (header === undefined) return NO_MEDIA_TYPE;
    const known = this.cache.get(header);
    if (known !== undefined) return known;
    const info: MediaTypeInfo = {
      match: this.types !== null && contentTypeMatchesV1(header, this.types),
      charset: charsetOfV1(header),
    };
    if (header.length <= MAX_KEY_LENGTH) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(header, info);
    }
    return info;
  }
}
