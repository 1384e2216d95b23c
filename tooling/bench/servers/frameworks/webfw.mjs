/** webfw doing each scenario exactly as the express server does: the same app (express-app.mjs), only the import differs. */
import webfw from '@webfw/core';
import logger from '@webfw/logger';
import { expressApp, listen } from './express-app.mjs';

const app = expressApp(webfw, logger);
// the profile mode's ablation of (c): the same app without express's ETag
if (process.env.BENCH_ETAG === 'off') app.set('etag', false);
listen(app);
