import type { RequestListener } from 'node:http';
import request from 'supertest';
import logger from '@webfw/logger';
import type { FormatFunction } from '@webfw/logger';
import { get, LineCapture, logged, StdoutCapture, withServed } from './support/helpers';

describe('logger(format)', () => {
  it.each<{ name: string; format: string | FormatFunction; path: string; line: string }>([
    { name: 'should use a format string with tokens and literal text', format: '-> :method :url <-', path: '/x', line: '-> GET /x <-' },
    {
      name: 'should use a format function and write what it returns',
      format: (tokens, req) => `fn ${String(tokens.method!(req, undefined as never))} ${req.url}`,
      path: '/f',
      line: 'fn GET /f',
    },
  ])('$name', async ({ format, path, line }) => {
    const { lines } = await logged(format, (server) => request(server).get(path).expect(200, 'hello'));
    expect(lines).toEqual([line]);
  });

  it.each([null, undefined])('should write nothing when the format function returns %p', async (value) => {
    const stream = new LineCapture();
    const marker = new LineCapture();
    await withServed([logger(() => value, { stream }), logger(':url', { stream: marker })], async (server) => {
      await request(server).get('/skip').expect(200);
      await marker.waitFor(1);
      await new Promise((r) => setTimeout(r, 20));
      expect(stream.chunks).toEqual([]);
    });
  });

  it.each([42, true, Symbol('fmt'), 10n])("should throw morgan's TypeError for format %p (neither a string, a function nor options)", (bad) => {
    expect(() => logger(bad as never)).toThrow(new TypeError('argument format must be a string'));
  });

  it('should take a format naming a token or a member of the logger as a format string', async () => {
    const stream = new LineCapture();
    await withServed([logger('url', { stream }), logger('token', { stream }), logger('length', { stream })], async (server) => {
      await request(server).get('/names').expect(200);
      expect(await stream.waitFor(3)).toEqual(['url', 'token', 'length']);
    });
  });

  it('should ignore options that are not an object, as morgan does', async () => {
    const stdout = new StdoutCapture();
    try {
      await withServed([logger('ignored :url', 'nope' as never)], get('/opts'));
      await stdout.waitFor((write) => write === 'ignored /opts\n');
    } finally {
      stdout.restore();
    }
    expect(stdout.writes).toContain('ignored /opts\n');
  });

  it.each([
    ['a skip that is not a function', { skip: 'yes' }, 'option skip must be a function'],
    ['a stream without write', { stream: {} }, 'option stream must have a write method'],
  ])('should throw a TypeError for %s', (_name, options, message) => {
    expect(() => logger('tiny', options as never)).toThrow(new TypeError(message));
  });
});

describe('logger.token(name, fn)', () => {
  afterAll(() => {
    logger.token('method', (req) => req.method);
  });

  it('should add a token usable in formats, with its [arg]', async () => {
    logger.token('greeting', (_req, _res, who) => `hi ${who ?? 'nobody'}`);
    expect((await logged(':greeting[bob] / :greeting', get('/'))).lines).toEqual(['hi bob / hi nobody']);
  });

  it('should overwrite an existing token, also for loggers created before', async () => {
    const { lines } = await logged(':method', (server) => {
      logger.token('method', (req) => `<${req.method}>`);
      return request(server).get('/').expect(200);
    });
    expect(lines).toEqual(['<GET>']);
  });

  it('should return logger for chaining', () => {
    expect(logger.token('chain-a', () => 'a')).toBe(logger);
  });

  it('should pass the token functions to format functions as tokens', async () => {
    logger.token('answer', () => '42');
    const { lines } = await logged((tokens, req, res) => `${tokens.answer!(req, res)} ${tokens.status!(req, res)}`, get('/'));
    expect(lines).toEqual(['42 200']);
  });
});

describe('logger.format(name, format)', () => {
  it('should name a format string usable as logger(name)', async () => {
    expect(logger.format('mine', 'mine :method :status')).toBe(logger);
    expect((await logged('mine', (server) => request(server).delete('/').expect(200))).lines).toEqual(['mine DELETE 200']);
  });

  it('should name a format function usable as logger(name)', async () => {
    logger.format('fnfmt', (_tokens, req) => `fn:${req.url}`);
    expect((await logged('fnfmt', get('/q'))).lines).toEqual(['fn:/q']);
  });

  it('should overwrite an existing named format', async () => {
    logger.format('again', 'first');
    logger.format('again', 'second :method');
    expect((await logged('again', get('/'))).lines).toEqual(['second GET']);
  });

  it('should throw a TypeError for a format that is neither string nor function', () => {
    expect(() => logger.format('bad', 7 as never)).toThrow(new TypeError('argument format must be a string or a function'));
  });
});

describe('logger.compile(format)', () => {
  it('should return the line function for a format string', async () => {
    const line = logger.compile(':method :url :status');
    let compiled = '';
    const handler: RequestListener = (req, res) => {
      res.statusCode = 201;
      res.end();
      compiled = line({ method: (r) => r.method, url: (r) => r.url, status: (_r, s) => String(s.statusCode) }, req, res) ?? '';
    };
    await withServed([], handler, get('/c', 201));
    expect(compiled).toBe('GET /c 201');
  });

  it('should throw a TypeError when the format is not a string', () => {
    expect(() => logger.compile(123 as never)).toThrow(new TypeError('argument format must be a string'));
  });

  it('should leave text that is not a token (one character, no name) as it is', () => {
    const line = logger.compile('a:b :: 10:3 :x-y');
    expect(line({ 'x-y': () => 'Z' }, {} as never, {} as never)).toBe('a:b :: 10:3 Z');
  });
});
