/**
 * The type of webfw's response as the implementation sees it (`Response`), with the handler
 * type of `res.format` and the header values `res.set` takes. The public types, @types/express's,
 * are in types/express-serve-static-core/response.d.ts; the methods are in response.ts.
 */
import type { ServerResponse } from 'node:http';
import type { Application, DefaultLocals, NextFunction, RenderCallback } from '../application/types';
import type { Request } from '../request/types';
import type { CookieOptions } from './cookie';
import type { DownloadOptions, SendFileOptions, TransferCallback } from './file';

/** A handler of `res.format`, called with the request, the response and `next`. */
export type FormatHandler = (req: Request, res: Response, next: NextFunction) => void;

/** The map given to `res.format`: MIME types or extensions to handlers, plus `default`. */
export type FormatHandlers = Record<string, FormatHandler>;

/** A header value as `res.set` accepts it: anything is stringified; arrays give several lines. */
export type HeaderValue = string | number | boolean | readonly (string | number | boolean)[];

/**
 * The response object handed to middleware: node's `ServerResponse` with the methods of
 * express 5's response, and whatever the global `Express.Response` adds. As @types/express's
 * `Response<ResBody, Locals>`: `ResBody` types what `res.json`/`res.send` accept (anything by
 * default), `Locals` types `res.locals` (with the global `Express.Locals`).
 */
export interface Response<ResBody = unknown, Locals extends object = DefaultLocals> extends ServerResponse, Express.Response {
  /** The app handling the request (the sub-app while inside one); the same as `req.app`. */
  app: Application;
  /** The request of this response. */
  req: Request;
  /** Template variables of this request only, merged over `app.locals` by `res.render`. */
  locals: Locals & Express.Locals;

  /**
   * Sets the status code; chainable. Throws a TypeError when `code` is not an integer and a
   * RangeError when it is outside 100..999.
   */
  status(code: number): this;
  /** Sets the status and sends its reason phrase (or the number) as text/plain. */
  sendStatus(code: number): this;
  /**
   * Sets one header, or every header of an object. Values are stringified (arrays element by
   * element); a Content-Type gains the charset of its type (`text/plain` ->
   * `text/plain; charset=utf-8`) and cannot be an array. Values with CR/LF throw (node).
   */
  set(field: string, value?: HeaderValue): this;
  set(fields: Record<string, HeaderValue>): this;
  /** Alias of `res.set`. */
  header(field: string, value?: HeaderValue): this;
  header(fields: Record<string, HeaderValue>): this;
  /** Returns a response header (case-insensitive name). */
  get(field: string): string | number | string[] | undefined;
  /** Appends to a header (creating it); a later `res.set` replaces it. */
  append(field: string, value?: string | readonly string[]): this;
  /**
   * Sets Content-Type: a value with `/` as is (charset added to text types), otherwise an
   * extension looked up (`'html'`, `'.json'`), `application/octet-stream` when unknown.
   */
  type(type: string): this;
  /** Alias of `res.type`. */
  contentType(type: string): this;
  /** Adds a field to Vary unless already listed. */
  vary(field: string | readonly string[]): this;
  /** Appends `<url>; rel="name"` entries (an array gives one per URL) to the Link header. */
  links(links: Record<string, string | readonly string[]>): this;
  /** Sets Location, percent-encoding what is not already encoded (CR/LF included). */
  location(url: string): this;
  /**
   * Redirects with 302 (or `status`): sets Location and answers with a short text or HTML
   * body per Accept (escaped), no body for HEAD.
   */
  redirect(url: string): void;
  redirect(status: number, url: string): void;
  /**
   * Sends a response: a string as text/html (unless typed), a Buffer as octet-stream
   * (unless typed), an object, array, number or boolean as JSON, null as empty. Sets
   * Content-Length and an ETag per the `etag` setting, answers 304 when the request is
   * fresh, sends no body for HEAD, 204 and 304.
   */
  send(body?: ResBody | string | Buffer | Uint8Array | null): this;
  /** Sends JSON (`json replacer`, `json spaces`, `json escape` settings) as application/json. */
  json(body?: ResBody): this;
  /**
   * Sends JSON, wrapped for JSONP when the query parameter named by `jsonp callback name`
   * (default `callback`) holds a callback name (sanitised); with `nosniff`.
   */
  jsonp(body?: ResBody): this;
  /**
   * Content negotiation on Accept: runs the handler of the best match (setting its
   * Content-Type), the first when there is no Accept, `default` when nothing matches, else
   * `next()` with a 406 error. Adds `Accept` to Vary.
   */
  format(handlers: FormatHandlers): this;
  /** Sets Content-Disposition `attachment` (with the file name and its Content-Type when given). */
  attachment(filename?: string): this;
  /**
   * Sets a cookie (Set-Cookie appended): an object value is sent as `j:` + JSON; see
   * `CookieOptions`. Throws a TypeError for an invalid name, value or option.
   */
  cookie(name: string, value: unknown, options?: CookieOptions): this;
  /** Clears a cookie: empty value expiring in 1970; `expires` and `maxAge` are ignored. */
  clearCookie(name: string, options?: CookieOptions): this;
  /**
   * Streams a file (absolute `path`, or relative to `options.root` without leaving it) with
   * Content-Type by extension, ranges and conditional GET. `callback(err)` runs when done;
   * without one, errors go to `next(err)` and a directory to `next()`.
   */
  sendFile(path: string, callback?: TransferCallback): void;
  sendFile(path: string, options: SendFileOptions, callback?: TransferCallback): void;
  /** Streams a file as an attachment named `filename` (default: the file's name). */
  download(path: string, callback?: TransferCallback): void;
  download(path: string, filename: string, callback?: TransferCallback): void;
  download(path: string, options: DownloadOptions, callback?: TransferCallback): void;
  download(path: string, filename: string | null | undefined, options: DownloadOptions, callback?: TransferCallback): void;
  /**
   * Renders a view with `app.render` (res.locals and `locals` merged over app.locals) and
   * sends the HTML; with a callback, hands it the result instead. Errors go to `next(err)`.
   */
  render(view: string, callback?: RenderCallback): void;
  render(view: string, locals?: Record<string, unknown>, callback?: RenderCallback): void;
}
