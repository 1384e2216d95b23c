import { domainToASCII } from 'node:url';

/** `ScannedPath.flags` bit: the pathname has an ASCII upper-case letter. */
export const UPPER = 1;
/** `ScannedPath.flags` bit: the pathname has a character above U+007F. */
export const NON_ASCII = 2;
/** `ScannedPath.flags` bit: the pathname has a `%`. */
export const PERCENT = 4;
/** `ScannedPath.flags` counts the pathname's `/` in units of `SLASH`, above the bits: `flags >>> SLASH_SHIFT`. */
export const SLASH_SHIFT = 3;
const SLASH = 1 << SLASH_SHIFT;

/** A request pathname and its `pathFlags`. */
export interface ScannedPath {
  path: string;
  flags: number;
}

/** The parts of a request URL, as express's `parseurl` gives them. */
export interface UrlParts {
  /** The path, still percent-encoded; null when the URL has none (`''`, `?x`). */
  pathname: string | null;
  /** `?` and the query string, or null when the URL has no `?`. */
  search: string | null;
  /** The query string without its `?`, or null when the URL has no `?`. */
  query: string | null;
  /** `#` and the fragment, or null. */
  hash: string | null;
}

/**
 * Splits a request URL as express's `parseurl` does, with the same answers: an origin-form URL
 * (`/a/b?c`) in one scan, cut at its first `?`; anything else (absolute form, `*`, a `#` or
 * whitespace anywhere) by `parseTarget` below, which gives the answers of Node's legacy
 * `url.parse()` (what parseurl calls) and throws where it throws (a malformed host or auth).
 * The one request-URL parser of the webfw packages: the router, core's `req.path`/`req.query`
 * and static use it.
 */
export function parseUrl(url: string): UrlParts {
  if (url.charCodeAt(0) !== 0x2f /* / */) return parseTarget(url);
  let pathname = url;
  let search: string | null = null;
  for (let i = 1; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x3f /* ? */) {
      if (search === null) {
        pathname = url.substring(0, i);
        search = url.substring(i);
      }
    } else if (needsFullParse(c)) return parseTarget(url);
  }
  return { pathname, search, query: search === null ? null : search.substring(1), hash: null };
}

/** The characters that make `parseurl` hand an origin-form URL to the full parser: whitespace and `#`. */
function needsFullParse(c: number): boolean {
  return c <= 0x23 ? c === 0x20 || c === 0x23 || (c >= 0x09 && c <= 0x0d && c !== 0x0b) : c === 0xa0 || c === 0xfeff;
}

// ---------------------------------------------------------------------------------------------
// The full parser. parseurl hands every URL that is not a plain path to Node's legacy
// `url.parse()`, deprecated (DEP0169, printed from Node 24 on by any caller outside
// node_modules) and varying by version. What follows reproduces its pathname, search, query and
// hash, and its errors, rule by rule, without calling it; router.parse-url.test.ts checks it
// against parseurl on every node of the test matrix (checked on 20.20, 22.23, 24.21, 26.12).
// ---------------------------------------------------------------------------------------------

/** The node major whose `url.parse` is reproduced: the running one, the newest on a runtime that has none (workerd). */
const NODE_MAJOR = Number((process.versions?.node ?? '26').split('.')[0]);
/** Node 26 throws on a host whose port is not digits (`http://h:x/`); 20 to 24 move it into the path. */
const THROWS_ON_INVALID_PORT = NODE_MAJOR >= 26;
/** Node 20 ends a hostname at its first NUL once converted to ASCII; 22 on keep it (and so refuse it). */
const NUL_ENDS_HOSTNAME = NODE_MAJOR < 22;

/** Whitespace as the legacy parser trims it: controls, space, NBSP and BOM. */
function isTrimmed(c: number): boolean {
  return c < 0x21 || c === 0xa0 || c === 0xfeff;
}

/** A path-only target: `/` or `//` (not `///`), no `?` or whitespace, then an optional `?` and a query without whitespace. */
const PLAIN_PATH = /^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/;
/** A scheme and its colon. */
const SCHEME = /^[a-z0-9.+-]+:/i;
/** A `//user@host` target without a scheme, which still has a host. */
const AUTHORITY_WITH_USER = /^\/\/[^@/]+@[^@/]+/;
/** A trailing `:port` (digits, possibly none). */
const PORT = /:[0-9]*$/;
/** Characters a hostname must not have once converted to ASCII; the second set is for `[...]` (IPv6). */
const BAD_HOST = /[\0\t\n\r #%/:<>?@[\\\]^|]/;
const BAD_IPV6_HOST = /[\0\t\n\r #%/<>?@\\^|]/;
/** Schemes whose targets have no host and keep every character as it is. */
const isJavascript = (scheme: string | undefined): boolean => scheme === 'javascript:';
/** Schemes that always have a host (matched case-sensitively where the legacy parser does). */
const SLASHED = new Set(['http:', 'https:', 'ftp:', 'gopher:', 'file:', 'ws:', 'wss:']);

/** The characters the legacy parser percent-encodes in what follows the host. */
const ESCAPES: Readonly<Record<string, string>> = {
  '\t': '%09',
  '\n': '%0A',
  '\r': '%0D',
  ' ': '%20',
  '"': '%22',
  "'": '%27',
  '<': '%3C',
  '>': '%3E',
  '\\': '%5C',
  '^': '%5E',
  '`': '%60',
  '{': '%7B',
  '|': '%7C',
  '}': '%7D',
};
const ESCAPED = /[\t\n\r "'<>\\^`{|}]/g;

/** Node's `ERR_INVALID_URL`, as the legacy parser throws it for a host that cannot be one. */
function invalidUrl(url: string): TypeError {
  return Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL', input: url });
}

/**
 * The parts of a request target that is not a plain path, as Node's legacy parser (so
 * parseurl) gives them.
 */
function parseTarget(url: string): UrlParts {
  // 1. Trim whitespace; before the first `?` or `#`, `\` counts as `/`.
  let first = 0;
  let last = url.length;
  while (first < last && isTrimmed(url.charCodeAt(first))) first++;
  while (last > first && isTrimmed(url.charCodeAt(last - 1))) last--;
  let rest = url.slice(first, last);
  let split = rest.search(/[?#]/);
  if (split < 0) split = rest.length;
  if (rest.lastIndexOf('\\', split) >= 0) rest = rest.slice(0, split).replace(/\\/g, '/') + rest.slice(split);
  const hasHash = rest.includes('#', split);
  const hasAt = rest.lastIndexOf('@', split - 1) >= 0;

  // 2. A path and query without `#`, `@` or whitespace are taken as they are.
  if (!hasHash && !hasAt) {
    const plain = PLAIN_PATH.exec(rest);
    if (plain !== null) {
      const search = plain[2] ?? null;
      return { pathname: plain[1] as string, search, query: search === null ? null : search.slice(1), hash: null };
    }
  }

  // 3. The scheme (lower-cased, except where the host rule below reads it as written).
  let scheme: string | undefined;
  let schemeAsWritten: string | undefined;
  const schemeMatch = SCHEME.exec(rest);
  if (schemeMatch !== null) {
    schemeAsWritten = schemeMatch[0];
    scheme = schemeAsWritten.toLowerCase();
    rest = rest.slice(schemeAsWritten.length);
  }

  // 4. `//` starts a host after a scheme, or without one when a user is named (`//u@h`).
  let slashes = false;
  if (scheme !== undefined || AUTHORITY_WITH_USER.test(rest)) {
    slashes = rest.startsWith('//');
    if (slashes && !isJavascript(scheme)) rest = rest.slice(2);
  }

  // 5. The host: what comes before the first `/`, `?` or `#`, less the user before the last `@`.
  let hostname: string | null = null;
  if (!isJavascript(scheme) && (slashes || (schemeAsWritten !== undefined && !SLASHED.has(schemeAsWritten)))) {
    const host = takeHost(rest, url);
    rest = host.rest;
    hostname = host.hostname;
    if (host.user !== undefined) checkUser(host.user);
  }

  // 6. What follows: unsafe characters escaped, then cut at the first `#`, and at the first `?` before it.
  if (!isJavascript(scheme)) rest = rest.replace(ESCAPED, (c) => ESCAPES[c] as string);
  const hashAt = rest.indexOf('#');
  const hash = hashAt >= 0 ? rest.slice(hashAt) : null;
  const beforeHash = hashAt >= 0 ? rest.slice(0, hashAt) : rest;
  const queryAt = beforeHash.indexOf('?');
  const search = queryAt >= 0 ? beforeHash.slice(queryAt) : null;
  let pathname: string | null = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  if (pathname === '') pathname = null;
  if (pathname === null && hostname && scheme !== undefined && SLASHED.has(scheme)) pathname = '/';
  return { pathname, search, query: search === null ? null : search.slice(1), hash };
}

/**
 * Takes the authority off the front of `rest` (after `scheme://`): returns what follows it,
 * made a path where the host ended in characters a host cannot have, the hostname (only tested
 * for truth by the caller) and the decoded user part. Throws as the legacy parser does on a
 * malformed percent-escape in the user part or a host that is not one.
 */
function takeHost(target: string, url: string): { rest: string; hostname: string; user: string | undefined } {
  // Tabs and line breaks inside the authority are dropped; `/`, `?`, `#` end it; the last `@`
  // before that ends the user part; the first other character no host may hold (after it) ends the host.
  let rest = target;
  let at = -1;
  let hostEnd = -1;
  for (let i = 0; i < rest.length; i++) {
    const c = rest.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d) {
      rest = rest.slice(0, i) + rest.slice(i + 1);
      i--;
    } else if (c === 0x2f || c === 0x3f || c === 0x23) {
      if (hostEnd < 0) hostEnd = i;
      break;
    } else if (c === 0x40) {
      at = i;
      hostEnd = -1;
    } else if (hostEnd < 0 && ' "%\';<>\\^`{|}'.includes(rest[i] as string)) hostEnd = i;
  }
  const user = at >= 0 ? decodeURIComponent(rest.slice(0, at)) : undefined;
  let host = hostEnd < 0 ? rest.slice(at + 1) : rest.slice(at + 1, hostEnd);
  rest = hostEnd < 0 ? '' : rest.slice(hostEnd);

  const port = PORT.exec(host);
  if (port !== null) host = host.slice(0, host.length - port[0].length);
  let hostname = host;
  const ipv6 = hostname.startsWith('[') && hostname.endsWith(']');
  if (!ipv6) {
    // a host holding `:` (a port that is not digits) ends there; the rest joins the path
    const cut = hostname.search(/[/\\#?:]/);
    if (cut >= 0) {
      if (THROWS_ON_INVALID_PORT && hostname.charCodeAt(cut) === 0x3a) {
        throw Object.assign(new TypeError(`The argument 'url' ${url}. Received 'Invalid port in url'`), { code: 'ERR_INVALID_ARG_VALUE' });
      }
      rest = `/${hostname.slice(cut)}${rest}`;
      hostname = hostname.slice(0, cut);
    }
  }
  hostname = hostname.length > 255 ? '' : hostname.toLowerCase();
  if (hostname !== '') {
    if (ipv6) {
      if (BAD_IPV6_HOST.test(hostname)) throw invalidUrl(url);
    } else {
      hostname = hostToASCII(hostname);
      if (hostname === '' || BAD_HOST.test(hostname)) throw invalidUrl(url);
    }
  }
  if (ipv6) {
    hostname = hostname.slice(1, -1);
    if (!rest.startsWith('/')) rest = `/${rest}`;
  }
  return { rest, hostname, user };
}

/**
 * A hostname as the legacy parser's IDNA step gives it, as far as the caller needs it: '' when
 * it cannot be converted, else a string holding the same forbidden characters. That step
 * lower-cases ASCII labels and keeps them as they are (control characters, `[`, `]` included),
 * checks `xn--` labels and converts other labels to punycode. `domainToASCII` (node's WHATWG
 * host parser, on the same IDNA code) checks and converts each such label here, followed by a
 * label `x` so that no WHATWG-only rule applies (a last label that looks like an IPv4 number);
 * the control characters IDNA keeps like letters and the host parser refuses stand in as letters.
 */
function hostToASCII(hostname: string): string {
  const labels = hostname.split('.');
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] as string;
    if (/^[\0-\x7f]*$/.test(label) && !label.startsWith('xn--')) continue;
    const nul = label.indexOf('\0');
    const asLetters = label.replace(NUL_ENDS_HOSTNAME ? /[\0-\x1f\x7f]/g : /[\x01-\x1f\x7f]/g, 'a');
    const ascii = domainToASCII(`${asLetters}.x`);
    if (ascii === '') return '';
    // Node 20 returns the converted name up to its first NUL, which punycode puts after the label's ASCII characters
    labels[i] =
      nul >= 0
        ? `xn--${label
            .slice(0, nul)
            .replace(/[^\0-\x7f]/g, '')
            .toLowerCase()}\0`
        : ascii.slice(0, -2);
  }
  const ascii = labels.join('.');
  const nul = ascii.indexOf('\0');
  return NUL_ENDS_HOSTNAME && nul >= 0 ? ascii.slice(0, nul) : ascii;
}

/**
 * The legacy parser re-encodes the decoded user part when it formats the URL (after checking
 * the host, so this error comes after the host's), reading a
 * character from U+D800 to U+DFFF and the one after it as a pair: a string that ends inside
 * such a pair throws `ERR_INVALID_URI`.
 */
function checkUser(user: string): void {
  for (let i = 0; i < user.length; i++) {
    const c = user.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff && ++i >= user.length) throw Object.assign(new URIError('URI malformed'), { code: 'ERR_INVALID_URI' });
  }
}

/**
 * The pathname of a request URL with its `pathFlags`, or undefined when it has none or cannot
 * be parsed (router 2.x then answers 404). The router's hot path: an origin-form URL
 * (`/a/b?x`) is cut at `?` in the same pass that computes the flags; any other goes through
 * `parseUrl`, so the pathname is always `parseurl`'s.
 */
export function scanPathname(url: string | undefined): ScannedPath | undefined {
  if (typeof url !== 'string') return undefined;
  if (url.charCodeAt(0) !== 0x2f /* / */) return slowPathname(url);
  let flags = SLASH;
  let i = 1;
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c >= 0x5b /* [ */) {
      // lower-case letters and most punctuation: nothing to note up to U+007E
      if (c > 0x7e) {
        if (needsFullParse(c)) return slowPathname(url);
        if (c > 0x7f) flags |= NON_ASCII;
      }
    } else if (c >= 0x41 /* A */) flags |= UPPER;
    else if (c === 0x2f /* / */) flags += SLASH;
    else if (c === 0x3f /* ? */) break;
    else if (c === 0x25 /* % */) flags |= PERCENT;
    else if (needsFullParse(c)) return slowPathname(url);
  }
  // parseurl also hands a URL whose query has whitespace or `#` to the full parser
  for (let j = i + 1; j < url.length; j++) if (needsFullParse(url.charCodeAt(j))) return slowPathname(url);
  return { path: i === url.length ? url : url.slice(0, i), flags };
}

function slowPathname(url: string): ScannedPath | undefined {
  let pathname: string | null;
  try {
    pathname = parseTarget(url).pathname;
  } catch {
    return undefined;
  }
  return pathname == null ? undefined : { path: pathname, flags: pathFlags(pathname) };
}

/**
 * What the walk needs to know of a pathname, as bits: `UPPER` (an ASCII upper-case letter: it
 * must be lower-cased for case-insensitive matching), `NON_ASCII` (a character above U+007F:
 * no ASCII case folding) and `PERCENT` (a `%`: a parameter may hold a malformed escape); and
 * above them, its number of `/` (`flags >>> SLASH_SHIFT`: whole-path matchers of a fixed number
 * of segments reject the others without reading the path).
 */
export function pathFlags(path: string): number {
  let flags = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) flags |= UPPER;
    else if (c > 0x7f) flags |= NON_ASCII;
    else if (c === 0x25) flags |= PERCENT;
    else if (c === 0x2f) flags += SLASH;
  }
  return flags;
}

/** The number of `/` in `path`. */
export function countSlashes(path: string): number {
  return pathFlags(path) >>> SLASH_SHIFT;
}

/**
 * The `scheme://host` part of an absolute-form URL (kept in front of `req.url` while a mount
 * path is stripped), or '' for any other URL.
 */
export function getProtohost(url: string | undefined): string {
  if (typeof url !== 'string' || url.length === 0 || url.charCodeAt(0) === 0x2f) return '';
  const search = url.indexOf('?');
  const pathLength = search !== -1 ? search : url.length;
  const fqdn = url.substring(0, pathLength).indexOf('://');
  return fqdn !== -1 ? url.substring(0, url.indexOf('/', 3 + fqdn)) : '';
}
