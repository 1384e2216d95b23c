import { inspect } from 'node:util';

/**
 * Objects without a prototype chain to `Object.prototype` (so keys such as `__proto__` or
 * `constructor` are plain own keys and nothing is inherited), like `Object.create(null)`, but
 * made by a constructor so V8 keeps them in fast mode: `req.params`, `route.methods` and
 * `router.params` are created and read on every request.
 */
export interface NullObjectConstructor {
  new <T = unknown>(): Record<string, T>;
}

function NullObjectImpl(): void {}

// Show them as Node shows Object.create(null) objects: `[Object: null prototype] { id: '1' }`.
NullObjectImpl.prototype = Object.create(null, {
  [inspect.custom]: {
    value(this: object, _depth: number, options: object): string {
      return inspect(Object.assign(Object.create(null) as object, this), options);
    },
  },
});

/** `new NullObject()`: a fresh, empty, prototype-less (and fast) object. */
export const NullObject = NullObjectImpl as unknown as NullObjectConstructor;
