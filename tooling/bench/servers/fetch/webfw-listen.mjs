/** webfw's app (the express app of the frameworks suite) on the runtime's own node:http, through app.listen (run by Bun or Deno). */
import webfw from '../../../../packages/core/dist/index.js';
import { expressApp, listen } from '../frameworks/express-app.mjs';

listen(expressApp(webfw));
process.on('SIGTERM', () => process.exit(0));
