import createError from 'http-errors';
import type { NextFunction } from '../application/types';
import type { Request } from '../request/types';
import { lookupType } from './content-type';
import type { FormatHandler, FormatHandlers, Response } from './types';

/** A media type from a `res.format` key, split into its value, quality and parameters. */
export interface NormalizedType {
  value: string;
  quality: number;
  params: Record<string, string>;
}

/**
 * Parses an Accept-style entry (`'text/html; q=0.5; level=1'`) into its value, its quality
 * (`q`, default 1) and its other parameters.
 */
export function acceptParams(entry: string): NormalizedType {
  const length = entry.length;
  const semi = entry.indexOf(';');
  let index = semi === -1 ? length : semi;
  const result: NormalizedType = { value: entry.slice(0, index).trim(), quality: 1, params: Object.create(null) as Record<string, string> };
  while (index < length) {
    const eq = entry.indexOf('=', index);
    if (eq === -1) break;
    const next = entry.indexOf(';', index + 1);
    const end = next === -1 ? length : next;
    if (eq > end) {
      index = end;
      continue;
    }
    const key = entry.slice(index + 1, eq).trim();
    const val = entry.slice(eq + 1, end).trim();
    if (key === 'q') result.quality = parseFloat(val);
    else if (key !== '') result.params[key] = val;
    index = end;
  }
  return result;
}

/**
 * Normalizes a `res.format` key: a value with `/` is parsed as a media type, anything else is
 * an extension looked up in the MIME table (`application/octet-stream` when unknown).
 */
export function normalizeType(type: string): NormalizedType {
  return type.indexOf('/') !== -1 ? acceptParams(type) : { value: lookupType(type) || 'application/octet-stream', quality: 1, params: {} };
}

/**
 * `res.format(handlers)` with `normalize` turning a handler key (`json`, `text/html`) into the
 * Content-Type to set and the type a 406 lists: mime-types here, mime 1.x in the v4 entry.
 */
export function formatWith(normalize: (key: string) => NormalizedType): (this: Response, handlers: FormatHandlers) => Response {
  return function format(this: Response, handlers: FormatHandlers): Response {
    const req = this.req as Request;
    const next = req.next as NextFunction;
    const keys = Object.keys(handlers).filter((k) => k !== 'default');
    const key = keys.length > 0 ? (req.accepts(keys) as string | false) : false;

    this.vary('Accept');
    if (key) {
      this.set('Content-Type', normalize(key).value);
      (handlers[key] as FormatHandler)(req, this, next);
    } else if (handlers.default) {
      handlers.default(req, this, next);
    } else {
      next(createError(406, { types: keys.map((k) => normalize(k).value) }));
    }
    return this;
  };
}
