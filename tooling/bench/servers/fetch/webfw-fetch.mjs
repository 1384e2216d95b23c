/**
 * webfw's app (the express app of the frameworks suite) served by Bun.serve / Deno.serve
 * through app.fetch. `BENCH_HEADERS=bare`: without the two headers express sends and hono does
 * not (ETag, X-Powered-By), to see what they cost (frameworks/common.mjs).
 */
// the built package (Bun would follow the repository's tsconfig paths from '@webfw/core' to the sources)
import webfw from '../../../../packages/core/dist/index.js';
import { applyHeadersAblation } from '../frameworks/common.mjs';
import { expressApp } from '../frameworks/express-app.mjs';
import { serveFetch } from './serve.mjs';

const app = expressApp(webfw);
applyHeadersAblation(app);
serveFetch(app.fetch);
