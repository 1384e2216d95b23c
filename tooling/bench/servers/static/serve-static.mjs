// serve-static 2.x on bare node:http.
import serveStatic from 'serve-static';
import { serveMiddleware } from '../../lib/harness.mjs';

serveMiddleware(serveStatic(process.env.STATIC_ROOT));
