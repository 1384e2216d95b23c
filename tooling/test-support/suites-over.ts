/**
 * Suites written for HTTP/1.1 run again, inside the calling file, over another transport
 * (HTTP/2: req.http2 / res.http2 tests; `app.fetch`: app.fetch.suites, middleware.fetch).
 */
import { format } from 'node:util';

/** A jest test function (`it` / `test`) with the members the suites use. */
type TestFn = jest.It;

/** The title jest gives one row of `it.each(table)(title)`: `$key` of object rows, `%s`-style of array rows. */
function rowTitle(title: string, row: unknown): string {
  if (Array.isArray(row)) return format(title, ...(row as unknown[]));
  if (row !== null && typeof row === 'object')
    return title.replace(/\$([A-Za-z_]\w*)/g, (all, key: string) => (key in row ? String((row as Record<string, unknown>)[key]) : all));
  return format(title, row);
}

/**
 * Runs test suites written for HTTP/1.1 (`load(suite)` requires one) inside the calling file,
 * each in a `describe` named for it, with the tests listed in `differences` (key:
 * `<suite>: <test title>`, value: why `transport` answers otherwise) skipped with that reason
 * and the transport's name in their title; the calling file asserts that transport's answer of
 * those itself. Pair it with
 * `jest.mock('supertest', ...)` (`supertestOverHttp2`, `supertestOverFetch`) so the suites'
 * requests go over that transport.
 */
export function runSuitesOver(
  suites: readonly string[],
  load: (suite: string) => void,
  differences: Readonly<Record<string, string>>,
  transport: string,
): void {
  const g = globalThis as unknown as { it: TestFn; test: TestFn };
  const original = g.it;
  let suite = '';
  const reason = (title: string): string | undefined => differences[`${suite}: ${title}`];
  const skipped = (title: string, why: string): void => original.skip(`${title} [differs over ${transport}: ${why}]`, () => undefined);
  const wrapped = Object.assign((title: string, fn?: jest.ProvidesCallback, timeout?: number): void => {
    const why = reason(title);
    if (why !== undefined) skipped(title, why);
    else original(title, fn, timeout);
  }, original) as TestFn;
  wrapped.each = ((table: readonly unknown[]) =>
    (title: string, fn: (...args: never[]) => unknown, timeout?: number): void => {
      const kept = table.filter((row) => {
        const name = rowTitle(title, row);
        const why = reason(name);
        if (why !== undefined) skipped(name, why);
        return why === undefined;
      });
      if (kept.length !== 0) original.each(kept as never[])(title, fn as never, timeout);
    }) as unknown as TestFn['each'];
  g.it = wrapped;
  g.test = wrapped;
  try {
    for (const name of suites) {
      describe(name, () => {
        suite = name;
        load(name);
      });
    }
  } finally {
    g.it = original;
    g.test = original;
  }
}
