/**
 * depd's deprecation warnings, captured through the process's `deprecation` event so a test can
 * compare them with the express family's own and nothing is printed.
 */

/** A warning as depd reports it, with the file of the code that caused it. */
export interface Warning {
  namespace: string;
  message: string;
  file: string;
}

/** The warnings `fn` causes (captured, so nothing is printed), and what it threw. */
export function warningsOf(fn: () => unknown): { warnings: Warning[]; thrown?: string } {
  const warnings: Warning[] = [];
  const listener = (err: Error & { namespace: string }): void => {
    const frame = (err.stack ?? '').split('\n')[1] ?? '';
    warnings.push({ namespace: err.namespace, message: err.message, file: /([^/\\(]+\.[cm]?[jt]s):\d+:\d+\)?$/.exec(frame)?.[1] ?? frame });
  };
  process.on('deprecation', listener);
  try {
    fn();
    return { warnings };
  } catch (err) {
    return { warnings, thrown: `${(err as Error).name}: ${(err as Error).message}` };
  } finally {
    process.off('deprecation', listener);
  }
}

/** In the calling describe block: deprecation warnings go to a listener that drops them, so none is printed. */
export function silenceDeprecations(): void {
  const listener = (): void => undefined;
  beforeAll(() => {
    process.on('deprecation', listener);
  });
  afterAll(() => {
    process.off('deprecation', listener);
  });
}
