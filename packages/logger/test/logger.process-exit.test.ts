import { runNode } from './support/helpers';

/**
 * A server in a child process running `loggers` (writing to standard output unless given a
 * stream) and then a handler that runs `then`, reached with one request. Uses the BUILT
 * package.
 */
function serverScript(loggers: string, then: string): string {
  return `
    const http = require('node:http');
    const logger = require('@webfw/logger');
    const mws = [${loggers}];
    const server = http.createServer((req, res) => {
      let i = 0;
      const next = () => (i < mws.length ? mws[i++](req, res, next) : handle(req, res));
      next();
    });
    function handle(req, res) { ${then} }
    server.listen(0, '127.0.0.1', () => {
      http.get('http://127.0.0.1:' + server.address().port + '/last').on('error', () => {});
    });
  `;
}

/** The handler: end the response, then (in the turn its line is made) run `then`. */
const afterResponse = (then: string): string => `res.on('close', () => { ${then} }); res.end();`;

describe('response lines pending when the process ends', () => {
  it('should be written when the process exits in the turn they were made', () => {
    const run = runNode(['-e', serverScript(`logger(':method :url :status')`, afterResponse('process.exit(0);'))]);
    expect(run).toEqual({ stdout: 'GET /last 200\n', stderr: '', status: 0 });
  });

  it('should be written when the process crashes on an uncaught exception', () => {
    const run = runNode(['-e', serverScript(`logger('crash :url')`, afterResponse("throw new Error('handler crashed');"))]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('crash /last\n');
    expect(run.stderr).toContain('handler crashed');
  });

  it('should keep the order of lines from several loggers when exiting', () => {
    const run = runNode(['-e', serverScript(`logger('a :url'), logger('b :method'), logger('c :url')`, afterResponse('process.exit(0);'))]);
    expect(run).toEqual({ stdout: 'a /last\nb GET\nc /last\n', stderr: '', status: 0 });
  });
});

describe('a stream whose write throws', () => {
  it("should not keep the other streams' lines from being written, then throw its error", () => {
    const broken = `{ _write() {}, write() { throw new Error('disk gone'); } }`;
    const run = runNode(['-e', serverScript(`logger('lost :url', { stream: ${broken} }), logger('kept :url')`, 'res.end();')]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('kept /last\n');
    expect(run.stderr).toContain('disk gone');
  });

  it('should throw from the middleware for an immediate line, as morgan does', () => {
    const broken = `{ _write() {}, write() { throw new Error('disk gone now'); } }`;
    const handler = `res.end();`;
    const script = serverScript(
      `(req, res, next) => { try { next(); } catch (err) { process.stdout.write('caught ' + err.message + '\\n'); process.exit(0); } }, logger('lost :url', { immediate: true, stream: ${broken} })`,
      handler,
    );
    const run = runNode(['-e', script]);
    expect(run).toEqual({ stdout: 'caught disk gone now\n', stderr: '', status: 0 });
  });
});
