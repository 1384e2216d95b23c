'use strict';
/**
 * For the tests that run the docs' setup blocks as written (those register OpenTelemetry's
 * NodeSDK, whose exporter the test cannot read): `capture()` adds an in-memory exporter to the
 * tracer provider the block registered (an internal of sdk-trace-base 2: the provider's
 * MultiSpanProcessor list) and returns it. Loaded from the app, after the block.
 */
const { createRequire } = require('node:module');
const path = require('node:path');

/** The in-memory exporter now receiving every span the registered provider ends. `appDir`: where the app's @opentelemetry packages are. */
function capture(appDir) {
  const appRequire = createRequire(path.join(appDir, 'app.cjs'));
  const { trace } = appRequire('@opentelemetry/api');
  const { InMemorySpanExporter, SimpleSpanProcessor } = appRequire('@opentelemetry/sdk-trace-base');
  const global = trace.getTracerProvider();
  const provider = typeof global.getDelegate === 'function' ? global.getDelegate() : global;
  const processors = provider && provider._activeSpanProcessor && provider._activeSpanProcessor._spanProcessors;
  if (!Array.isArray(processors)) throw new Error('no SDK tracer provider registered (or its internals changed)');
  const exporter = new InMemorySpanExporter();
  processors.push(new SimpleSpanProcessor(exporter));
  return exporter;
}

module.exports = { capture };
