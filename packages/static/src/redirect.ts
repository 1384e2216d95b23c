import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SendStream } from 'send';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import { parseUrl } from './request-url';

/** The small HTML document serve-static answers a redirect with. */
export function createHtmlDocument(title: string, body: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' + `<title>${title}</title>\n</head>\n<body>\n<pre>${body}</pre>\n</body>\n</html>\n`
  );
}

/** The URL a request was first made with: `req.originalUrl` under a framework, else `req.url`. */
export function originalUrlOf(req: IncomingMessage): string {
  const original = (req as IncomingMessage & { originalUrl?: unknown }).originalUrl;
  return typeof original === 'string' ? original : (req.url ?? '/');
}

/**
 * The Location for a directory requested without its trailing slash: the original path with
 * `/` appended and the query kept. It is always a same-origin path: leading slashes collapse
 * to one, backslashes are percent-encoded (so no `//host` or `/\host` form), the authority of
 * an absolute-form request target is dropped, a path not starting with `/` gets one, and the
 * result is URL-encoded.
 */
export function directoryLocation(req: IncomingMessage): string {
  const url = parseUrl(originalUrlOf(req));
  const pathname = url.pathname ?? '';
  const slashed = pathname.charCodeAt(0) === 0x2f ? pathname + '/' : '/' + pathname + '/';
  const path = collapseLeadingSlashes(slashed).replace(/\\/g, '%5C');
  return encodeUrl(path + (url.search ?? '') + (url.hash ?? ''));
}

/**
 * send `directory` listener that redirects to the trailing-slash URL with a 301 and an HTML
 * body (or, when the path already ends in `/`, reports 404 through send's error event).
 */
export function redirectDirectory(this: SendStream, res: ServerResponse): void {
  if (this.hasTrailingSlash()) {
    this.error(404);
    return;
  }
  const loc = directoryLocation((this as SendStream & { req: IncomingMessage }).req);
  const doc = createHtmlDocument('Redirecting', `Redirecting to ${escapeHtml(loc)}`);
  res.statusCode = 301;
  res.setHeader('Content-Type', 'text/html; charset=UTF-8');
  res.setHeader('Content-Length', Buffer.byteLength(doc));
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Location', loc);
  res.end(doc);
}

/** send `directory` listener used with `redirect: false`: a directory is reported as 404. */
export function directoryNotFound(this: SendStream): void {
  this.error(404);
}

/** Collapses a run of leading slashes to one, so a Location never reads as `//host`. */
function collapseLeadingSlashes(path: string): string {
  let i = 0;
  while (i < path.length && path.charCodeAt(i) === 0x2f) i++;
  return i > 1 ? '/' + path.slice(i) : path;
}
