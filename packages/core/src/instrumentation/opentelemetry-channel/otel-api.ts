/**
 * @opentelemetry/api as the channel subscriber uses it: the app's copy (the api is the app's
 * dependency, not core's), described here by the few members read.
 */
import type { AsyncLocalStorage } from 'node:async_hooks';
import { appRequire } from '../app-require';

/** An OpenTelemetry context: immutable, read by key. */
export interface Context {
  getValue(key: symbol): unknown;
  setValue(key: symbol, value: unknown): Context;
}

export type Attributes = Record<string, string | number | boolean | string[] | undefined>;

export interface Span {
  setAttribute(key: string, value: string | number | boolean): Span;
  setStatus(status: { code: number; message?: string }): Span;
  updateName(name: string): Span;
  recordException(exception: Error | string): void;
  end(): void;
}

export interface Tracer {
  startSpan(name: string, options: { kind?: number; attributes?: Attributes }, context: Context): Span;
}

export interface TracerProvider {
  getTracer(name: string, version?: string): Tracer;
}

/** The registered context manager; the AsyncLocalStorage managers of @opentelemetry/context-async-hooks keep their storage here. */
export interface ContextManager {
  _asyncLocalStorage?: AsyncLocalStorage<Context>;
}

export interface OpenTelemetryApi {
  ROOT_CONTEXT: Context;
  SpanKind: { SERVER: number };
  SpanStatusCode: { ERROR: number };
  createContextKey(description: string): symbol;
  context: { active(): Context; _getContextManager?(): ContextManager | undefined };
  trace: {
    getTracer(name: string, version?: string): Tracer;
    getSpan(context: Context): Span | undefined;
    setSpan(context: Context, span: Span): Context;
  };
  propagation: { extract(context: Context, carrier: unknown): Context };
  diag: { error(message: string, ...args: unknown[]): void };
}

function load(): OpenTelemetryApi {
  try {
    // a plain require, so a bundler bundles the app's copy
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@opentelemetry/api') as OpenTelemetryApi;
  } catch {
    return appRequire('@opentelemetry/api') as OpenTelemetryApi;
  }
}

/** The app's @opentelemetry/api, loaded once with this module. */
export const api = load();

/** @opentelemetry/core's context keys (api's createContextKey is Symbol.for). */
export const RPC_METADATA = api.createContextKey('OpenTelemetry SDK Context Key RPC_METADATA');
export const SUPPRESS_TRACING = api.createContextKey('OpenTelemetry SDK Context Key SUPPRESS_TRACING');

/** instrumentation-http's RPC metadata on the server span's context: the route the framework matched. */
export interface RpcMetadata {
  type: string;
  span: Span;
  route?: string;
}
