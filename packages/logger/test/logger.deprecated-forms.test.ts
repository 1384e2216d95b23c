/**
 * morgan's deprecated forms: `logger(options)` with the format inside, no format, the
 * `default` format and the `buffer` option. They work as on morgan and print morgan's
 * warnings (depd, namespace `morgan`), compared here with morgan's own: captured through the
 * `deprecation` event in this process, and as printed on standard error by a child process.
 */
import type { IncomingMessage, RequestListener } from 'node:http';
import logger from '@webfw/logger';
import { morgan, outputWith, REQUESTS, webfw, type LoggerLibrary } from './support/differential';
import { EventEmitter } from 'node:events';
import { rawRequest, until } from '@webfw/test-support';
import { runNode, withServed } from './support/helpers';
import { silenceDeprecations, warningsOf, type Warning } from '@webfw/test-support/deprecations';

/** Calls `call` with morgan, then with @webfw/logger: the same warnings and errors, returned. */
function sameAsMorgan(call: (library: LoggerLibrary) => unknown): { warnings: Warning[]; thrown?: string } {
  const fromMorgan = warningsOf(() => call(morgan));
  const fromWebfw = warningsOf(() => call(webfw));
  expect(fromWebfw).toEqual(fromMorgan);
  return fromWebfw;
}

const THIS_FILE = 'logger.deprecated-forms.test.ts';
const warning = (message: string): Warning => ({ namespace: 'morgan', message, file: THIS_FILE });
const DEFAULT_FORMAT = warning('default format: use combined format');

describe("morgan's deprecation warnings", () => {
  it('should warn for logger(options) with the format inside, naming the format', () => {
    expect(sameAsMorgan((lib) => lib({ format: 'tiny' }))).toEqual({ warnings: [warning('morgan(options): use morgan("tiny", options) instead')] });
    expect(sameAsMorgan((lib) => lib({ format: 'a "quoted" :url' }))).toEqual({
      warnings: [warning('morgan(options): use morgan("a \\"quoted\\" :url", options) instead')],
    });
    expect(sameAsMorgan((lib) => lib({ format: () => 'line', immediate: true }))).toEqual({
      warnings: [warning('morgan(options): use morgan(format, options) instead')],
    });
  });

  it('should warn twice for logger(options) without a format: the options form and the default format', () => {
    expect(sameAsMorgan((lib) => lib({}))).toEqual({ warnings: [warning('morgan(options): use morgan("default", options) instead'), DEFAULT_FORMAT] });
    expect(sameAsMorgan((lib) => lib([]))).toEqual({ warnings: [warning('morgan(options): use morgan("default", options) instead'), DEFAULT_FORMAT] });
  });

  it('should warn for no format, then for the default format', () => {
    expect(sameAsMorgan((lib) => lib())).toEqual({ warnings: [warning('undefined format: specify a format'), DEFAULT_FORMAT] });
    expect(sameAsMorgan((lib) => lib(undefined, { immediate: true }))).toEqual({ warnings: [warning('undefined format: specify a format'), DEFAULT_FORMAT] });
  });

  it('should use the default format, with its warning, for a format that is falsy', () => {
    // one call site each: depd warns once per place
    expect(sameAsMorgan((lib) => lib(null))).toEqual({ warnings: [DEFAULT_FORMAT] });
    expect(sameAsMorgan((lib) => lib(''))).toEqual({ warnings: [DEFAULT_FORMAT] });
    expect(sameAsMorgan((lib) => lib(false))).toEqual({ warnings: [DEFAULT_FORMAT] });
    expect(sameAsMorgan((lib) => lib(0))).toEqual({ warnings: [DEFAULT_FORMAT] });
  });

  it("should warn for logger('default')", () => {
    expect(sameAsMorgan((lib) => lib('default'))).toEqual({ warnings: [DEFAULT_FORMAT] });
  });

  it('should warn for the buffer option when it is truthy, after the format warnings', () => {
    expect(sameAsMorgan((lib) => lib('tiny', { buffer: true }))).toEqual({ warnings: [warning('buffer option')] });
    expect(sameAsMorgan((lib) => lib({ format: 'tiny', buffer: 20 }))).toEqual({
      warnings: [warning('morgan(options): use morgan("tiny", options) instead'), warning('buffer option')],
    });
    expect(sameAsMorgan((lib) => lib({ buffer: 20 }))).toEqual({
      warnings: [warning('morgan(options): use morgan("default", options) instead'), DEFAULT_FORMAT, warning('buffer option')],
    });
    expect(sameAsMorgan((lib) => lib('tiny', { buffer: 0 }))).toEqual({ warnings: [] });
  });

  it('should warn, then throw, for options whose format is unusable', () => {
    expect(sameAsMorgan((lib) => lib({ format: 42 }))).toEqual({
      warnings: [warning('morgan(options): use morgan(format, options) instead')],
      thrown: 'TypeError: argument format must be a string',
    });
  });

  it('should warn once per place in the calling code, as depd does', () => {
    const make = (lib: LoggerLibrary) => lib({ format: 'short' });
    const counts = (lib: LoggerLibrary) => [
      warningsOf(() => make(lib)).warnings.length,
      warningsOf(() => make(lib)).warnings.length,
      warningsOf(() => lib({ format: 'short' })).warnings.length,
      warningsOf(() => lib({ format: 'short' })).warnings.length,
    ];
    expect(counts(webfw)).toEqual([1, 0, 1, 1]);
    expect(counts(morgan)).toEqual([1, 0, 1, 1]);
    // the same places again: already warned
    expect(counts(webfw)).toEqual([0, 0, 0, 0]);
  });

  it('should warn when the default format is defined again, as setting morgan.default does', () => {
    try {
      expect(sameAsMorgan((lib) => lib.format('default', ':method :url'))).toEqual({ warnings: [DEFAULT_FORMAT] });
    } finally {
      warningsOf(() => {
        morgan.format(
          'default',
          ':remote-addr - :remote-user [:date] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"',
        );
        logger.format(
          'default',
          ':remote-addr - :remote-user [:date] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"',
        );
      });
    }
  });
});

describe("morgan's deprecation warnings on standard error", () => {
  /** Loads the library named by the first argument and uses every deprecated form. */
  const script = `
    const lib = require(process.argv[1]);
    const make = () => lib({ format: 'tiny' });
    make(); make();
    lib();
    lib('default', { buffer: true });
    lib({ format: (t, req) => req.url, buffer: 50 });
    lib.format('default', ':method');
    lib(null);
    try { lib({ format: 42 }); } catch (err) { console.error('threw ' + err.message); }
  `;
  const timestamp = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT /gm;

  it("should print morgan's lines: text, namespace and the caller's place", () => {
    const fromMorgan = runNode(['-e', script, 'morgan']);
    const fromWebfw = runNode(['-e', script, '@webfw/logger']);
    expect(fromMorgan.status).toBe(0);
    expect(fromWebfw.status).toBe(0);
    const lines = fromWebfw.stderr.replace(timestamp, '<date> ').trimEnd().split('\n');
    expect(lines).toEqual(fromMorgan.stderr.replace(timestamp, '<date> ').trimEnd().split('\n'));
    expect(lines).toEqual([
      '<date> morgan deprecated morgan(options): use morgan("tiny", options) instead at [eval]:3:24',
      '<date> morgan deprecated undefined format: specify a format at [eval]:5:5',
      '<date> morgan deprecated default format: use combined format at [eval]:5:5',
      '<date> morgan deprecated default format: use combined format at [eval]:6:5',
      '<date> morgan deprecated buffer option at [eval]:6:5',
      '<date> morgan deprecated morgan(options): use morgan(format, options) instead at [eval]:7:5',
      '<date> morgan deprecated buffer option at [eval]:7:5',
      '<date> morgan deprecated default format: use combined format at [eval]:8:9',
      '<date> morgan deprecated default format: use combined format at [eval]:9:5',
      '<date> morgan deprecated morgan(options): use morgan(format, options) instead at [eval]:10:11',
      'threw argument format must be a string',
    ]);
  });

  it('should print nothing with NO_DEPRECATION=morgan, as morgan', () => {
    const env = { ...process.env, NO_DEPRECATION: 'morgan' };
    const fromMorgan = runNode(['-e', script, 'morgan'], env);
    const fromWebfw = runNode(['-e', script, '@webfw/logger'], env);
    expect(fromWebfw.stderr).toBe('threw argument format must be a string\n');
    expect(fromWebfw.stderr).toBe(fromMorgan.stderr);
  });
});

describe('lines of the deprecated forms, as morgan writes them', () => {
  silenceDeprecations();

  const SOME = REQUESTS.slice(0, 8);

  it.each<[string, (lib: LoggerLibrary, stream: NodeJS.WritableStream) => unknown]>([
    ["logger('default')", (lib, stream) => lib('default', { stream })],
    ['logger(undefined, options)', (lib, stream) => lib(undefined, { stream })],
    ['logger({ stream })', (lib, stream) => lib({ stream })],
    ["logger({ format: 'tiny', stream })", (lib, stream) => lib({ format: 'tiny', stream })],
    ['logger({ format, immediate, stream })', (lib, stream) => lib({ format: ':method :url :status', immediate: true, stream })],
    [
      'logger({ format: fn, skip, stream })',
      (lib, stream) => lib({ format: (_t: unknown, req: IncomingMessage) => `fn ${req.url}`, skip: (req: IncomingMessage) => req.url === '/forged', stream }),
    ],
  ])('should write the lines of %s as morgan', async (_name, make) => {
    const build = make as (lib: LoggerLibrary, stream: NodeJS.WritableStream) => ReturnType<LoggerLibrary>;
    const fromMorgan = await outputWith(morgan, build, SOME);
    const fromWebfw = await outputWith(webfw, build, SOME);
    expect(fromMorgan.lines.length).toBeGreaterThanOrEqual(SOME.length - 1);
    expect(fromWebfw.lines).toEqual(fromMorgan.lines);
  });

  it('should write the default format as combined with the web date', async () => {
    const fromWebfw = await outputWith(webfw, (lib, stream) => lib('default', { stream }), [REQUESTS[0]!]);
    expect(fromWebfw.lines).toEqual(['127.0.0.1 - - [<web>] "GET /plain?q=1 HTTP/1.1" 200 - "http://ref.example/" "curl/8.5.0"']);
  });
});

describe('the deprecated buffer option', () => {
  silenceDeprecations();

  it('should write the lines of one interval in one write, as morgan', async () => {
    const batch = REQUESTS.slice(0, 4);
    const make = (lib: LoggerLibrary, stream: NodeJS.WritableStream) => lib(':method :url :status', { stream, buffer: 300 });
    const [fromMorgan, fromWebfw] = await Promise.all([outputWith(morgan, make, [batch], 4), outputWith(webfw, make, [batch], 4)]);
    expect(fromMorgan.chunks).toHaveLength(1);
    expect(fromWebfw.chunks).toHaveLength(1);
    expect([...fromWebfw.lines].sort()).toEqual([...fromMorgan.lines].sort());
    expect([...fromWebfw.lines].sort()).toEqual(['GET /a\\"b\\\\c?d=\\"e\\" 200', 'GET /backslash 200', 'GET /forged 200', 'GET /plain?q=1 200']);
  });

  it('should buffer the lines of an immediate logger too, as morgan', async () => {
    const lines = async (lib: LoggerLibrary) => {
      const chunks: string[] = [];
      const written = new EventEmitter();
      const stream = { write: (text: string) => void (chunks.push(text), written.emit('write')) };
      let inHandler = -1;
      const handler: RequestListener = (_req, res) => {
        inHandler = chunks.length;
        res.end();
      };
      await withServed([lib(':method :url', { stream, immediate: true, buffer: 150 })], handler, async (_server, port) => {
        await rawRequest(port, REQUESTS[0]!);
        await until(written, 'write', () => chunks.length > 0);
      });
      return { inHandler, chunks };
    };
    const [fromMorgan, fromWebfw] = await Promise.all([lines(morgan), lines(webfw)]);
    expect(fromWebfw).toEqual({ inHandler: 0, chunks: ['GET /plain?q=1\n'] });
    expect(fromWebfw).toEqual(fromMorgan);
  });

  it('should wait 1000 ms when buffer is not a number, as morgan', async () => {
    const seen = async (lib: LoggerLibrary) => {
      const chunks: string[] = [];
      const written = new EventEmitter();
      const stream = { write: (text: string) => void (chunks.push(text), written.emit('write')) };
      const make = () => lib(':url', { stream, buffer: 'yes' }) as ReturnType<LoggerLibrary>;
      const started = Date.now();
      await outputWith(lib, make, [REQUESTS[0]!]);
      const early = chunks.length;
      await until(written, 'write', () => chunks.length > 0);
      return { early, late: chunks, waited: Date.now() - started };
    };
    const [fromMorgan, fromWebfw] = await Promise.all([seen(morgan), seen(webfw)]);
    for (const result of [fromMorgan, fromWebfw]) {
      expect(result.early).toBe(0);
      expect(result.late).toEqual(['/plain?q=1\n']);
      expect(result.waited).toBeGreaterThanOrEqual(900);
    }
  });

  it('should write buffered lines when the process exits (morgan loses them)', () => {
    const script = `
      const http = require('node:http');
      const lib = require(process.argv[1]);
      const mw = lib(':method :url :status', { buffer: 60000 });
      const server = http.createServer((req, res) => mw(req, res, () => {
        res.on('close', () => setImmediate(() => process.exit(0)));
        res.end('x');
      }));
      server.listen(0, '127.0.0.1', () => http.get('http://127.0.0.1:' + server.address().port + '/buffered').on('error', () => {}));
    `;
    const env = { ...process.env, NO_DEPRECATION: 'morgan' };
    expect(runNode(['-e', script, '@webfw/logger'], env)).toEqual({ stdout: 'GET /buffered 200\n', stderr: '', status: 0 });
    expect(runNode(['-e', script, 'morgan'], env)).toEqual({ stdout: '', stderr: '', status: 0 });
  });
});
