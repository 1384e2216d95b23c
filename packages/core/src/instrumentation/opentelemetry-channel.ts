/**
 * `ExpressChannelInstrumentation`: OpenTelemetry spans from the router's `express.router.request`
 * TracingChannel (node:diagnostics_channel), with no module patching. It gives the spans
 * `@opentelemetry/instrumentation-express` gives by patching express (0.72 checked): one span
 * per middleware (`middleware - <name>`), mounted router (`router - <path>`) and matched route
 * (`request handler`), their `express.type` / `express.name` / `http.route` attributes, parents,
 * errors, and the route on instrumentation-http's server span (its RPC metadata), so the server
 * span is named `GET /api/users/:id`. The channel is published by router 2.3 (express 5.3) and by
 * webfw's router (5.x and /v4), so it works wherever the app runs: CommonJS or ESM, bundled,
 * on Bun, Deno and workerd.
 *
 *   const { ExpressChannelInstrumentation } = require('@webfw/core/instrumentation/opentelemetry-channel.cjs');
 *   new NodeSDK({ instrumentations: [new HttpInstrumentation(), new ExpressChannelInstrumentation()] }).start();
 *
 * It is an OpenTelemetry `Instrumentation` (enabled when made; `registerInstrumentations` and
 * NodeSDK take it) and takes instrumentation-express's config: `ignoreLayers`,
 * `ignoreLayersType`, `spanNameHook`, `requestHook`; and `serverSpan` (default true): where no
 * span is active when a request reaches its first layer (no HTTP instrumentation: Bun.serve,
 * Deno.serve, workerd, app.fetch), it opens the SERVER span itself, with instrumentation-http's
 * name, attributes and status, so the trace has its root there too.
 *
 * The parts, in ./opentelemetry-channel/: instrumentation-express's naming rules
 * (express-naming.ts), instrumentation-http's server span (http-server-span.ts), and the
 * channel's events made spans (request-spans.ts, with router-walks.ts finding where a call sits
 * in the router's walks and frames.ts the state kept per request).
 *
 * Both at once: a layer whose `handle` instrumentation-express has wrapped (ExpressInstrumentation
 * or WebfwInstrumentation patched the app) is left to it, and so is the rest of that request: no
 * span twice. The OpenTelemetry context is made current inside each handler (so spans the handler
 * starts are children of its span) through the channel's `start.bindStore` with the context
 * manager's AsyncLocalStorage, where the registered manager has one (the AsyncLocalStorage
 * managers of sdk-node / sdk-trace-node); elsewhere the spans are the same, and a handler's own
 * spans are children of the server span.
 *
 * @opentelemetry/api is the app's (./app-require.ts); nothing else is required.
 */
import type { AsyncLocalStorage } from 'node:async_hooks';
import dc, { type TracingChannel } from 'node:diagnostics_channel';
import type { ChannelContext } from './opentelemetry-channel/frames';
import { api, type Context, type Tracer, type TracerProvider } from './opentelemetry-channel/otel-api';
import { RequestSpans, safely, type ChannelConfig } from './opentelemetry-channel/request-spans';

const NAME = '@webfw/core/instrumentation/opentelemetry-channel';
const VERSION = ((): string => {
  try {
    // the package's manifest, beside the built module's folder (packages/core/instrumentation/)
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- read at run time, not bundled
    return (require('../package.json') as { version: string }).version;
  } catch {
    return '0.0.0';
  }
})();
const CHANNEL = 'express.router.request';

type Channel = TracingChannel<Context, ChannelContext>;

/** The OpenTelemetry `Instrumentation` that subscribes RequestSpans to the router's channel. */
export class ExpressChannelInstrumentation {
  readonly instrumentationName = NAME;
  readonly instrumentationVersion = VERSION;
  private _config: ChannelConfig;
  private _tracer: Tracer;
  private readonly _channel: Channel | undefined;
  private _enabled = false;
  private _store: AsyncLocalStorage<Context> | undefined = undefined;
  private readonly _handlers: Parameters<Channel['subscribe']>[0];
  /** The context a handler runs in: its frame's (started here, as `start` runs the stores before its subscribers). */
  private readonly _transform: (ctx: ChannelContext) => Context;

  /** `config`: instrumentation-express's (`ignoreLayers`, `ignoreLayersType`, `spanNameHook`, `requestHook`), `serverSpan`, `enabled`. */
  constructor(config: ChannelConfig = {}) {
    this._config = { enabled: true, ...config };
    this._tracer = api.trace.getTracer(NAME, VERSION);
    this._channel = typeof dc.tracingChannel === 'function' ? dc.tracingChannel<Context, ChannelContext>(CHANNEL) : undefined;
    const spans = new RequestSpans(this, () => {
      if (!this._store) this._bindContext();
    });
    this._handlers = {
      start: (ctx) => safely(() => spans.begin(ctx)),
      end: (ctx) => safely(() => spans.end(ctx)),
      asyncStart: () => {},
      asyncEnd: (ctx) => safely(() => spans.asyncEnd(ctx)),
      error: (ctx) => safely(() => spans.error(ctx)),
    };
    this._transform = (ctx) => {
      let out: Context | undefined;
      safely(() => {
        const frame = spans.begin(ctx);
        out = frame ? frame.childCtx : undefined;
      });
      return out === undefined ? api.context.active() : out;
    };
    if (this._config.enabled) this.enable();
  }

  /** The tracer the spans come from (the registered provider's, or the one given by setTracerProvider). */
  get tracer(): Tracer {
    return this._tracer;
  }

  /** Takes the spans' tracer from `provider` (NodeSDK and registerInstrumentations call it). */
  setTracerProvider(provider: TracerProvider): void {
    this._tracer = provider.getTracer(NAME, VERSION);
    this._bindContext();
  }

  /** No metrics: accepted and ignored, as the `Instrumentation` interface asks. */
  setMeterProvider(): void {}

  /** No logs: accepted and ignored. */
  setLoggerProvider(): void {}

  /** The config in effect. */
  getConfig(): ChannelConfig {
    return this._config;
  }

  /** Replaces the config (`enabled` defaults to true); later requests use it. */
  setConfig(config: ChannelConfig = {}): void {
    this._config = { enabled: true, ...config };
  }

  /** Subscribes to the channel (idempotent); without `tracingChannel` (Node < 19.9) nothing happens. */
  enable(): void {
    if (this._enabled || !this._channel) return;
    this._enabled = true;
    this._channel.subscribe(this._handlers);
    this._bindContext();
    // NodeSDK registers its context manager after enabling the instrumentations, in the same tick
    queueMicrotask(() => this._bindContext());
  }

  /** Unsubscribes; spans already open end with their responses. */
  disable(): void {
    if (!this._enabled) return;
    this._enabled = false;
    this._channel!.unsubscribe(this._handlers);
    if (this._store) this._channel!.start.unbindStore(this._store);
    this._store = undefined;
  }

  /**
   * Makes each handler's span current while it runs: the channel's `start.bindStore` with the
   * registered context manager's AsyncLocalStorage (read from the AsyncLocalStorage managers
   * of @opentelemetry/context-async-hooks). Retried at each request until a manager is there.
   */
  private _bindContext(): void {
    if (!this._enabled || this._store || typeof this._channel!.start.bindStore !== 'function') return;
    const manager = typeof api.context._getContextManager === 'function' ? api.context._getContextManager() : undefined;
    const store = manager && manager._asyncLocalStorage;
    if (!store || typeof store.run !== 'function' || typeof store.getStore !== 'function') return;
    this._store = store;
    this._channel!.start.bindStore(store, this._transform);
  }
}
