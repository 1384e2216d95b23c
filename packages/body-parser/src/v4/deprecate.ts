// @ts-expect-error depd ships no type declarations (and @types/depd is not a dependency of this package)
import depd from 'depd';

/** Prints `body-parser deprecated <message> at <caller>` once per place in the calling code (depd). */
export type Deprecate = (message: string) => void;

/**
 * Creates a depd warner in the `body-parser` namespace, as body-parser 1.x's. depd names as the
 * caller the first place outside the file that called this, so each file whose functions warn
 * creates its own.
 */
export const createDeprecate = depd as (namespace: 'body-parser') => Deprecate;
