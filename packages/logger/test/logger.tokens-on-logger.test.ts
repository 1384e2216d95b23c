/**
 * Tokens and named formats readable on the logger itself, as morgan keeps them: code that
 * passes the logger as the `tokens` of a compiled format (`logger.compile(f)(logger, req, res)`)
 * or calls `logger.status(req, res)` works as it did with morgan.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import logger from '@webfw/logger';
import type { TokenFunction } from '@webfw/logger';
import { close } from '../../../tooling/test-support';
import { LineCapture, serve } from './helpers';

const BUILT_INS = [
  'date',
  'http-version',
  'method',
  'pid',
  'referrer',
  'remote-addr',
  'remote-user',
  'req',
  'res',
  'response-time',
  'status',
  'total-time',
  'url',
  'user-agent',
];

describe('tokens on the logger', () => {
  it('should have every built-in token as a function on the logger', () => {
    for (const name of BUILT_INS) expect(typeof (logger as unknown as Record<string, unknown>)[name]).toBe('function');
  });

  it('should give the same line with the logger as tokens of a compiled format as the middleware writes', async () => {
    const stream = new LineCapture();
    let fromCompiled = '';
    const compiled = logger.compile(':method :url :status :res[content-length] ":user-agent" :http-version');
    const { server } = await serve([logger(':method :url :status :res[content-length] ":user-agent" :http-version', { stream })], (req, res) => {
      res.on('finish', () => {
        fromCompiled = compiled(logger as never, req, res) as string;
      });
      res.setHeader('Content-Length', '5');
      res.end('hello');
    });
    try {
      await request(server).get('/path?x=1').set('User-Agent', 'tester/1.0').expect(200, 'hello');
      const [line] = await stream.waitFor(1);
      expect(line).toBe('GET /path?x=1 200 5 "tester/1.0" 1.1');
      expect(fromCompiled).toBe(line);
    } finally {
      await close(server);
    }
  });

  it('should let a function format call tokens on the logger, including one defined later', async () => {
    const stream = new LineCapture();
    logger.token('request-id', (req: IncomingMessage) => String(req.headers['x-request-id']));
    const l = logger as unknown as Record<string, TokenFunction>;
    const { server } = await serve([
      logger((_tokens, req, res) => [l.method!(req, res), l.status!(req, res), l['request-id']!(req, res)].join(' '), { stream }),
    ]);
    try {
      await request(server).get('/').set('X-Request-Id', 'abc-123').expect(200);
      expect(await stream.waitFor(1)).toEqual(['GET 200 abc-123']);
    } finally {
      await close(server);
    }
  });

  it('should follow a redefinition of a built-in token with its escaping wrapper, as morgan does', () => {
    const original = logger.status;
    try {
      const fn = (_req: IncomingMessage, res: ServerResponse) => `status="${res.statusCode}"`;
      logger.token('status', fn);
      expect(logger.status).not.toBe(original);
      expect(logger.status).not.toBe(fn);
      expect(logger.status({} as IncomingMessage, { statusCode: 201 } as ServerResponse)).toBe('status=\\"201\\"');
    } finally {
      logger.token('status', original);
    }
  });

  it('should give a number a token returns as it is, and undefined for no value', () => {
    logger.token('a-number', () => 7);
    const l = logger as unknown as Record<string, TokenFunction>;
    expect(l['a-number']!({} as IncomingMessage, {} as ServerResponse)).toBe(7);
    expect(logger.status({} as IncomingMessage, { headersSent: false } as ServerResponse)).toBeUndefined();
  });

  it('should put a named format on the logger', async () => {
    logger.format('method-only', ':method');
    expect((logger as unknown as Record<string, unknown>)['method-only']).toBe(':method');
    const stream = new LineCapture();
    const { server } = await serve([logger('method-only', { stream })]);
    try {
      await request(server).delete('/').expect(200);
      expect(await stream.waitFor(1)).toEqual(['DELETE']);
    } finally {
      await close(server);
    }
  });

  it("should never replace the logger's own members, what functions inherit, or its prototype, while still defining the token", async () => {
    const proto = Object.getPrototypeOf(logger);
    const objectNames = Object.getOwnPropertyNames(Object.prototype).sort();
    const { compile, token, format } = logger;
    const names = ['__proto__', 'compile', 'length', 'name', 'valueOf', 'hasOwnProperty', 'toString', 'constructor', 'prototype'];
    for (const name of names) logger.token(name, () => name.replace(/_/g, 'u'));
    logger.format('token', ':method');
    expect(Object.getPrototypeOf(logger)).toBe(proto);
    expect(logger.compile).toBe(compile);
    expect(logger.token).toBe(token);
    expect(logger.format).toBe(format);
    expect(typeof logger.length).toBe('number');
    expect(logger.hasOwnProperty).toBe(Object.prototype.hasOwnProperty);
    expect(logger.valueOf).toBe(Object.prototype.valueOf);
    expect(() => String(logger)).not.toThrow();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(objectNames);
    expect(Object.getOwnPropertyNames(Function.prototype)).not.toContain('valueOf');
    const stream = new LineCapture();
    const { server } = await serve([logger(names.map((n) => ':' + n).join(' '), { stream })]);
    try {
      await request(server).get('/').expect(200);
      expect(await stream.waitFor(1)).toEqual([names.map((n) => n.replace(/_/g, 'u')).join(' ')]);
    } finally {
      await close(server);
    }
  });

  it('should keep a named format on the logger when a token takes its name', () => {
    const fn = () => 'x';
    logger.token('combined', fn);
    logger.format('shared-name', ':url');
    logger.token('shared-name', fn);
    expect(logger.combined).toBe(
      ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"',
    );
    expect((logger as unknown as Record<string, unknown>)['shared-name']).toBe(':url');
  });
});
