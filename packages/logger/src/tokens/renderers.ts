import { basicAuthUser } from './basic-auth';
import { clfNow, fractionDigits, isoNow, webNow } from './clock';
import { titleCase, writtenHeader } from './header-timing';
import { cleaner, type Cleaner } from './sanitize';
import { builtIns, httpVersion, pid, tokens, unwrapToken } from './registry';
import type { LoggedRequest, LoggedResponse, TokenFunction } from '../types';

/** A token's final text in a line for one request: escaped, `-` when it has no value. */
export type Renderer = (req: LoggedRequest, res: LoggedResponse) => string;

/** Makes the renderer of a token for its `[arg]`, or the fixed text it always prints. */
type Binder = (arg: string | undefined) => Renderer | string;

const DASH = '-';

/** Renderers whose text is usually a few characters (`-`, a status, a method, a number). */
const shortRenderers = new WeakSet<Renderer>();

/** Whether `renderer` usually prints a few characters (see `generate` in ../compile.ts). */
export function isShort(renderer: Renderer): boolean {
  return shortRenderers.has(renderer);
}

/** Marks the renderers a binder makes as usually short. */
function short(binder: Binder): Binder {
  return (arg) => {
    const part = binder(arg);
    if (typeof part !== 'string') shortRenderers.add(part);
    return part;
  };
}

/** Header names whose values are usually a few characters. */
const SHORT_HEADERS = new Set(['content-length', 'age', 'dnt']);

/**
 * A token value's text in a line: `-` when falsy (as morgan's `value || "-"`), else the value
 * as string concatenation converts it, escaped.
 */
export function textOf(value: unknown, clean: Cleaner): string {
  if (typeof value === 'string') return value === '' ? DASH : clean(value);
  return value ? clean('' + (value as string)) : DASH;
}

/** A header value's text: `-` when absent or empty, a list joined with `, `. */
function headerOf(value: unknown, clean: Cleaner): string {
  if (typeof value === 'string') return value === '' ? DASH : clean(value);
  if (typeof value === 'number') return value ? String(value) : DASH;
  return textOf(Array.isArray(value) ? value.join(', ') : value, clean);
}

/** `:response-time` / `:total-time` renderers for a `[digits]` argument. */
function elapsedBinder(toEnd: boolean): Binder {
  return (digits) => {
    const fraction = fractionDigits(digits);
    if (fraction < 0) return DASH;
    return (req, res) => {
      const from = req._startAt;
      let to = res._startAt;
      if (!from || !to) return DASH;
      if (toEnd) to = process.hrtime();
      return ((to[0] - from[0]) * 1e3 + (to[1] - from[1]) * 1e-6).toFixed(fraction);
    };
  };
}

/**
 * The line builder's version of each built-in token: same text as the token function gives
 * a line, but with the argument handled once when the format is compiled, no per-value
 * scan for characters to escape in values seen clean just before, and `-` returned directly.
 */
const binders: Record<string, Binder> = {
  date: (format) => {
    switch (format || 'web') {
      case 'web':
        return webNow;
      case 'clf':
        return clfNow;
      case 'iso':
        return isoNow;
      default:
        return DASH;
    }
  },
  'http-version': short(() => {
    const clean = cleaner();
    return (req) => {
      const version = httpVersion(req);
      return version === '1.1' || version === '1.0' ? version : clean(version);
    };
  }),
  method: short(() => {
    const clean = cleaner();
    return (req) => textOf(req.method, clean);
  }),
  pid: () => pid,
  referrer: () => {
    const clean = cleaner();
    return (req) => headerOf(req.headers.referer || req.headers.referrer, clean);
  },
  'remote-addr': () => {
    const clean = cleaner();
    return (req) => textOf(req.ip || req._remoteAddress || req.socket?.remoteAddress, clean);
  },
  'remote-user': short(() => {
    const clean = cleaner();
    return (req) => {
      const header = req.headers.authorization;
      if (!header) return DASH;
      return textOf(basicAuthUser(header), clean);
    };
  }),
  req: (field) => {
    if (field === undefined) return DASH;
    const name = field.toLowerCase();
    const clean = cleaner();
    const render: Renderer = (req) => headerOf(req.headers[name], clean);
    if (SHORT_HEADERS.has(name)) shortRenderers.add(render);
    return render;
  },
  res: (field) => {
    if (field === undefined) return DASH;
    const name = field.toLowerCase();
    const title = titleCase(name);
    const clean = cleaner();
    const render: Renderer = (_req, res) => (res.headersSent ? headerOf(writtenHeader(res, name, title), clean) : DASH);
    if (SHORT_HEADERS.has(name)) shortRenderers.add(render);
    return render;
  },
  'response-time': short(elapsedBinder(false)),
  status: short(() => (_req, res) => (res.headersSent ? String(res.statusCode) : DASH)),
  'total-time': short(elapsedBinder(true)),
  url: () => {
    const clean = cleaner();
    return (req) => textOf(req.originalUrl || req.url, clean);
  },
  'user-agent': () => {
    const clean = cleaner();
    return (req) => headerOf(req.headers['user-agent'], clean);
  },
};

/** Built-in token function -> its binder (by function, so a built-in under another name is fast too). */
const builtInBinders = new Map<unknown, Binder>();
for (const name of Object.keys(binders)) builtInBinders.set(builtIns[name]!, binders[name]!);

/**
 * The renderer of a token function defined with `logger.token()`: its value, called as
 * morgan calls it (`this` the tokens, `(req, res)` or `(req, res, arg)`), `-` when it returns
 * nothing or throws, escaped once (a string as morgan's token wrapper escapes it; any other
 * value too, once converted, where morgan would write it as it is).
 */
function userRenderer(fn: TokenFunction<LoggedRequest, LoggedResponse>, arg: string | undefined): Renderer {
  const clean = cleaner();
  const call = fn as (this: unknown, ...args: unknown[]) => unknown;
  if (arg === undefined) {
    return (req, res) => {
      try {
        return textOf(call.call(tokens, req, res), clean);
      } catch {
        return DASH;
      }
    };
  }
  return (req, res) => {
    try {
      return textOf(call.call(tokens, req, res, arg), clean);
    } catch {
      return DASH;
    }
  };
}

/**
 * What `:name[arg]` prints for a registry entry `fn` (undefined for an unknown token): the
 * fixed text when it is always the same (`-` for an unknown token), else its renderer. The
 * built-in tokens, as defined at load, get their fast renderers; any other function is
 * called as it was defined (unwrapped from the registry's escaping wrapper: the renderer
 * escapes).
 */
export function bindToken(fn: unknown, arg: string | undefined): Renderer | string {
  if (typeof fn !== 'function') return DASH;
  const inner = unwrapToken(fn);
  const binder = builtInBinders.get(inner);
  return binder ? binder(arg) : userRenderer(inner as TokenFunction<LoggedRequest, LoggedResponse>, arg);
}
