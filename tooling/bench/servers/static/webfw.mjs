// @webfw/static on bare node:http (the built package).
import serveStatic from '@webfw/static';
import { serveMiddleware } from '../../lib/harness.mjs';

serveMiddleware(serveStatic(process.env.STATIC_ROOT));
