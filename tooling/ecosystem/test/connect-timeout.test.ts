import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import timeout from 'connect-timeout';
import { build, closeAll, type Factory } from './support/pair';
import { captureOutput } from './support/output';

const output = captureOutput();
afterEach(closeAll);

function haltOnTimedout(req: Request, _res: Response, next: NextFunction): void {
  if (!req.timedout) next();
}

const after = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** README "as top-level middleware": timeout, then parsers each followed by haltOnTimedout. */
function topLevel(fw: Factory) {
  const app = fw();
  app.locals.reachedAfterTimeout = 0;
  app.use(timeout('100ms'));
  app.use(fw.json());
  app.use(haltOnTimedout);
  app.use(cookieParser());
  app.use(haltOnTimedout);
  app.get('/fast', (_req, res) => {
    res.send('fast');
  });
  app.get('/slow', (req, res) => {
    setTimeout(() => {
      if (req.timedout) return;
      res.send('too late');
    }, 250);
  });
  // a slow middleware: by the time it calls next the 503 is out; haltOnTimedout stops the walk
  app.get(
    '/slow-middleware',
    (_req, _res, next) => {
      setTimeout(next, 200);
    },
    haltOnTimedout,
    (req, res) => {
      req.app.locals.reachedAfterTimeout++;
      res.send('unreachable');
    },
  );
  return app;
}

describe('connect-timeout on express 5 and webfw', () => {
  test('a fast route answers normally; req.timedout is false', async () => {
    const pair = await build(topLevel);
    const { express: r } = await pair.send({ path: '/fast' });
    expect(r.status).toBe(200);
    expect(r.text).toBe('fast');
  });

  test('a slow route gets 503 from the default handler after 100ms (timeout calls next(err) after its next())', async () => {
    const pair = await build(topLevel);
    // the route itself never answers once req.timedout is set: the 503 can only come from the timer
    const { express: r } = await pair.send({ path: '/slow' }, { stack: true, timeout: 2000 });
    expect(r.status).toBe(503);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.text).toMatch(/<pre>ServiceUnavailableError: Response timeout<br> &nbsp; &nbsp;at /);
    await after(300); // the route's late callback finds req.timedout and does nothing
  });

  test('haltOnTimedout stops the walk when a slow middleware calls next after the timeout', async () => {
    const pair = await build(topLevel);
    const { express: r } = await pair.send({ path: '/slow-middleware' }, { stack: true, timeout: 2000 });
    expect(r.status).toBe(503);
    await after(250);
    expect(pair.app('express').locals.reachedAfterTimeout).toBe(0);
    expect(pair.app('webfw').locals.reachedAfterTimeout).toBe(0);
  });

  test('the timeout error reaches a custom error handler with status, code and timeout', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.get('/save', timeout('100ms'), fw.json(), haltOnTimedout, (req, res) => {
        setTimeout(() => {
          if (req.timedout) return;
          res.send('saved');
        }, 200);
      });
      app.use((err: Error & { status?: number; code?: string; timeout?: number }, req: Request, res: Response, _next: NextFunction) => {
        res.status(err.status ?? 500).json({ message: err.message, code: err.code, timeout: err.timeout, timedout: req.timedout });
      });
      return app;
    });
    const { express: r } = await pair.send({ path: '/save' }, { timeout: 2000 });
    expect(r.status).toBe(503);
    expect(r.json()).toEqual({ message: 'Response timeout', code: 'ETIMEDOUT', timeout: 100, timedout: true });
    await after(150);
  });

  test('respond: false leaves the answer to the app; req.clearTimeout() cancels the timer', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.get('/quiet', timeout('50ms', { respond: false }), (req, res) => {
        setTimeout(() => res.send(`timedout=${req.timedout}`), 120);
      });
      app.get('/cleared', timeout('50ms'), (req, res) => {
        req.clearTimeout();
        setTimeout(() => res.send(`timedout=${req.timedout}`), 120);
      });
      return app;
    });
    const quiet = await pair.send({ path: '/quiet' }, { timeout: 2000 });
    expect(quiet.express.text).toBe('timedout=true');
    const cleared = await pair.send({ path: '/cleared' }, { timeout: 2000 });
    expect(cleared.express.text).toBe('timedout=false');
  });

  test('in production the 503 page shows only the status text, and the error is logged', async () => {
    const pair = await build((fw) => {
      const app = topLevel(fw);
      app.set('env', 'production');
      return app;
    });
    const { express: r } = await pair.send({ path: '/slow' }, { timeout: 2000 });
    expect(r.status).toBe(503);
    expect(r.text).toContain('<pre>Service Unavailable</pre>');
    await after(300);
    output.expectOutput((lines) => {
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line).toMatch(/^ServiceUnavailableError: Response timeout\n {4}at /);
    });
  });
});
