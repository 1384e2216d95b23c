// router 2.x (the router inside express 5) over bare node:http. Argument: route table.
import Router from 'router';
import { serveMiddleware } from '../../lib/harness.mjs';
import { routed } from './routes.mjs';

serveMiddleware(routed(Router(), process.argv[2]));
