import createError from 'http-errors';
import iconv from 'iconv-lite';

/** True for the names of UTF-8 that are decoded without iconv-lite. */
export function isUtf8(charset: string): boolean {
  return charset === 'utf-8' || charset === 'utf8';
}

/** True when iconv-lite can decode `charset` (UTF-8 is always known). */
export function charsetExists(charset: string): boolean {
  return isUtf8(charset) || iconv.encodingExists(charset);
}

/**
 * Decodes a body with the named charset, dropping a leading byte order mark as iconv-lite does.
 * UTF-8 (nearly every request) goes through Buffer#toString, which decodes exactly as
 * iconv-lite's UTF-8 codec does (both replace invalid sequences with U+FFFD); every other
 * charset goes through iconv-lite.
 */
export function decode(buf: Buffer, charset: string): string {
  if (isUtf8(charset)) {
    const str = buf.toString('utf8');
    return str.charCodeAt(0) === 0xfeff ? str.slice(1) : str;
  }
  return iconv.decode(buf, charset);
}

/** 415 `charset.unsupported`: `unsupported charset "X"`, with `charset` set to the lower-cased name. */
export function unsupportedCharset(charset: string): createError.HttpError {
  return createError(415, `unsupported charset "${charset.toUpperCase()}"`, {
    charset: charset.toLowerCase(),
    type: 'charset.unsupported',
  });
}
