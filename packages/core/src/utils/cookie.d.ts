/**
 * Types of cookie 0.7 (the version express 5 uses, for its exact validation and messages),
 * which ships none.
 */
declare module 'cookie' {
  /** Options of `serialize`: the Set-Cookie attributes and the value encoder. */
  export interface SerializeOptions {
    encode?: (value: string) => string;
    maxAge?: number;
    domain?: string;
    path?: string;
    expires?: Date;
    httpOnly?: boolean;
    secure?: boolean;
    partitioned?: boolean;
    priority?: string;
    sameSite?: boolean | string;
  }
  /**
   * Serializes a Set-Cookie value; throws a TypeError (`argument name is invalid`,
   * `option domain is invalid`...) for anything that cannot be sent.
   */
  export function serialize(name: string, value: string, options?: SerializeOptions): string;
  /** Parses a Cookie header into name/value pairs. */
  export function parse(header: string, options?: { decode?: (value: string) => string }): Record<string, string | undefined>;
}
