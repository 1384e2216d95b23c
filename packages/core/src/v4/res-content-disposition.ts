/**
 * 4.x: Content-Disposition as content-disposition 0.5 wrote it for `res.attachment` and
 * `res.download`: the file name always quoted (`attachment; filename="report.md"`; 5.x leaves
 * a token bare), with `filename*` (UTF-8) when the name is not ISO-8859-1 or holds a `%XX`.
 */
import { basename, extname } from 'node:path';
import { downloadWith, type Response } from '../response/response';
import { method } from './members';

const LATIN1_TEXT = /^[\x20-\x7e\x80-\xff]+$/;
const NON_LATIN1 = /[^\x20-\x7e\xa0-\xff]/g;
const HEX_ESCAPE = /%[0-9A-Fa-f]{2}/;
const QUOTE = /([\\"])/g;
const ATTR_CHAR = /[\x00-\x20"'()*,/:;<=>?@[\\\]{}\x7f]/g;

function percentEncode(char: string): string {
  return '%' + char.charCodeAt(0).toString(16).toUpperCase();
}

/** `attachment`, with the base name of `filename` when given, as content-disposition 0.5 formats it. */
export function attachmentDisposition(filename?: string): string {
  if (filename === undefined) return 'attachment';
  if (typeof filename !== 'string') throw new TypeError('filename must be a string');
  const name = basename(filename);
  const quotable = LATIN1_TEXT.test(name);
  const fallback = name.replace(NON_LATIN1, '?');
  const hasFallback = fallback !== name;
  let header = 'attachment';
  if (quotable || hasFallback) header += `; filename="${(hasFallback ? fallback : name).replace(QUOTE, '\\$1')}"`;
  if (hasFallback || !quotable || HEX_ESCAPE.test(name)) header += `; filename*=UTF-8''${encodeURIComponent(name).replace(ATTR_CHAR, percentEncode)}`;
  return header;
}

function attachment(this: Response, filename?: string): Response {
  if (filename) this.type(extname(filename));
  this.set('Content-Disposition', attachmentDisposition(filename));
  return this;
}

export const dispositionMembers: PropertyDescriptorMap = {
  attachment: method(attachment),
  download: method(downloadWith(attachmentDisposition)),
};
