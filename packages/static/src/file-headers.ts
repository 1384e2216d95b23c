import type { ServerResponse } from 'node:http';
import type { Stats } from 'node:fs';
import { extname } from 'node:path';
import mime from 'mime-types';

/** Content-Type per file extension, looked up once (extensions come from files that exist). */
const typeByExtension = new Map<string, string>();
const MAX_TYPES = 1000;

/** The Content-Type send gives a file: by extension with charset, else `application/octet-stream`. */
export function contentTypeOf(path: string): string {
  const ext = extname(path);
  let type = typeByExtension.get(ext);
  if (type === undefined) {
    type = mime.contentType(ext) || 'application/octet-stream';
    if (typeByExtension.size < MAX_TYPES) typeByExtension.set(ext, type);
  }
  return type;
}

/** The weak ETag send (through the etag package) derives from a file's size and mtime. */
export function weakEtagOf(stat: Stats): string {
  return `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
}

/** Which default headers a middleware sends, fixed at registration. */
export interface HeaderPlan<Res extends ServerResponse> {
  setHeaders: ((res: Res, path: string, stat: Stats) => void) | undefined;
  acceptRanges: boolean;
  cacheControl: boolean;
  cacheControlValue: string;
  lastModified: boolean;
  etag: boolean;
  /** The Content-Type of a file by its path ({@link contentTypeOf} for send 1.x); undefined sets none. */
  contentType: (path: string) => string | undefined;
}

/**
 * Sets the headers of a full (200) file response exactly as send does, in send's order:
 * `setHeaders(res, path, stat)` first, then Accept-Ranges, Cache-Control, Last-Modified and
 * ETag (each unless already set), Content-Type (unless set) and Content-Length.
 */
export function setFileHeaders<Res extends ServerResponse>(plan: HeaderPlan<Res>, res: Res, path: string, stat: Stats): void {
  if (plan.setHeaders !== undefined) plan.setHeaders(res, path, stat);
  if (plan.acceptRanges && !res.getHeader('Accept-Ranges')) res.setHeader('Accept-Ranges', 'bytes');
  if (plan.cacheControl && !res.getHeader('Cache-Control')) res.setHeader('Cache-Control', plan.cacheControlValue);
  if (plan.lastModified && !res.getHeader('Last-Modified')) res.setHeader('Last-Modified', stat.mtime.toUTCString());
  if (plan.etag && !res.getHeader('ETag')) res.setHeader('ETag', weakEtagOf(stat));
  if (!res.getHeader('Content-Type')) {
    const type = plan.contentType(path);
    if (type) res.setHeader('Content-Type', type);
  }
  res.setHeader('Content-Length', stat.size);
}
