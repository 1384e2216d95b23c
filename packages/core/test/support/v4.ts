/**
 * The differential harness of the v4 tests: the same app definition built with express 4.22
 * (the `express-v4` devDependency) and with @webfw/core/v4, the same raw HTTP requests sent to
 * both (see differential.ts for what is compared), and each answer also checked
 * against the exact answer expected, so a test cannot pass with both sides wrong.
 */
import webfwV4 from '@webfw/core/v4';
import { run, type App, type CompareOptions, type Framework, type Req } from './differential';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4 = require('express-v4');

export const v4: Record<'express' | 'webfw', Framework> = { express: express4, webfw: webfwV4 };

export { express4, webfwV4 };
export { get, buildApp, makeFixtures } from './differential';
export type { App, Framework, Req };

/** What an answer must be: its status and body, the headers listed (undefined: absent), the warnings. */
export interface Expect {
  status: number;
  body?: string;
  headers?: Record<string, string | string[] | undefined>;
  /** The depd warnings, `express: <message>` (the test must ask for `deprecations`). */
  warnings?: string[];
}

let compared = 0;
/** Requests compared so far in this file. */
export function comparedRequests(): number {
  return compared;
}

/**
 * Sends each request to both apps and asserts that @webfw/core/v4 answers exactly as
 * express 4 did (status, headers, body, warnings when asked) and that the answer is the one
 * expected. `cases` pairs each request (a string: GET of that path) with its expected answer.
 */
export async function expect4(build: (fw: Framework) => App, cases: Array<[Req | string, Expect]>, opts: CompareOptions = {}): Promise<void> {
  await expectSame(v4, build, cases, opts);
}

/** `expect4` for any pair of frameworks: `frameworks.webfw` must answer as `frameworks.express`, as expected. */
export async function expectSame(
  frameworks: Record<'express' | 'webfw', Framework>,
  build: (fw: Framework) => App,
  cases: Array<[Req | string, Expect]>,
  opts: CompareOptions = {},
): Promise<void> {
  const reqs = cases.map(([r]) => (typeof r === 'string' ? { path: r } : r));
  const pairs = await run(build, reqs, { ...opts, frameworks });
  const got: unknown[] = [];
  const want: unknown[] = [];
  pairs.forEach((pair, i) => {
    compared++;
    const expected = cases[i]![1];
    const label = `${pair.req.method ?? 'GET'} ${pair.req.path}`;
    // ours equals express 4's, whole
    got.push({ label, side: 'webfw', ...pair.webfw });
    // dates derived from the clock may differ by up to 2 s
    const w = pair.webfw.dates;
    const close = w.length === pair.express.dates.length && w.every((d, j) => Math.abs(d - pair.express.dates[j]!) <= 2000);
    want.push({ label, side: 'webfw', ...pair.express, dates: close ? w : pair.express.dates });
    // express 4's is the one expected
    const e = pair.express;
    const [seen, wanted] = namedParts({ label }, e, expected);
    got.push(seen);
    want.push(wanted);
  });
  expect(got).toEqual(want);
}

/**
 * The parts of `answer` that `expected` names (the status; the body, each header and the
 * warnings when given), beside the expected values, each under `label`: two objects to compare.
 */
export function namedParts(
  label: Record<string, unknown>,
  answer: { status: number; body?: unknown; headers: Record<string, unknown>; warnings?: unknown },
  expected: Expect,
): [Record<string, unknown>, Record<string, unknown>] {
  const seen: Record<string, unknown> = { ...label, status: answer.status };
  const wanted: Record<string, unknown> = { ...label, status: expected.status };
  if (expected.body !== undefined) {
    seen.body = answer.body;
    wanted.body = expected.body;
  }
  for (const [name, value] of Object.entries(expected.headers ?? {})) {
    seen[name] = answer.headers[name];
    wanted[name] = value;
  }
  if (expected.warnings !== undefined) {
    seen.warnings = answer.warnings;
    wanted.warnings = expected.warnings;
  }
  return [seen, wanted];
}

/** The depd warnings `fn` causes (`<namespace>: <message>`), through the `deprecation` event (nothing is printed). */
export function warningsOf(fn: () => void): string[] {
  const seen: string[] = [];
  const listener = (err: Error & { namespace?: string }): void => void seen.push(`${String(err.namespace)}: ${err.message}`);
  process.on('deprecation', listener);
  try {
    fn();
  } finally {
    process.off('deprecation', listener);
  }
  return seen;
}
