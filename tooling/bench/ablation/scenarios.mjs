import { echoBody } from '../servers/frameworks/common.mjs';

/**
 * The requests the instruction counts are taken on (instructions.mjs, functions.mjs), each run
 * against tricks-server.mjs: its arguments, the path, the request, environment and core entry.
 */
export const SCENARIOS = {
  hello: { args: ['hello'], path: '/' },
  routes: { args: ['routes'], path: '/user/42' },
  echo: { args: ['echo'], path: '/echo', request: { method: 'POST', headers: { 'content-type': 'application/json' }, body: echoBody } },
  subapp: { args: ['hello'], path: '/', env: { BENCH_MOUNT: 'app' } },
  router: { args: ['hello'], path: '/', env: { BENCH_MOUNT: 'router' } },
  v4: { args: ['hello'], path: '/', entry: 'v4' },
};
