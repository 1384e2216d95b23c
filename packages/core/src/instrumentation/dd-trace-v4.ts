/**
 * webfw's 4.x entry under dd-trace: one line after `tracer.init()` (see ./dd-trace.ts):
 *
 *   require('@webfw/core/instrumentation/dd-trace-v4.cjs'); // or 'express/instrumentation/dd-trace-v4.cjs'
 *   import '@webfw/core/instrumentation/dd-trace-v4.cjs';   // the same in an ES module app
 *
 * The spans are dd-trace's express 4 spans (`express.middleware`, `bound dispatch`).
 */
import { instrument } from './dd-trace';

instrument('v4');
