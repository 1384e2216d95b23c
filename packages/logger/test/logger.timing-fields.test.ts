import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import logger from '@webfw/logger';
import type { LoggedRequest, LoggedResponse } from '@webfw/logger';
import { close } from '../../../tooling/test-support';
import { LineCapture, serve, type Middleware } from './helpers';

const isHrtime = (value: unknown): boolean =>
  Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0);

describe('the fields morgan sets on req and res', () => {
  it('should set req._startAt, req._startTime and req._remoteAddress on arrival, res._startAt and res._startTime with the headers', async () => {
    const seen: Record<string, unknown> = {};
    const stream = new LineCapture();
    const { server } = await serve([logger(':url', { stream })], (req, res) => {
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
    });
    try {
      await request(server).get('/fields').expect(200);
      await stream.waitFor(1);
      expect(seen).toEqual({
        reqStartAt: true,
        reqStartTime: true,
        remote: '127.0.0.1',
        resBefore: [undefined, undefined],
        resStartAt: true,
        resStartTime: true,
        ordered: true,
      });
    } finally {
      await close(server);
    }
  });

  it('should store req.ip in req._remoteAddress when a framework set it', async () => {
    let remote: unknown;
    const setIp: Middleware = (req, _res, next) => {
      (req as IncomingMessage & { ip: string }).ip = '198.51.100.7';
      next();
    };
    const { server } = await serve([setIp, logger(':url', { stream: new LineCapture() })], (req, res) => {
      remote = (req as LoggedRequest)._remoteAddress;
      res.end();
    });
    try {
      await request(server).get('/').expect(200);
      expect(remote).toBe('198.51.100.7');
    } finally {
      await close(server);
    }
  });

  it('should reset res._startAt and res._startTime left by earlier code, as morgan does', async () => {
    const stream = new LineCapture();
    const stale: Middleware = (_req, res, next) => {
      (res as LoggedResponse)._startAt = [1, 2];
      (res as LoggedResponse)._startTime = new Date(0);
      next();
    };
    let before: unknown;
    const { server } = await serve([stale, logger(':status :response-time', { stream })], (_req, res) => {
      before = [(res as LoggedResponse)._startAt, (res as LoggedResponse)._startTime];
      res.end();
    });
    try {
      await request(server).get('/').expect(200);
      const [line] = await stream.waitFor(1);
      expect(before).toEqual([undefined, undefined]);
      expect(line).toMatch(/^200 \d+\.\d{3}$/);
      expect(Number(line!.split(' ')[1])).toBeLessThan(1000);
    } finally {
      await close(server);
    }
  });

  it('should leave res._startAt unset with immediate, so :response-time is -', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger(':response-time :total-time', { stream, immediate: true })]);
    try {
      await request(server).get('/').expect(200);
      expect(await stream.waitFor(1)).toEqual(['- -']);
    } finally {
      await close(server);
    }
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
    const { server } = await serve([seeHook, a!, seeHook, b!, c!, seeHook], (_req, res) => {
      res.end();
    });
    try {
      await request(server).get('/').expect(200);
      for (const stream of streams) expect((await stream.waitFor(1))[0]).toMatch(/^200 \d+\.\d{3}$/);
      expect(hooks[1]).not.toBe(hooks[0]);
      expect(hooks[2]).toBe(hooks[1]);
    } finally {
      await close(server);
    }
  });

  /** An on-headers style hook: replaces the response's own writeHead, calling the one it found. */
  function hookWriteHead(res: ServerResponse, calls: string[], name: string): void {
    const previous = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      calls.push(`${name} ${String(args[0])}`);
      return (previous as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
  }

  it('should call a writeHead hook installed before the logger, after its own', async () => {
    const calls: string[] = [];
    const stream = new LineCapture();
    const before: Middleware = (_req, res, next) => {
      hookWriteHead(res, calls, 'earlier');
      next();
    };
    const { server } = await serve([before, logger(':status :res[x-h] :response-time', { stream })], (_req, res) => {
      res.writeHead(203, { 'X-H': 'h' });
      res.end();
    });
    try {
      await request(server).get('/').expect(203);
      const [line] = await stream.waitFor(1);
      expect(line).toMatch(/^203 h \d+\.\d{3}$/);
      expect(calls).toEqual(['earlier 203']);
    } finally {
      await close(server);
    }
  });

  it('should keep timing when a writeHead hook is installed after the logger', async () => {
    const calls: string[] = [];
    const stream = new LineCapture();
    const after: Middleware = (_req, res, next) => {
      hookWriteHead(res, calls, 'later');
      next();
    };
    const { server } = await serve([logger(':status :response-time', { stream }), after], (_req, res) => {
      res.statusCode = 202;
      res.end();
    });
    try {
      await request(server).get('/').expect(202);
      const [line] = await stream.waitFor(1);
      expect(line).toMatch(/^202 \d+\.\d{3}$/);
      expect(calls).toEqual(['later 202']);
    } finally {
      await close(server);
    }
  });

  it("should call a response class's own writeHead", async () => {
    const calls: string[] = [];
    const stream = new LineCapture();
    const subclass: Middleware = (_req, res, next) => {
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
      next();
    };
    const { server } = await serve([subclass, logger(':status :response-time', { stream })], (_req, res) => {
      res.writeHead(200);
      res.end();
    });
    try {
      await request(server).get('/').expect(200);
      const [line] = await stream.waitFor(1);
      expect(line).toMatch(/^200 \d+\.\d{3}$/);
      expect(calls).toEqual(['class 200']);
    } finally {
      await close(server);
    }
  });
});
