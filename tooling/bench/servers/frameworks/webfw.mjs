/**
 * webfw doing each scenario exactly as the express server does: the same app (express-app.mjs),
 * only the import differs. `BENCH_ENTRY=v4`: the app on the express 4 entry (`@webfw/core/v4`).
 */
import logger from '@webfw/logger';
import { applyHeadersAblation } from './common.mjs';
import { expressApp, listen } from './express-app.mjs';

const webfw = (process.env.BENCH_ENTRY === 'v4' ? await import('@webfw/core/v4') : await import('@webfw/core')).default;
const app = expressApp(webfw, logger);
// the profile mode's ablation of (c): the same app without express's ETag
if (process.env.BENCH_ETAG === 'off') app.set('etag', false);
applyHeadersAblation(app);
listen(app);
