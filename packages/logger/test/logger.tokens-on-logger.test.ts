/**
 * Tokens and named formats readable on the logger itself, as morgan keeps them: code that
 * passes the logger as the `tokens` of a compiled format (`logger.compile(f)(logger, req, res)`)
 * or calls `logger.status(req, res)` works as it did with morgan.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import request from 'supertest';
import logger from '@webfw/logger';
import type { FormatFunction, TokenFunction } from '@webfw/logger';
import { get, logged } from './support/helpers';

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
    const format = ':method :url :status :res[content-length] ":user-agent" :http-version';
    let fromCompiled = '';
    const compiled = logger.compile(format);
    const handler: RequestListener = (req, res) => {
      res.on('finish', () => {
        fromCompiled = compiled(logger as never, req, res) as string;
      });
      res.setHeader('Content-Length', '5');
      res.end('hello');
    };
    const exchange = (server: Server) => request(server).get('/path?x=1').set('User-Agent', 'tester/1.0').expect(200, 'hello');
    const { lines } = await logged(format, exchange, { handler });
    expect(lines).toEqual(['GET /path?x=1 200 5 "tester/1.0" 1.1']);
    expect(fromCompiled).toBe(lines[0]);
  });

  it('should let a function format call tokens on the logger, including one defined later', async () => {
    logger.token('request-id', (req: IncomingMessage) => String(req.headers['x-request-id']));
    const l = logger as unknown as Record<string, TokenFunction>;
    const format: FormatFunction = (_tokens, req, res) => [l.method!(req, res), l.status!(req, res), l['request-id']!(req, res)].join(' ');
    expect((await logged(format, get('/', 200, { 'X-Request-Id': 'abc-123' }))).lines).toEqual(['GET 200 abc-123']);
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
    expect((await logged('method-only', (server) => request(server).delete('/').expect(200))).lines).toEqual(['DELETE']);
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
    const { lines } = await logged(names.map((n) => ':' + n).join(' '), get('/'));
    expect(lines).toEqual([names.map((n) => n.replace(/_/g, 'u')).join(' ')]);
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
