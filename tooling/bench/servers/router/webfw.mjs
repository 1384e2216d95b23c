// @webfw/router over bare node:http. Argument: route table (mixed | many).
import Router from '@webfw/router';
import { serveMiddleware } from '../../lib/harness.mjs';
import { routed } from './routes.mjs';

serveMiddleware(routed(Router(), process.argv[2]));
