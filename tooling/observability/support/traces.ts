/** What the tracing tests share: the span lists the scripts write, and the environment the traced apps run in. */

/** One span as the scripts normalise it (scripts/span-normalise.cjs): ids replaced by indexes into the list. */
export interface Span {
  i: number;
  /** The parent's index, `null` for a root, `'external'` for a parent outside the list. */
  parent: number | 'external' | null;
  name: string;
  [field: string]: unknown;
}

/** What a traced run writes: its answers ("METHOD path status body") and its spans. */
export interface Trace {
  answers: string[];
  spans: Span[];
}

/**
 * The environment of an OpenTelemetry run: the semantic conventions instrumentation-express's
 * reference uses, and the docs' NodeSDK blocks exporting to the console only (the tests read
 * their own in-memory exporter), nothing sent anywhere.
 */
export const OTEL_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  OTEL_SEMCONV_STABILITY_OPT_IN: '',
  OTEL_TRACES_EXPORTER: 'console',
  OTEL_METRICS_EXPORTER: 'none',
  OTEL_LOGS_EXPORTER: 'none',
};
