import sendV0 from 'send-v0';

/** A mime 1.x table: extension to type and back (what `new mime.Mime()` makes). */
export interface MimeTable {
  /** Extension (lower case, no dot) to MIME type (not in @types/mime 1.x, so optional here). */
  types?: Record<string, string>;
  /** MIME type to its first (default) extension (not in @types/mime 1.x, so optional here). */
  extensions?: Record<string, string>;
  /** The type `lookup` falls back to when set (the shared table sets `application/octet-stream`). */
  default_type?: string;
  /**
   * The type for the extension of `path` (the text after its last `.`, `/` or `\`, so a bare
   * extension such as `'html'` works too), else `fallback`, else `default_type`.
   */
  lookup(path: string, fallback?: string): string | undefined;
  /** The default extension of a MIME type (parameters ignored), or undefined. */
  extension(mimeType: string): string | undefined;
  /** Adds types: `{ 'text/x-note': ['note', 'nt'] }`; a later definition of an extension wins. */
  define(map: Record<string, readonly string[]>): void;
  /** Loads an Apache `.types` file (synchronously) and defines what it lists. */
  load(file: string): void;
}

/**
 * The MIME table of mime 1.x, as serve-static 1.x exposes it (`serveStatic.mime`, which
 * express 4 uses as `express.static.mime` for `res.type`). It is the very object send 0.19
 * looks Content-Types up in, so `define` changes what files are served as.
 */
export interface Mime extends MimeTable {
  default_type: string;
  /** The type for the extension of `path`, else `fallback`, else `default_type`. */
  lookup(path: string, fallback?: string): string;
  /** Charsets by MIME type: `UTF-8` for `text/*`, `application/javascript` and `application/json`, else `fallback`. */
  charsets: {
    /** With a fallback, always a string (as @types/mime 1.x types it). */
    lookup(mimeType: string, fallback: string): string;
    lookup(mimeType: string, fallback?: string): string | undefined;
  };
  /** The table constructor, for a separate table: `new mime.Mime()` (not in @types/mime 1.x, so optional here). */
  Mime?: new () => MimeTable;
}

/** send 0.19's mime 1.x object, the one `require('serve-static').mime` is in serve-static 1.x. */
export const mime = sendV0.mime as Mime;

/**
 * The Content-Type send 0.19 gives the file at `path`: `mime.lookup(path)` with `; charset=`
 * and `mime.charsets.lookup` of it when there is one (`text/plain; charset=UTF-8`,
 * `application/javascript; charset=UTF-8`), none when the lookup gives nothing. Looked up on
 * every call, so `mime.define` and a changed `default_type` apply at once, as with send.
 */
export function contentTypeOf(path: string): string | undefined {
  const type = mime.lookup(path);
  if (!type) return undefined;
  const charset = mime.charsets.lookup(type);
  return charset ? `${type}; charset=${charset}` : type;
}
