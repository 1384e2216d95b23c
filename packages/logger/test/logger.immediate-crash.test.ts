import { runNode } from './support/helpers';

/**
 * The spec's promise for `immediate`: "the request is then logged even if the server
 * crashes". A server in a child process (the BUILT package) logs with `immediate` to
 * standard output (a pipe here), then its handler kills the process at once, in the same
 * turn, with no chance for exit handlers: the line must already be out.
 */
function crashingServer(loggers: string, crash: string): string {
  return `
    const http = require('node:http');
    const logger = require('@webfw/logger');
    const mws = [${loggers}];
    const server = http.createServer((req, res) => {
      let i = 0;
      const next = () => (i < mws.length ? mws[i++](req, res, next) : (${crash}));
      next();
    });
    server.listen(0, '127.0.0.1', () => {
      http.get('http://127.0.0.1:' + server.address().port + '/dies?x=1', { headers: { 'User-Agent': 'probe/1' } }).on('error', () => {});
    });
  `;
}

describe('immediate lines when the process dies right after the request arrives', () => {
  it('should be on standard output when the handler kills the process with SIGKILL', () => {
    const run = runNode(['-e', crashingServer(`logger(':method :url :user-agent', { immediate: true })`, "process.kill(process.pid, 'SIGKILL')")]);
    expect(run.status).toBeNull();
    expect(run.stdout).toBe('GET /dies?x=1 probe/1\n');
  });

  it('should be on standard output when the handler aborts the process', () => {
    const run = runNode(['-e', crashingServer(`logger(':method :url', { immediate: true })`, 'process.abort()')]);
    expect(run.status).toBeNull();
    expect(run.stdout).toBe('GET /dies?x=1\n');
  });

  it('should write the lines of several immediate loggers, in order', () => {
    const run = runNode([
      '-e',
      crashingServer(
        `logger('a :url', { immediate: true }), logger('b :method', { immediate: true, stream: process.stdout }), logger('c :status', { immediate: true })`,
        "process.kill(process.pid, 'SIGKILL')",
      ),
    ]);
    expect(run.stdout).toBe('a /dies?x=1\nb GET\nc -\n');
  });

  it('should have only the immediate line when a logger waiting for the response never got one', () => {
    const run = runNode(['-e', crashingServer(`logger('in :url', { immediate: true }), logger('out :url :status')`, "process.kill(process.pid, 'SIGKILL')")]);
    expect(run.stdout).toBe('in /dies?x=1\n');
  });
});
