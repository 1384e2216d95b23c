import { basicAuthUser } from './basic-auth';
import { clfNow, fractionDigits, isoNow, webNow } from './clock';
import { titleCase, writtenHeader } from './header-timing';
import { cleaner, type Cleaner } from './sanitize';
import { builtIns, httpVersion } from './tokens';
import type { LoggedRequest, LoggedResponse, TokenFunction } from './types';

/** A token's final text in a line for one request: escaped, `-` when it has no value. */
export type Renderer = (req: LoggedRequest, res: LoggedResponse) => string;

/** Makes the renderer of a token for its `[arg]`, or the fixed text it always prints. */
type Binder = (arg: string | undefined) => Renderer | string;

const DASH = '-';

/** Renderers whose text is usually a few characters (`-`, a status, a method, a number). */
const shortRenderers = new WeakSet<Renderer>();

/** Whether `renderer` usually prints a few characters (see `generate` in compile.ts). */
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

/** A value's text: `-` when falsy, else the (escaped) string. */
function textOf(value: unknown, clean: Cleaner): string {
  if (typeof value === 'string') return value === '' ? DASH : clean(value);
  return value ? clean(String(value)) : DASH;
}

/** A header value's text: `-` when absent or empty, arrays joined with `, `. */
function headerOf(value: unknown, clean: Cleaner): string {
  if (typeof value === 'string') return value === '' ? DASH : clean(value);
  if (value === undefined || value === null) return DASH;
  if (typeof value === 'number') return String(value);
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  return text === '' ? DASH : clean(text);
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
 * control-character scan for values seen clean just before, and `-` returned directly.
 */
const binders: Record<string, Binder> = {
  date: (format) => {
    switch (format ?? 'web') {
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
  'http-version': short(() => httpVersion),
  method: short(() => {
    const clean = cleaner();
    return (req) => textOf(req.method, clean);
  }),
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
const builtInBinders = new Map<TokenFunction<never, never>, Binder>();
for (const name of Object.keys(binders)) builtInBinders.set(builtIns[name]!, binders[name]!);

/**
 * The renderer of a token function defined with `logger.token()`: its value, `-` when it
 * returns nothing or throws, control characters always escaped.
 */
function userRenderer(fn: TokenFunction<LoggedRequest, LoggedResponse>, arg: string | undefined): Renderer {
  const clean = cleaner();
  return (req, res) => {
    let value: unknown;
    try {
      value = fn(req, res, arg);
    } catch {
      return DASH;
    }
    if (!value) return DASH;
    return clean(typeof value === 'string' ? value : String(value));
  };
}

/**
 * What `:name[arg]` prints for a token function `fn` (undefined for an unknown token): the
 * fixed text when it is always the same (`-` for an unknown token), else its renderer.
 */
export function bindToken(fn: unknown, arg: string | undefined): Renderer | string {
  if (typeof fn !== 'function') return DASH;
  const binder = builtInBinders.get(fn as TokenFunction<never, never>);
  return binder ? binder(arg) : userRenderer(fn as TokenFunction<LoggedRequest, LoggedResponse>, arg);
}
