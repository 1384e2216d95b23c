/**
 * The request-URL parser static shares with the router: `parseUrl` (parseurl's answers, without
 * Node's deprecated `url.parse()`) from the router's source, packages/router/src/path/url.ts.
 *
 * It is compiled into this package's build rather than imported from `@webfw/router`: static
 * needs this one function, and depending on the router package (with path-to-regexp in two
 * versions) would make installing static alone heavier than serve-static, which it replaces
 * (docs/releasing.md, "Footprint"). So a change to packages/router/src/path/url.ts comes with a
 * changeset for `@webfw/static` as well as `@webfw/router`.
 */
export { parseUrl, type UrlParts } from '../../router/src/path/url';

/** A middleware's `next`, as the router (and express) types it. */
export type NextFunction = (err?: unknown) => void;
