import { normalizeOptions, type BaseOptions, type NormalizedOptions } from './options';
import { MediaTypeMemo, type MediaTypeLookup } from './media-type';
import { INFLATION, type Inflation } from './read/inflate';
import type { BodyReader } from './read';

/**
 * The reader of `raw` and `text`: `req.body` is the body as read, bytes when `decodes` is false
 * (raw: no charset looked at) or the string decoded with the body's charset (text: any charset
 * iconv-lite knows). Built once per middleware, for the media types of `options.type` or
 * `defaultType`.
 */
export class PassThroughReader implements BodyReader {
  readonly options: NormalizedOptions;
  readonly media: MediaTypeLookup;
  readonly inflation: Inflation = INFLATION;
  readonly decodes: boolean;
  readonly isValidCharset = null;

  constructor(options: (BaseOptions & { defaultCharset?: string }) | undefined, defaultType: string, decodes: boolean) {
    this.options = normalizeOptions(options, defaultType);
    this.media = new MediaTypeMemo(this.options.types);
    this.decodes = decodes;
  }

  parse(body: string | Buffer): string | Buffer {
    return body;
  }
}
