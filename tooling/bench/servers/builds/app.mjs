/**
 * The frameworks suite's app (express-app.mjs: scenario `hello`, `routes`, `echo` ..., and
 * `BENCH_MOUNT`) on the framework `BENCH_FRAMEWORK` names, for the suites that run one build of
 * webfw beside another (compare, tracing): `express`, or a path or module id of a
 * webfw core entry (this tree's `@webfw/core` by default, another commit's build by path).
 * `BENCH_SUBSCRIBE=1` subscribes handlers that do nothing to every event of the
 * `express.router.request` TracingChannel before the app is made.
 */
import dc from 'node:diagnostics_channel';
import { pathToFileURL } from 'node:url';
import { isAbsolute } from 'node:path';
import { expressApp, listen } from '../frameworks/express-app.mjs';

if (process.env.BENCH_SUBSCRIBE === '1') {
  const nothing = () => {};
  dc.tracingChannel('express.router.request').subscribe({ start: nothing, end: nothing, asyncStart: nothing, asyncEnd: nothing, error: nothing });
}
const id = process.env.BENCH_FRAMEWORK ?? '@webfw/core';
const framework = (await import(id === 'express' ? 'express' : isAbsolute(id) ? pathToFileURL(id).href : id)).default;
listen(expressApp(framework, null));
