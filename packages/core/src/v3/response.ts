/**
 * The 3.x response prototype: the 4.x one (see ../v4/response.ts) with callable `res.locals`:
 * calling it with an object merges the object's enumerable properties into it.
 */
import { response as response4, type ResponseV4 } from '../v4/response';
import { createLocals, type CallableLocals } from './application';

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

/** The response prototype every 3.x app's responses inherit from. */
export const response: ResponseV4 = Object.create(response4, responseLocalsMember) as ResponseV4;
