/** Flattens callback arguments: functions, arrays of them, arrays nested to any depth. */
export function flattenHandlers(args: readonly unknown[], out: unknown[] = []): unknown[] {
  for (const arg of args) {
    if (Array.isArray(arg)) flattenHandlers(arg, out);
    else out.push(arg);
  }
  return out;
}
