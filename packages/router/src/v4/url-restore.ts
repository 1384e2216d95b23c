import { RouterRun } from '../router-run';

/**
 * 4.x: after a mounted middleware calls `next`, the slash the mount added in front of its
 * `req.url` is always removed, as router 1.x does, even when that middleware rewrote the URL
 * (5.x keeps the slash of a rewritten URL under a mount path without a trailing slash, so
 * `/foo` + a rewritten `/bar` is restored as `/foo/bar` there, `/foobar` here).
 */
export class RouterRunV4 extends RouterRun {
  protected override removeAddedSlash(url: string): string {
    return url.slice(1);
  }
}
