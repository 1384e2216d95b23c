import type { ServerResponse } from 'node:http';
import type sendV0 from 'send-v0';
import type { DotfilesPolicy, ServeStaticOptions as ServeStaticOptions5 } from '../options';
import type { StaticEngine } from '../serve-static';

/**
 * Options of the 4.x entry: serve-static 1.x's, which are the 5.x entry's with another
 * `dotfiles` default and the legacy `hidden` flag.
 */
export interface ServeStaticOptions<Res extends ServerResponse = ServerResponse> extends ServeStaticOptions5<Res> {
  /**
   * `allow`, `deny` (403) or `ignore` (as if missing). Default: none, which ignores a path whose
   * last segment begins with `.` (`/.env`, `/.hidden/`) but serves files inside a dot directory
   * (`/.well-known/security.txt`); with `hidden: true` dotfiles are allowed. Typed `string` as on
   * @types/serve-static; any other value throws a TypeError when the middleware is created.
   */
  dotfiles?: string | undefined;
  /**
   * Serve dotfiles (`true`) or ignore them (`false`) when `dotfiles` is not set.
   * @deprecated send prints `send deprecated hidden: use dotfiles: 'allow' instead` (or `'ignore'`).
   */
  hidden?: boolean | undefined;
}

/**
 * The dotfile options handed to send 0.19, which implements the 4.x rules itself: `dotfiles`
 * as given (left unset, send applies its legacy rule above), and `hidden` when given (send then
 * prints its deprecation warning, once per call site, when the first request is served).
 */
export function dotfilesSendOptions<Res extends ServerResponse>(options: ServeStaticOptions<Res> | undefined): Pick<sendV0.SendOptions, 'dotfiles' | 'hidden'> {
  const opts: ServeStaticOptions<Res> = options ?? {};
  // resolveOptions has checked `dotfiles` (one of the three policies, or unset)
  const dotfiles = opts.dotfiles as DotfilesPolicy | undefined;
  return opts.hidden === undefined ? { dotfiles } : { dotfiles, hidden: opts.hidden };
}

/**
 * The engine for `options`: `engine` itself, or, when `hidden` is given, `engine` without the
 * small-file fast path, so every request is handed to send 0.19 and its deprecation warning comes
 * with the first request whatever it asks for, as with serve-static 1.x.
 */
export function dotfilesEngine<Res extends ServerResponse>(engine: StaticEngine, options: ServeStaticOptions<Res> | undefined): StaticEngine {
  return options?.hidden === undefined ? engine : { ...engine, fastPath: false };
}
