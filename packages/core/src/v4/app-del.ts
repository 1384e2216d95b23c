/** 4.x: `app.del`, the deprecated alias of `app.delete` (`app.del: Use app.delete instead`). */
import depd from 'depd';

const deprecate = depd('express');

/** `app.del` for the given `app.delete`: the same method, warning once per call site. */
export function appDel<F extends (...args: never[]) => unknown>(appDelete: F): F {
  return deprecate.function(appDelete, 'app.del: Use app.delete instead') as F;
}
