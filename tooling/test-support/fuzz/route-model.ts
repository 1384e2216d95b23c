/**
 * A reference model of express 5 routing (router 2.x over path-to-regexp 8.x) for the route
 * tables the router property generates: literal segments, `:param`, `*splat`, an optional
 * trailing `{/:param}`, mounted routers with `caseSensitive`, `strict` and `mergeParams`. It
 * predicts which handler answers a request and with which `req.params`, `req.url` and
 * `req.baseUrl`, or the error or 404 the app answers instead. Written from the documented
 * behaviour, independently of the code under test.
 */
import fc from 'fast-check';

/** A segment of a generated path pattern. */
export type Segment =
  { kind: 'literal'; text: string } | { kind: 'param'; name: string } | { kind: 'splat'; name: string } | { kind: 'optional'; name: string };

/** Router options the model follows. */
export interface RouterFlags {
  caseSensitive: boolean;
  strict: boolean;
  mergeParams: boolean;
}

/** A route (`router[method](path, handler)`) answering with its `id`. */
export interface RouteEntry {
  kind: 'route';
  id: string;
  method: 'get' | 'post' | 'all';
  segments: Segment[];
}

/** A router mounted with `router.use(path, child)`. */
export interface MountEntry {
  kind: 'mount';
  id: string;
  segments: Segment[];
  flags: RouterFlags;
  children: Entry[];
}

export type Entry = RouteEntry | MountEntry;

/** The app: its own routing flags (settings) and its entries in order. */
export interface Table {
  flags: Omit<RouterFlags, 'mergeParams'>;
  entries: Entry[];
}

/** What the app answers: a handler with what it saw, an error (status and message), or the 404 of the catch-all. */
export type Answer =
  | { status: 200; body: { id: string; params: Record<string, string | string[]>; url: string; baseUrl: string } }
  | { status: number; body: { error: string } }
  | { status: 404; body: { id: 'none' } };

/** The path pattern of `segments` as a route or mount path string (`'/'` for none). */
export function pattern(segments: readonly Segment[]): string {
  if (segments.length === 0) return '/';
  return segments
    .map((s) => {
      switch (s.kind) {
        case 'literal':
          return `/${s.text}`;
        case 'param':
          return `/:${s.name}`;
        case 'splat':
          return `/*${s.name}`;
        case 'optional':
          return `{/:${s.name}}`;
      }
    })
    .join('');
}

const escapeRe = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The RegExp path-to-regexp 8 builds for `segments` (`end`: routes; mounts match a prefix). */
function regexOf(segments: readonly Segment[], end: boolean, flags: Omit<RouterFlags, 'mergeParams'>): RegExp {
  let source = '^';
  if (segments.length === 0) source += '\\/';
  for (const s of segments) {
    if (s.kind === 'literal') source += `\\/${escapeRe(s.text)}`;
    else if (s.kind === 'param') source += '\\/([^\\/]+)';
    else if (s.kind === 'splat') source += '\\/([\\s\\S]+)';
    else source += '(?:\\/([^\\/]+))?';
  }
  if (!flags.strict) source += '(?:\\/$)?';
  source += end ? '$' : '(?=\\/|$)';
  return new RegExp(source, flags.caseSensitive ? '' : 'i');
}

class DecodeError extends Error {
  readonly status = 400;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new DecodeError(`Failed to decode param '${value}'`);
  }
}

/** Matches `path` against `segments`: null, or the matched part and the decoded params (throws {@link DecodeError}). */
function match(
  segments: readonly Segment[],
  path: string,
  end: boolean,
  flags: Omit<RouterFlags, 'mergeParams'>,
): { matched: string; params: Record<string, string | string[]> } | null {
  const m = regexOf(segments, end, flags).exec(path);
  if (m === null) return null;
  const params: Record<string, string | string[]> = {};
  let group = 1;
  for (const s of segments) {
    if (s.kind === 'literal') continue;
    const value = m[group++];
    if (value === undefined) continue;
    params[s.name] = s.kind === 'splat' ? value.split('/').map(decode) : decode(value);
  }
  return { matched: m[0], params };
}

interface Context {
  path: string;
  query: string;
  baseUrl: string;
  params: Record<string, string | string[]> | undefined;
}

type Walk = { answered: Answer } | { error: { status: number; message: string } } | null;

function walk(entries: readonly Entry[], method: string, ctx: Context, flags: RouterFlags): Walk {
  let error: { status: number; message: string } | null = null;
  for (const entry of entries) {
    let found: ReturnType<typeof match>;
    try {
      // a router mounted on '/' takes every path and strips nothing
      found =
        entry.kind === 'mount' && entry.segments.length === 0 ? { matched: '', params: {} } : match(entry.segments, ctx.path, entry.kind === 'route', flags);
    } catch (err) {
      error ??= { status: (err as DecodeError).status, message: (err as Error).message };
      continue;
    }
    if (found === null || error !== null) continue;
    const params = flags.mergeParams && ctx.params !== undefined ? { ...ctx.params, ...found.params } : found.params;
    if (entry.kind === 'route') {
      if (entry.method !== 'all' && entry.method.toUpperCase() !== method) continue;
      return { answered: { status: 200, body: { id: entry.id, params, url: ctx.path + ctx.query, baseUrl: ctx.baseUrl } } };
    }
    const removed = found.matched;
    let rest = ctx.path.slice(removed.length);
    if (!rest.startsWith('/')) rest = `/${rest}`;
    const baseUrl = ctx.baseUrl + (removed.endsWith('/') ? removed.slice(0, -1) : removed);
    const inner = walk(entry.children, method, { path: rest, query: ctx.query, baseUrl, params }, entry.flags);
    if (inner === null) continue;
    if ('answered' in inner) return inner;
    error = inner.error;
  }
  return error === null ? null : { error };
}

/** What the app built from `table` answers to `method url` (a path with an optional `?query`, no `#`). */
export function predict(table: Table, method: string, url: string): Answer {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q);
  const result = walk(table.entries, method, { path, query, baseUrl: '', params: undefined }, { ...table.flags, mergeParams: false });
  if (result === null) return { status: 404, body: { id: 'none' } };
  if ('answered' in result) return result.answered;
  return { status: result.error.status, body: { error: result.error.message } };
}

/* ----- generators ----- */

/** Literal segments of generated patterns (requests use them in other cases too). */
export const LITERALS = ['a', 'b', 'ab', 'Users', 'x-y', 'v1.0', 'ä'] as const;

const literal = fc.constantFrom(...LITERALS).map((text): Segment => ({ kind: 'literal', text }));

/** A path pattern: literals and params, then maybe a splat or an optional param (names unique in the path). */
function segmentsArb(allowTail: boolean, prefix: string): fc.Arbitrary<Segment[]> {
  return fc
    .tuple(
      fc.array(fc.oneof({ weight: 3, arbitrary: literal }, { weight: 2, arbitrary: fc.constant<Segment>({ kind: 'param', name: '' }) }), { maxLength: 3 }),
      allowTail ? fc.constantFrom<'none' | 'splat' | 'optional'>('none', 'none', 'splat', 'optional') : fc.constant('none' as const),
    )
    .map(([body, tail]) => {
      const out = body.map((s, i): Segment => (s.kind === 'param' ? { kind: 'param', name: `${prefix}${i}` } : s));
      if (tail === 'splat') out.push({ kind: 'splat', name: `${prefix}rest` });
      if (tail === 'optional') out.push({ kind: 'optional', name: `${prefix}opt` });
      return out;
    });
}

const flagsArb: fc.Arbitrary<RouterFlags> = fc.record({ caseSensitive: fc.boolean(), strict: fc.boolean(), mergeParams: fc.boolean() });

/** A route table of up to `maxEntries` entries per router, routers nested up to `depth`; mount params may share names with their children's. */
export function tableArb(maxEntries = 5, depth = 2): fc.Arbitrary<Table> {
  let next = 0;
  const entries = (level: number): fc.Arbitrary<Entry[]> =>
    fc.array(
      level < depth
        ? fc.oneof(
            {
              weight: 3,
              arbitrary: fc
                .tuple(fc.constantFrom<'get' | 'post' | 'all'>('get', 'get', 'post', 'all'), segmentsArb(true, level % 2 === 0 ? 'p' : 'q'))
                .map(([method, segments]): Entry => ({ kind: 'route', id: '', method, segments })),
            },
            {
              weight: 1,
              arbitrary: fc
                .tuple(segmentsArb(false, 'm'), flagsArb, entries(level + 1))
                .map(([segments, flags, children]): Entry => ({ kind: 'mount', id: '', segments, flags, children })),
            },
          )
        : fc
            .tuple(fc.constantFrom<'get' | 'post' | 'all'>('get', 'post', 'all'), segmentsArb(true, 'p'))
            .map(([method, segments]): Entry => ({ kind: 'route', id: '', method, segments })),
      { maxLength: maxEntries },
    );
  return fc.tuple(fc.record({ caseSensitive: fc.boolean(), strict: fc.boolean() }), entries(0)).map(([flags, list]) => {
    next = 0;
    const name = (items: Entry[]): void => {
      for (const e of items) {
        e.id = `${e.kind === 'route' ? 'r' : 'm'}${next++}`;
        if (e.kind === 'mount') name(e.children);
      }
    };
    name(list);
    return { flags, entries: list };
  });
}

/** A URL path segment: a literal in any case, a value, an escape (valid, encoded slash, malformed), empty, dots, or a long run. */
const urlSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...LITERALS).map((t) => encodeURI(t)) },
  { weight: 2, arbitrary: fc.constantFrom(...LITERALS).map((t) => encodeURI(t.toUpperCase())) },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,8}$/) },
  { weight: 2, arbitrary: fc.constantFrom('%41', '%2F', '%2f', '%25', '%zz', '%', '%E9', '%C3%A9', '%F0%9F', '%00', 'a%20b', '%2e%2e', '%u0041') },
  { weight: 1, arbitrary: fc.constantFrom('', '.', '..', '...') },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 3000 }).map((n) => 'x'.repeat(n)) },
);

/** A request URL: `/`-joined segments, maybe a trailing slash and a query; sometimes very long (past node's 16 KiB header limit). */
export const urlArb: fc.Arbitrary<string> = fc
  .tuple(fc.array(urlSegment, { maxLength: 6 }), fc.boolean(), fc.option(fc.constantFrom('?x=1', '?', '?a=%zz&b', '?/a/b'), { nil: undefined }), fc.nat(60))
  .map(
    ([segments, slash, query, huge]) =>
      `/${segments.join('/')}${slash && segments.length > 0 ? '/' : ''}${query ?? ''}${huge === 0 ? `&${'y'.repeat(20000)}` : ''}`,
  );

/** Every full pattern of `table`: the segments from the app down to each route, through its mounts. */
function routePaths(entries: readonly Entry[], prefix: Segment[] = []): Segment[][] {
  const out: Segment[][] = [];
  for (const e of entries) {
    if (e.kind === 'route') out.push([...prefix, ...e.segments]);
    else out.push(...routePaths(e.children, [...prefix, ...e.segments]));
  }
  return out;
}

/** A value for a param: a word, an escape (valid or malformed), dots. */
const paramValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,8}$/) },
  { weight: 2, arbitrary: fc.constantFrom('%41', '%2F', '%25', '%zz', '%', '%E9', '%C3%A9', 'a%20b', '%2e%2e', '..', '.') },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 3000 }).map((n) => 'v'.repeat(n)) },
);

/** A URL aimed at one of `table`'s routes: its pattern filled in (literals maybe in another case), maybe a trailing slash and a query. */
export function targetedUrlArb(table: Table): fc.Arbitrary<string> {
  const paths = routePaths(table.entries);
  if (paths.length === 0) return urlArb;
  return fc
    .tuple(
      fc.constantFrom(...paths),
      fc.infiniteStream(fc.tuple(paramValue, fc.nat(9), fc.array(paramValue, { minLength: 1, maxLength: 3 }))),
      fc.boolean(),
      fc.option(fc.constantFrom('?x=1', '?a=%zz'), { nil: undefined }),
    )
    .map(([segments, values, slash, query]) => {
      const it = values[Symbol.iterator]();
      let url = '';
      for (const s of segments) {
        const [value, coin, many] = it.next().value as [string, number, string[]];
        if (s.kind === 'literal') url += `/${encodeURI(coin === 0 ? s.text.toUpperCase() : coin === 1 ? s.text.toLowerCase() : s.text)}`;
        else if (s.kind === 'param') url += `/${value}`;
        else if (s.kind === 'splat') url += `/${many.join('/')}`;
        else if (coin % 2 === 0) url += `/${value}`;
      }
      return `${url === '' ? '/' : url}${slash ? '/' : ''}${query ?? ''}`;
    });
}

/** One to eight requests against `table`: a method of `methods` each, mostly URLs aimed at its routes. */
export function requestsArb(table: Table, methods: readonly string[]): fc.Arbitrary<Array<[string, string]>> {
  return fc.array(fc.tuple(fc.constantFrom(...methods), fc.oneof({ weight: 3, arbitrary: targetedUrlArb(table) }, { weight: 1, arbitrary: urlArb })), {
    minLength: 1,
    maxLength: 8,
  });
}
