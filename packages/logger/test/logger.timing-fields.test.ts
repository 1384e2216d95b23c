import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import request from 'supertest';
import logger from '@webfw/logger';
import type { LoggedRequest, LoggedResponse } from '@webfw/logger';
import { get, LineCapture, logged, withServed, type Middleware } from './support/helpers';

const isHrtime = (value: unknown): boolean =>
  Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0);

describe('the fields morgan sets on req and res', () => {
  it('should set req._startAt, req._startTime and req._remoteAddress on arrival, res._startAt and res._startTime with the headers', async () => {
    const seen: Record<string, unknown> = {};
    const handler: RequestListener = (req, res) => {
      const lreq = req as LoggedRequest;
      const lres = res as LoggedResponse;
      seen.reqStartAt = isHrtime(lreq._startAt);
      seen.reqStartTime = lreq._startTime instanceof Date && Math.abs(lreq._startTime.getTime() - Date.now()) < 5000;
      seen.remote = lreq._remoteAddress;
      seen.resBefore = [lres._startAt, lres._startTime];
      res.writeHead(200);
      seen.resStartAt = isHrtime(lres._startAt);
      seen.resStartTime = lres._startTime instanceof Date && lres._startTime.getTime() >= lreq._startTime!.getTime();
      const [s1, n1] = lreq._startAt!;
      const [s2, n2] = lres._startAt!;
      seen.ordered = s2 > s1 || (s2 === s1 && n2 >= n1);
      res.end();
    };
    await logged(':url', get('/fields'), { handler });
    expect(seen).toEqual({
      reqStartAt: true,
      reqStartTime: true,
      remote: '127.0.0.1',
      resBefore: [undefined, undefined],
      resStartAt: true,
      resStartTime: true,
      ordered: true,
    });
  });

  it('should store req.ip in req._remoteAddress when a framework set it', async () => {
    let remote: unknown;
    const setIp: Middleware = (req, _res, next) => {
      (req as IncomingMessage & { ip: string }).ip = '198.51.100.7';
      next();
    };
    const handler: RequestListener = (req, res) => {
      remote = (req as LoggedRequest)._remoteAddress;
      res.end();
    };
    await withServed([setIp, logger(':url', { stream: new LineCapture() })], handler, get('/'));
    expect(remote).toBe('198.51.100.7');
  });

  it('should reset res._startAt and res._startTime left by earlier code, as morgan does', async () => {
    const stale: Middleware = (_req, res, next) => {
      (res as LoggedResponse)._startAt = [1, 2];
      (res as LoggedResponse)._startTime = new Date(0);
      next();
    };
    let before: unknown;
    const handler: RequestListener = (_req, res) => {
      before = [(res as LoggedResponse)._startAt, (res as LoggedResponse)._startTime];
      res.end();
    };
    const [line] = (await logged(':status :response-time', get('/'), { before: [stale], handler })).lines;
    expect(before).toEqual([undefined, undefined]);
    expect(line).toMatch(/^200 \d+\.\d{3}$/);
    expect(Number(line!.split(' ')[1])).toBeLessThan(1000);
  });

  it('should leave res._startAt unset with immediate, so :response-time is -', async () => {
    expect((await logged(':response-time :total-time', get('/'), { options: { immediate: true } })).lines).toEqual(['- -']);
  });
});

describe('the writeHead hook', () => {
  it('should install its writeHead hook once however many loggers run', async () => {
    const streams = [new LineCapture(), new LineCapture(), new LineCapture()];
    const hooks: unknown[] = [];
    const seeHook: Middleware = (_req, res, next) => {
      hooks.push(res.writeHead);
      next();
    };
    const [a, b, c] = streams.map((stream) => logger(':status :response-time', { stream }) as Middleware);
    await withServed([seeHook, a!, seeHook, b!, c!, seeHook], async (server) => {
      await request(server).get('/').expect(200);
      for (const stream of streams) expect((await stream.waitFor(1))[0]).toMatch(/^200 \d+\.\d{3}$/);
    });
    expect(hooks[1]).not.toBe(hooks[0]);
    expect(hooks[2]).toBe(hooks[1]);
  });

  /** An on-headers style hook: replaces the response's own writeHead, calling the one it found. */
  function hookWriteHead(res: ServerResponse, calls: string[], name: string): void {
    const previous = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      calls.push(`${name} ${String(args[0])}`);
      return (previous as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
  }

  /** A response class of its own, whose writeHead records its calls before calling the prototype's. */
  function subclassResponse(res: ServerResponse, calls: string[]): void {
    const proto = Object.getPrototypeOf(res) as ServerResponse;
    const own = Object.create(proto, {
      writeHead: {
        writable: true,
        configurable: true,
        value(this: ServerResponse, ...args: unknown[]) {
          calls.push(`class ${String(args[0])}`);
          return (proto.writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
        },
      },
    }) as ServerResponse;
    Object.setPrototypeOf(res, own);
  }

  it.each<{
    title: string;
    where: 'before' | 'after';
    install: (res: ServerResponse, calls: string[]) => void;
    format: string;
    handler: RequestListener;
    status: number;
    line: RegExp;
    calls: string[];
  }>([
    {
      title: 'should call a writeHead hook installed before the logger, after its own',
      where: 'before',
      install: (res, calls) => hookWriteHead(res, calls, 'earlier'),
      format: ':status :res[x-h] :response-time',
      handler: (_req, res) => {
        res.writeHead(203, { 'X-H': 'h' });
        res.end();
      },
      status: 203,
      line: /^203 h \d+\.\d{3}$/,
      calls: ['earlier 203'],
    },
    {
      title: 'should keep timing when a writeHead hook is installed after the logger',
      where: 'after',
      install: (res, calls) => hookWriteHead(res, calls, 'later'),
      format: ':status :response-time',
      handler: (_req, res) => {
        res.statusCode = 202;
        res.end();
      },
      status: 202,
      line: /^202 \d+\.\d{3}$/,
      calls: ['later 202'],
    },
    {
      title: "should call a response class's own writeHead",
      where: 'before',
      install: subclassResponse,
      format: ':status :response-time',
      handler: (_req, res) => {
        res.writeHead(200);
        res.end();
      },
      status: 200,
      line: /^200 \d+\.\d{3}$/,
      calls: ['class 200'],
    },
  ])('$title', async ({ where, install, format, handler, status, line, calls: expected }) => {
    const calls: string[] = [];
    const hook: Middleware = (_req, res, next) => {
      install(res, calls);
      next();
    };
    const { lines } = await logged(format, get('/', status), { [where]: [hook], handler });
    expect(lines[0]).toMatch(line);
    expect(calls).toEqual(expected);
  });
});
