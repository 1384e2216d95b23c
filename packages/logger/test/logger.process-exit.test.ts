import { runNode } from './helpers';

/**
 * A server in a child process whose handler (after an immediate logger writing to standard
 * output) runs `then`, reached with one request. Uses the BUILT package.
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

describe('lines pending when the process ends', () => {
  it('should be written when the process exits in the same turn', () => {
    const run = runNode(['-e', serverScript(`logger(':method :url', { immediate: true })`, 'process.exit(0);')]);
    expect(run).toEqual({ stdout: 'GET /last\n', stderr: '', status: 0 });
  });

  it('should be written when the process crashes on an uncaught exception', () => {
    const run = runNode(['-e', serverScript(`logger('crash :url', { immediate: true })`, "throw new Error('handler crashed');")]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('crash /last\n');
    expect(run.stderr).toContain('handler crashed');
  });

  it('should keep the order of lines from several loggers when exiting', () => {
    const run = runNode([
      '-e',
      serverScript(`logger('a :url', { immediate: true }), logger('b :method', { immediate: true }), logger('c :url', { immediate: true })`, 'process.exit(0);'),
    ]);
    expect(run).toEqual({ stdout: 'a /last\nb GET\nc /last\n', stderr: '', status: 0 });
  });
});

describe('a stream whose write throws', () => {
  it("should not keep the other streams' lines from being written, then throw its error", () => {
    const broken = `{ _write() {}, write() { throw new Error('disk gone'); } }`;
    const run = runNode([
      '-e',
      serverScript(`logger('lost :url', { immediate: true, stream: ${broken} }), logger('kept :url', { immediate: true })`, 'res.end();'),
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('kept /last\n');
    expect(run.stderr).toContain('disk gone');
  });
});
