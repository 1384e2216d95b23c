/**
 * `app.fetch`: the request and response suites again with every app served through its fetch
 * handler (supertest's requests go to `fetchListener(app.fetch)` on node:http: each becomes a
 * web `Request`, each answer a web `Response` written back), so what the app answers through
 * `app.fetch` is what it answers through `app.listen`.
 */
import { runSuitesOver } from '@webfw/test-support';
import { REQUEST_SUITES, RESPONSE_SUITES } from './support/transport-suites';

jest.mock('supertest', () => {
  const { supertestOverFetch } = jest.requireActual('@webfw/test-support/fetch');
  return supertestOverFetch(jest.requireActual('supertest'));
});

const SUITES = [...REQUEST_SUITES, ...RESPONSE_SUITES];

/** Tests whose expectation cannot hold through a fetch handler, each with the reason. */
const STATUS = 'a web Response carries status codes 200..599 only: app.fetch rejects with its RangeError (app.fetch.test.ts)';
const DIFFERENCES: Record<string, string> = {
  'res.status: should accept codes from 100 to 999 (999)': STATUS,
  'res.status: should send codes from 600 to 999 (accepted by node 20) with the number as body': STATUS,
};

describe('through app.fetch', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  runSuitesOver(SUITES, (suite) => require(`./${suite}.test`), DIFFERENCES, 'app.fetch');
});
