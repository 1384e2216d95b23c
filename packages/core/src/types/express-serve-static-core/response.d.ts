/**
 * webfw's types under `express-serve-static-core` (see params.d.ts): the response, its
 * cookie and file options. Names, type parameters and defaults are
 * @types/express-serve-static-core 5.x's.
 */
/// <reference types="node" />
/// <reference path="./params.d.ts" />
declare module 'express-serve-static-core' {
  import type { ServerResponse } from 'node:http';

  /** The members of every `res.locals` and `app.locals`: the global `Express.Locals`. */
  export interface Locals extends Express.Locals {}

  /** Options of `res.cookie` and `res.clearCookie`. */
  export interface CookieOptions {
    /** Expiry relative to now, in milliseconds (`Max-Age` in seconds, and `Expires`). */
    maxAge?: number | undefined;
    /** Sign the value with `req.secret` (cookie-parser's). */
    signed?: boolean | undefined;
    /** Absolute expiry date; a session cookie without it. */
    expires?: Date | undefined;
    /** `HttpOnly`. */
    httpOnly?: boolean | undefined;
    /** `Path` (default `/`). */
    path?: string | undefined;
    /** `Domain`. */
    domain?: string | undefined;
    /** `Secure`. */
    secure?: boolean | undefined;
    /** Encodes the value (default `encodeURIComponent`). */
    encode?: ((val: string) => string) | undefined;
    /** `SameSite`: true is `Strict`. */
    sameSite?: boolean | 'lax' | 'strict' | 'none' | undefined;
    /** `Priority`. */
    priority?: 'low' | 'medium' | 'high';
    /** `Partitioned`. */
    partitioned?: boolean | undefined;
  }

  /** A callback receiving an error, or nothing on success. */
  export type Errback = (err?: Error) => void;

  /** The type of `res.send`, `res.json` and `res.jsonp`. */
  export type Send<ResBody = any, T = Response<ResBody>> = (body?: ResBody) => T;

  /** Options of the file transfer (send's) behind `res.sendFile` and `res.download`. */
  interface SendOptions {
    /** Accept ranged requests (default true). */
    acceptRanges?: boolean | undefined;
    /** Send Cache-Control (default true). */
    cacheControl?: boolean | undefined;
    /** `allow`, `deny` or `ignore` (default) requests for dotfiles. */
    dotfiles?: 'allow' | 'deny' | 'ignore' | undefined;
    /** Last byte to send (inclusive). */
    end?: number | undefined;
    /** Send an ETag (default true). */
    etag?: boolean | undefined;
    /** Extensions tried when the file has none. */
    extensions?: string[] | string | boolean | undefined;
    /** Add `immutable` to Cache-Control. */
    immutable?: boolean | undefined;
    /** Directory index file(s). */
    index?: string[] | string | boolean | undefined;
    /** Send Last-Modified (default true). */
    lastModified?: boolean | undefined;
    /** Cache-Control max-age in milliseconds, or a string such as `'1d'`. */
    maxAge?: string | number | undefined;
    /** Directory that relative paths are resolved in (and may not leave). */
    root?: string | undefined;
    /** First byte to send. */
    start?: number | undefined;
  }

  /** Options of `res.sendFile`. */
  export interface SendFileOptions extends SendOptions {
    /** Headers to send with the file. */
    headers?: Record<string, unknown>;
  }

  /** Options of `res.download`. */
  export interface DownloadOptions extends SendOptions {
    /** Headers to send with the file (Content-Disposition is always the attachment's). */
    headers?: Record<string, unknown>;
  }

  /**
   * The response object handed to middleware: node's `ServerResponse` with express 5's
   * methods, and whatever the global `Express.Response` adds. `ResBody` types what `res.json`
   * and `res.send` accept, `LocalsObj` `res.locals`, `StatusCode` the codes `res.status` takes.
   */
  export interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number>
    extends ServerResponse, Express.Response {
    /** Sets the status code; chainable. Throws for a code that is not an integer in 100..999. */
    status(code: StatusCode): this;
    /** Sets the status and sends its reason phrase as text/plain. */
    sendStatus(code: StatusCode): this;
    /** Appends `<url>; rel="name"` entries to the Link header. */
    links(links: any): this;
    /**
     * Sends a response: a string as text/html (unless typed), a Buffer as octet-stream, an
     * object as JSON; sets Content-Length and an ETag, answers 304 when fresh.
     */
    send: Send<ResBody, this>;
    /** Sends JSON (`json replacer`, `json spaces`, `json escape` settings). */
    json: Send<ResBody, this>;
    /** Sends JSON wrapped for JSONP when the `callback` query parameter names a function. */
    jsonp: Send<ResBody, this>;
    /** Streams a file (absolute, or relative to `options.root`); `fn(err)` runs when done. */
    sendFile(path: string, fn?: Errback): void;
    sendFile(path: string, options: SendFileOptions, fn?: Errback): void;
    /** Streams a file as an attachment named `filename` (default: the file's name). */
    download(path: string, fn?: Errback): void;
    download(path: string, filename: string, fn?: Errback): void;
    download(path: string, filename: string, options: DownloadOptions, fn?: Errback): void;
    /** Alias of `res.type`. */
    contentType(type: string): this;
    /** Sets Content-Type from a MIME type or an extension (`'html'`, `'.json'`). */
    type(type: string): this;
    /** Content negotiation on Accept: runs the handler of the best match, `default`, or `next` with a 406. */
    format(obj: any): this;
    /** Sets Content-Disposition `attachment` (with the file name and its Content-Type when given). */
    attachment(filename?: string): this;
    /** Sets one header, or every header of an object; a Content-Type gains its charset. */
    set(field: any): this;
    set(field: string, value?: string | string[]): this;
    /** Alias of `res.set`. */
    header(field: any): this;
    header(field: string, value?: string | string[]): this;
    /** Whether the head has been sent. */
    headersSent: boolean;
    /** A response header (case-insensitive name). */
    get(field: string): string | undefined;
    /** Clears a cookie (an empty value expiring in 1970). */
    clearCookie(name: string, options?: CookieOptions): this;
    /** Sets a cookie: an object value is sent as `j:` + JSON. */
    cookie(name: string, val: string, options: CookieOptions): this;
    cookie(name: string, val: any, options: CookieOptions): this;
    cookie(name: string, val: any): this;
    /** Sets Location, percent-encoding what is not already encoded. */
    location(url: string): this;
    /** Redirects with 302 (or `status`), with a short body per Accept. */
    redirect(url: string): void;
    redirect(status: number, url: string): void;
    /** Renders a view and sends it; with a callback, hands it the result instead. */
    render(view: string, options?: object, callback?: (err: Error, html: string) => void): void;
    render(view: string, callback?: (err: Error, html: string) => void): void;
    /** Template variables of this request only, merged over `app.locals` by `res.render`. */
    locals: LocalsObj & Locals;
    /** The charset of the body (`utf-8`). */
    charset: string;
    /** Adds a field to Vary unless already listed. */
    vary(field: string): this;
    /** The app handling the request; the same as `req.app`. */
    app: Application;
    /** Appends to a header (creating it). */
    append(field: string, value?: string[] | string): this;
    /** The request of this response. */
    req: Request;
  }
}
