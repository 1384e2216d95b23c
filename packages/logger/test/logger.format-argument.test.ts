import request from 'supertest';
import logger from '@webfw/logger';
import { close } from '../../../tooling/test-support';
import { LineCapture, serve } from './helpers';

describe('logger(format)', () => {
  it('should use a format string with tokens and literal text', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger('-> :method :url <-', { stream })]);
    try {
      await request(server).get('/x').expect(200, 'hello');
      expect(await stream.waitFor(1)).toEqual(['-> GET /x <-']);
    } finally {
      await close(server);
    }
  });

  it('should use a format function and write what it returns', async () => {
    const stream = new LineCapture();
    const fmt = (tokens: Record<string, (...a: never[]) => unknown>, req: import('node:http').IncomingMessage) =>
      `fn ${String(tokens.method!(req as never, undefined as never))} ${req.url}`;
    const { server } = await serve([logger(fmt as never, { stream })]);
    try {
      await request(server).get('/f').expect(200);
      expect(await stream.waitFor(1)).toEqual(['fn GET /f']);
    } finally {
      await close(server);
    }
  });

  it.each([null, undefined])('should write nothing when the format function returns %p', async (value) => {
    const stream = new LineCapture();
    const marker = new LineCapture();
    const { server } = await serve([logger(() => value, { stream }), logger(':url', { stream: marker })]);
    try {
      await request(server).get('/skip').expect(200);
      await marker.waitFor(1);
      await new Promise((r) => setTimeout(r, 20));
      expect(stream.chunks).toEqual([]);
    } finally {
      await close(server);
    }
  });

  it.each([42, true, Symbol('fmt'), 10n])("should throw morgan's TypeError for format %p (neither a string, a function nor options)", (bad) => {
    expect(() => logger(bad as never)).toThrow(new TypeError('argument format must be a string'));
  });

  it('should take a format naming a token or a member of the logger as a format string', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger('url', { stream }), logger('token', { stream }), logger('length', { stream })]);
    try {
      await request(server).get('/names').expect(200);
      expect(await stream.waitFor(3)).toEqual(['url', 'token', 'length']);
    } finally {
      await close(server);
    }
  });

  it('should ignore options that are not an object, as morgan does', async () => {
    const writes: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const { server } = await serve([logger('ignored :url', 'nope' as never)]);
    try {
      await request(server).get('/opts').expect(200);
      for (let i = 0; i < 50 && !writes.includes('ignored /opts\n'); i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      spy.mockRestore();
      await close(server);
    }
    expect(writes).toContain('ignored /opts\n');
  });

  it('should throw a TypeError for a skip that is not a function', () => {
    expect(() => logger('tiny', { skip: 'yes' as never })).toThrow(new TypeError('option skip must be a function'));
  });

  it('should throw a TypeError for a stream without write', () => {
    expect(() => logger('tiny', { stream: {} as never })).toThrow(new TypeError('option stream must have a write method'));
  });
});

describe('logger.token(name, fn)', () => {
  afterAll(() => {
    logger.token('method', (req) => req.method);
  });

  it('should add a token usable in formats, with its [arg]', async () => {
    logger.token('greeting', (_req, _res, who) => `hi ${who ?? 'nobody'}`);
    const stream = new LineCapture();
    const { server } = await serve([logger(':greeting[bob] / :greeting', { stream })]);
    try {
      await request(server).get('/').expect(200);
      expect(await stream.waitFor(1)).toEqual(['hi bob / hi nobody']);
    } finally {
      await close(server);
    }
  });

  it('should overwrite an existing token, also for loggers created before', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger(':method', { stream })]);
    try {
      logger.token('method', (req) => `<${req.method}>`);
      await request(server).get('/').expect(200);
      expect(await stream.waitFor(1)).toEqual(['<GET>']);
    } finally {
      await close(server);
    }
  });

  it('should return logger for chaining', () => {
    expect(logger.token('chain-a', () => 'a')).toBe(logger);
  });

  it('should pass the token functions to format functions as tokens', async () => {
    logger.token('answer', () => '42');
    const stream = new LineCapture();
    const { server } = await serve([logger((tokens, req, res) => `${tokens.answer!(req, res)} ${tokens.status!(req, res)}`, { stream })]);
    try {
      await request(server).get('/').expect(200);
      expect(await stream.waitFor(1)).toEqual(['42 200']);
    } finally {
      await close(server);
    }
  });
});

describe('logger.format(name, format)', () => {
  it('should name a format string usable as logger(name)', async () => {
    expect(logger.format('mine', 'mine :method :status')).toBe(logger);
    const stream = new LineCapture();
    const { server } = await serve([logger('mine', { stream })]);
    try {
      await request(server).delete('/').expect(200);
      expect(await stream.waitFor(1)).toEqual(['mine DELETE 200']);
    } finally {
      await close(server);
    }
  });

  it('should name a format function usable as logger(name)', async () => {
    logger.format('fnfmt', (_tokens, req) => `fn:${req.url}`);
    const stream = new LineCapture();
    const { server } = await serve([logger('fnfmt', { stream })]);
    try {
      await request(server).get('/q').expect(200);
      expect(await stream.waitFor(1)).toEqual(['fn:/q']);
    } finally {
      await close(server);
    }
  });

  it('should overwrite an existing named format', async () => {
    logger.format('again', 'first');
    logger.format('again', 'second :method');
    const stream = new LineCapture();
    const { server } = await serve([logger('again', { stream })]);
    try {
      await request(server).get('/').expect(200);
      expect(await stream.waitFor(1)).toEqual(['second GET']);
    } finally {
      await close(server);
    }
  });

  it('should throw a TypeError for a format that is neither string nor function', () => {
    expect(() => logger.format('bad', 7 as never)).toThrow(new TypeError('argument format must be a string or a function'));
  });
});

describe('logger.compile(format)', () => {
  it('should return the line function for a format string', async () => {
    const line = logger.compile(':method :url :status');
    let compiled = '';
    const { server } = await serve([], (req, res) => {
      res.statusCode = 201;
      res.end();
      compiled = line({ method: (r) => r.method, url: (r) => r.url, status: (_r, s) => String(s.statusCode) }, req, res) ?? '';
    });
    try {
      await request(server).get('/c').expect(201);
      expect(compiled).toBe('GET /c 201');
    } finally {
      await close(server);
    }
  });

  it('should throw a TypeError when the format is not a string', () => {
    expect(() => logger.compile(123 as never)).toThrow(new TypeError('argument format must be a string'));
  });

  it('should leave text that is not a token (one character, no name) as it is', () => {
    const line = logger.compile('a:b :: 10:3 :x-y');
    expect(line({ 'x-y': () => 'Z' }, {} as never, {} as never)).toBe('a:b :: 10:3 Z');
  });
});
