/**
 * 3.x: `app.locals` and `res.locals` are functions: calling one with an object merges the
 * object's enumerable properties (own and inherited, as `for...in` sees them) into it and
 * returns the object. `app.locals.settings` is `app.settings`, the one app-level local by
 * default. A `__proto__` key is merged as an own property, never as the function's prototype.
 */

/** A callable locals object: `locals({ title })` merges `title` into it. */
export interface CallableLocals {
  (values: object): object;
  [name: string]: unknown;
}

/** Makes an empty callable locals object. */
export function createLocals(): CallableLocals {
  const locals = function locals(values: object): object {
    for (const key in values) {
      Object.defineProperty(locals, key, {
        configurable: true,
        enumerable: true,
        writable: true,
        value: (values as Record<string, unknown>)[key],
      });
    }
    return values;
  } as CallableLocals;
  return locals;
}

/**
 * The `res.locals` member of the 3.x response prototype: a response's locals are made callable
 * the first time they are read, and can be replaced as in every version.
 */
export const responseLocalsMember: PropertyDescriptorMap = {
  locals: {
    configurable: true,
    enumerable: false,
    get(this: object): CallableLocals {
      const locals = createLocals();
      Object.defineProperty(this, 'locals', { configurable: true, enumerable: true, writable: true, value: locals });
      return locals;
    },
    set(this: object, value: unknown): void {
      Object.defineProperty(this, 'locals', { configurable: true, enumerable: true, writable: true, value });
    },
  },
};
