/** Flattens callback arguments: functions, arrays of them, arrays nested to any depth. */
export function flattenHandlers(args: readonly unknown[], out: unknown[] = []): unknown[] {
  for (const arg of args) {
    if (Array.isArray(arg)) flattenHandlers(arg, out);
    else out.push(arg);
  }
  return out;
}

/**
 * Splits the arguments of a `use(...)` call as express does: a first argument that is not a
 * function, nor an array whose first leaf is a function, is the path (default `/`); the rest
 * are the callbacks, flattened. Whether there are any, and whether each is a function, is the
 * caller's to check (each caller throws its own message).
 */
export function useArguments(args: ArrayLike<unknown>): { path: unknown; callbacks: unknown[] } {
  const first = args[0];
  let leaf = first;
  while (Array.isArray(leaf) && leaf.length !== 0) leaf = leaf[0];
  const hasPath = typeof first !== 'function' && typeof leaf !== 'function';
  return { path: hasPath ? first : '/', callbacks: flattenHandlers(Array.prototype.slice.call(args, hasPath ? 1 : 0)) };
}
