/** webfw's app (the express app of the frameworks suite) served by Bun.serve / Deno.serve through app.fetch. */
// the built package (Bun would follow the repository's tsconfig paths from '@webfw/core' to the sources)
import webfw from '../../../../packages/core/dist/index.js';
import { expressApp } from '../frameworks/express-app.mjs';
import { serveFetch } from './serve.mjs';

serveFetch(expressApp(webfw).fetch);
