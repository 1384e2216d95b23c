/**
 * The ecosystem suite again with the webfw app served through its `app.fetch` handler (a web
 * `Request` in, a web `Response` out, on node:http: test-support/fetch.ts) while express is
 * served by `app.listen`: every middleware users bring answers through `app.fetch` exactly as
 * on express.
 */
import { runSuitesOver } from '@webfw/test-support';
import { serveWebfwThrough } from './support/pair';

const SUITES = [
  'compression',
  'connect-flash',
  'connect-timeout',
  'cookie-parser',
  'cors',
  'csrf-csrf',
  'errorhandler',
  'express-rate-limit',
  'express-session',
  'express-validator',
  'helmet',
  'http-proxy-middleware',
  'method-override',
  'multer',
  'passport',
  'response-time',
  'serve-favicon',
  'vhost',
];

/** Tests whose expectation cannot hold through a fetch handler, each with the reason. */
const DIFFERENCES: Record<string, string> = {};

serveWebfwThrough('fetch');

describe('the webfw app through app.fetch', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  runSuitesOver(SUITES, (suite) => require(`./${suite}.test`), DIFFERENCES, 'app.fetch');
});
