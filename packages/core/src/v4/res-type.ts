/**
 * 4.x: Content-Types come from mime 1.x, the table `webfw.static.mime` is (serve-static 1.x's
 * `mime`, which express 4 reads as `express.static.mime`), looked up when called so
 * `webfw.static.mime.define()` applies: `res.type(ext)` is `mime.lookup(ext)`
 * (`application/octet-stream` when unknown); `res.set('Content-Type', type)` adds the charset
 * `mime.charsets.lookup` gives unless the value has one; `res.format` looks its extension keys
 * up the same way.
 */
import { serveStatic as staticV4 } from '@webfw/static/v4';
import { formatWith, type HeaderValue, type Response } from '../response/response';
import { acceptParams, type NormalizedType } from '../response/format';
import { method } from './members';

const CHARSET = /;\s*charset\s*=/;

/** The table, read when used (`webfw.static.mime` may be replaced). */
function mime(): typeof staticV4.mime {
  return staticV4.mime;
}

function set(this: Response, field: string | Record<string, HeaderValue>, value?: HeaderValue): Response {
  if (arguments.length === 2) {
    const name = field as string;
    let val: string | string[] = Array.isArray(value) ? value.map(String) : String(value);
    if (name.toLowerCase() === 'content-type') {
      if (Array.isArray(val)) throw new TypeError('Content-Type cannot be set to an Array');
      if (!CHARSET.test(val)) {
        const charset = mime().charsets.lookup(val.split(';')[0] as string);
        if (charset) val += '; charset=' + charset.toLowerCase();
      }
    }
    this.setHeader(name, val);
    return this;
  }
  const fields = field as Record<string, HeaderValue>;
  for (const key in fields) this.set(key, fields[key]);
  return this;
}

function type(this: Response, value: string): Response {
  return this.set('Content-Type', value.indexOf('/') === -1 ? mime().lookup(value) : value);
}

function normalizeType(key: string): NormalizedType {
  return key.indexOf('/') !== -1 ? acceptParams(key) : { value: mime().lookup(key), quality: 1, params: {} };
}

export const typeMembers: PropertyDescriptorMap = {
  set: method(set),
  header: method(set),
  type: method(type),
  contentType: method(type),
  format: method(formatWith(normalizeType)),
};
