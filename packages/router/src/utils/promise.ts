import depd from 'depd';

const deprecate = depd('router');

/** A thenable, as a handler may return: its rejection becomes `next(err)`. */
export interface Thenable {
  then(onFulfilled: (value: unknown) => void, onRejected: (reason: unknown) => void): unknown;
}

/** Whether `value` is a thenable (an object or function with a `then` method), as is-promise says. */
export function isPromise(value: unknown): value is Thenable {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';
}

/** Does nothing: the fulfilment callback given to `then` (some thenables call it unchecked). */
export function noop(): void {}

/**
 * Calls `next(reason)` when the value a handler returned is a thenable that rejects
 * (`Error('Rejected promise')` for a falsy reason). A thenable that is not a native Promise
 * prints router 2.x's deprecation (`what` names the caller: `handlers` or `parameters`).
 */
export function forwardRejection(ret: unknown, next: (err?: unknown) => void, what: 'handlers' | 'parameters'): void {
  if (!isPromise(ret)) return;
  if (!(ret instanceof Promise)) deprecate(`${what} that are Promise-like are deprecated, use a native Promise instead`);
  ret.then(noop, (reason) => next(reason || new Error('Rejected promise')));
}

/** Prints router 2.x's deprecation when the thenable `ret` a handler returned is not a native Promise (the traced path's check). */
export function warnIfNotNative(ret: Thenable, what: 'handlers' | 'parameters'): void {
  if (!(ret instanceof Promise)) deprecate(`${what} that are Promise-like are deprecated, use a native Promise instead`);
}
