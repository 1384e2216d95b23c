import { statSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, resolve } from 'node:path';

/** A template engine's render entry point: `(path, options, callback(err, html))`. */
export type EngineFunction = (path: string, options: object, callback: (err: unknown, html?: string) => void) => void;

/** Options of a view: the default engine extension, the root(s) searched and the engine cache. */
export interface ViewOptions {
  /** Extension (with or without dot) used when the view name has none. */
  defaultEngine?: string;
  /** Directory, or directories searched in order, of the views. */
  root: string | string[];
  /** Engines by extension (with dot); a loaded engine is stored here. */
  engines: Record<string, EngineFunction>;
}

/** The constructor stored as the `view` setting; replace it to customise lookup. */
export interface ViewConstructor {
  new (name: string, options: ViewOptions): ViewLike;
}

/** What `app.render` needs of a view. */
export interface ViewLike {
  /** Resolved file path, or undefined when the view was not found. */
  path?: string;
  /** The root(s) searched. */
  root: string | string[];
  /** Renders the view with `options` into `callback(err, html)`. */
  render(options: object, callback: (err: unknown, html?: string) => void): void;
}

interface EngineModule {
  __webfw?: unknown;
  __express?: unknown;
}

function tryStat(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Loads an engine module by name as the app would: from the working directory, then from the
 * directory of the script node was started with, then from each views directory.
 */
function loadEngineModule(name: string, roots: string[]): EngineModule {
  const bases = [process.cwd(), ...(process.argv[1] ? [dirname(resolve(process.argv[1]))] : []), ...roots];
  let lastError: unknown;
  for (const base of bases) {
    try {
      return createRequire(join(resolve(base), 'noop.js'))(name) as EngineModule;
    } catch (err) {
      lastError = err;
      if ((err as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw err;
    }
  }
  throw lastError;
}

/**
 * A view: a template found under the `views` root(s) and the engine that renders it. The
 * engine comes from `app.engine(ext, fn)` or is loaded by extension (module `ejs` for `.ejs`)
 * through its `__webfw` entry, or `__express` when it has none, and cached by extension.
 */
export class View implements ViewLike {
  /** Default engine extension. */
  readonly defaultEngine: string | undefined;
  /** Extension of the view file, with dot. */
  readonly ext: string;
  /** The view name as given. */
  readonly name: string;
  /** The root(s) searched. */
  readonly root: string | string[];
  /** The engine render function. */
  readonly engine: EngineFunction;
  /** Resolved file path, or undefined when not found. */
  readonly path: string | undefined;

  /**
   * Resolves `name` against the roots. Throws when there is neither an extension nor a
   * default engine, or when the engine module provides no render entry point.
   */
  constructor(name: string, options: ViewOptions) {
    this.defaultEngine = options.defaultEngine;
    this.name = name;
    this.root = options.root;
    let ext = extname(name);
    if (!ext && !this.defaultEngine) throw new Error('No default engine was specified and no extension was provided.');
    let fileName = name;
    if (!ext) {
      const engine = this.defaultEngine as string;
      ext = engine[0] !== '.' ? `.${engine}` : engine;
      fileName += ext;
    }
    this.ext = ext;
    if (!options.engines[ext]) {
      const mod = ext.slice(1);
      const loaded = loadEngineModule(mod, ([] as string[]).concat(this.root));
      const fn = typeof loaded.__webfw === 'function' ? loaded.__webfw : loaded.__express;
      if (typeof fn !== 'function') throw new Error(`Module "${mod}" does not provide a view engine.`);
      options.engines[ext] = fn as EngineFunction;
    }
    this.engine = options.engines[ext]!;
    this.path = this.lookup(fileName);
  }

  /** Finds the file in the roots, in order: `<root>/<name>` or `<root>/<name>/index<ext>`. */
  lookup(name: string): string | undefined {
    for (const root of ([] as string[]).concat(this.root)) {
      const location = resolve(root, name);
      const found = this.resolve(dirname(location), basename(location));
      if (found) return found;
    }
    return undefined;
  }

  /** Renders with the engine; the callback is always called asynchronously. */
  render(options: object, callback: (err: unknown, html?: string) => void): void {
    let sync = true;
    this.engine(this.path as string, options, (err, html) => {
      if (!sync) return callback(err, html);
      process.nextTick(() => callback(err, html));
    });
    sync = false;
  }

  /** `dir/file` when it is a file, else `dir/<file without ext>/index<ext>` when that is. */
  resolve(dir: string, file: string): string | undefined {
    const direct = join(dir, file);
    if (tryStat(direct)?.isFile()) return direct;
    const index = join(dir, basename(file, this.ext), `index${this.ext}`);
    if (tryStat(index)?.isFile()) return index;
    return undefined;
  }
}
