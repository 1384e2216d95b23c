/** Each test's console and stderr, captured and checked: nothing printed but what the test expects, and node's deprecation warnings about the middleware's calls. */
/**
 * A deprecation warning node prints (from Node 22 on, where these became runtime deprecations)
 * the first time a process calls an API that a third-party package still uses.
 */
export interface NodeDeprecation {
  /** The package calling the API. */
  by: string;
  code: string;
  message: string;
}

/** connect-flash 0.1 calls `util.isArray`. */
export const CONNECT_FLASH_IS_ARRAY: NodeDeprecation = {
  by: 'connect-flash',
  code: 'DEP0044',
  message: 'The `util.isArray` API is deprecated. Please use `Array.isArray()` instead.',
};

/** http-proxy 1.18 (under http-proxy-middleware) calls `util._extend`. */
export const HTTP_PROXY_EXTEND: NodeDeprecation = {
  by: 'http-proxy',
  code: 'DEP0060',
  message: 'The `util._extend` API is deprecated. Please use Object.assign() instead.',
};

/** The major version of the node running the tests. */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** Whether `line` is `deprecation` exactly as node writes it to stderr (with its hint when it is the process's first warning). */
function isNodeDeprecationLine(line: string, deprecation: NodeDeprecation): boolean {
  const prefix = /^\(node:\d+\) /.exec(line);
  if (prefix === null) return false;
  const warning = `[${deprecation.code}] DeprecationWarning: ${deprecation.message}\n`;
  const hint = '(Use `node --trace-deprecation ...` to show where the warning was created)\n';
  const rest = line.slice(prefix[0].length);
  return rest === warning || rest === warning + hint;
}

/**
 * Records everything written to the console and to stderr during each test of the file (so
 * none of it reaches the test output) and, after each test, asserts it was exactly what the
 * test declared with `expectOutput` (nothing by default).
 *
 * `deprecations` are node's warnings about APIs the middleware under test calls: node prints
 * each once per process (so in whichever test file of a jest worker calls it first), and only
 * from Node 22 on. Such a line is set aside wherever it comes; after the file, each was seen at
 * most once, and never before Node 22.
 */
export function captureOutput(deprecations: readonly NodeDeprecation[] = []): { lines: string[]; expectOutput(match: (lines: string[]) => void): void } {
  const state: { lines: string[]; check: ((lines: string[]) => void) | undefined } = { lines: [], check: undefined };
  const seen = new Map<string, number>();
  const spies: jest.SpyInstance[] = [];
  const record = (...args: unknown[]): void => {
    state.lines.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '));
  };
  beforeEach(() => {
    state.lines.length = 0;
    state.check = undefined;
    for (const m of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      spies.push(jest.spyOn(console, m).mockImplementation(record));
    }
    spies.push(
      jest.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => {
        record(Buffer.isBuffer(chunk) ? chunk.toString() : String(chunk));
        return true;
      }),
    );
    spies.push(jest.spyOn(process, 'emitWarning').mockImplementation((w: string | Error) => record(w)));
  });
  afterEach(async () => {
    // error pages log after the response is written (finalhandler defers): let that happen here
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
    for (const s of spies.splice(0)) s.mockRestore();
    const lines = state.lines.filter((line) => {
      const deprecation = deprecations.find((d) => isNodeDeprecationLine(line, d));
      if (deprecation !== undefined) seen.set(deprecation.code, (seen.get(deprecation.code) ?? 0) + 1);
      return deprecation === undefined;
    });
    if (state.check) state.check(lines);
    else expect(lines).toEqual([]);
  });
  afterAll(() => {
    // at most once per process, and only where node made it a runtime deprecation
    const allowed = NODE_MAJOR >= 22 ? 1 : 0;
    for (const d of deprecations) expect({ ...d, times: seen.get(d.code) ?? 0 }).toEqual({ ...d, times: Math.min(seen.get(d.code) ?? 0, allowed) });
  });
  return {
    lines: state.lines,
    expectOutput(match) {
      state.check = match;
    },
  };
}
