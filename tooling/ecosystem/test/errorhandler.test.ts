import type { Request } from 'express';
import errorhandler from 'errorhandler';
import { build, closeAll, type App, type Factory } from './support/pair';
import { captureOutput } from './support/output';

const output = captureOutput();
afterEach(closeAll);

/** Runs `fn` with NODE_ENV set to `env`, restoring it after (an app reads it when created). */
function withNodeEnv<T>(env: string, fn: () => T): T {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = env;
  try {
    return fn();
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

function routes(app: App): App {
  app.get('/boom', () => {
    throw new Error('boom <b>bold</b>');
  });
  app.get('/status', (_req, _res, next) => {
    next(Object.assign(new Error('no such thing'), { status: 404, code: 'ENOENT', expose: true }));
  });
  app.get('/string', (_req, _res, next) => {
    next('a plain string');
  });
  app.get('/object', (_req, _res, next) => {
    next({ reason: 'not an Error', nested: { n: 1 } });
  });
  app.get('/async', async () => {
    await Promise.resolve();
    throw new TypeError('rejected handler');
  });
  return app;
}

/** README "Simple example": errorhandler only in development (NODE_ENV set inside the factory only). */
function development(fw: Factory): App {
  return withNodeEnv('development', () => {
    const app = routes(fw());
    if (process.env.NODE_ENV === 'development') app.use(errorhandler());
    return app;
  });
}

describe('errorhandler on express 5 and webfw', () => {
  test('development: HTML page with the escaped message and stack; logged to the console', async () => {
    const pair = await build(development);
    expect(pair.app('webfw').get('env')).toBe('development');
    const { express: r } = await pair.send({ path: '/boom', headers: { Accept: 'text/html' } }, { stack: true });
    expect(r.status).toBe(500);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.text).toContain('<title>Error: boom &lt;b&gt;bold&lt;/b&gt;</title>');
    expect(r.text).toContain('<h2><em>500</em> Error: boom &lt;b&gt;bold&lt;/b&gt;</h2>');
    expect(r.text).toMatch(/<li> &nbsp; &nbsp;at /);
    output.expectOutput((lines) => {
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line).toMatch(/^Error: boom <b>bold<\/b>\n {4}at /);
    });
  });

  test('content negotiation: JSON with the enumerable properties, plain text stack', async () => {
    const pair = await build((fw) => {
      const app = routes(fw());
      app.use(errorhandler({ log: false }));
      return app;
    });
    const json = await pair.send({ path: '/status', headers: { Accept: 'application/json' } }, { stack: true });
    expect(json.express.status).toBe(404);
    expect(json.express.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.express.text).toMatch(/^\{\n {2}"error": \{\n {4}"message": "no such thing",\n {4}"stack": "Error: no such thing\\n {4}at /);
    const plain = await pair.send({ path: '/boom', headers: { Accept: 'text/plain' } }, { stack: true });
    expect(plain.express.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(plain.express.text).toMatch(/^Error: boom <b>bold<\/b>\n {4}at /);
    const asyncError = await pair.send({ path: '/async', headers: { Accept: 'text/plain' } }, { stack: true });
    expect(asyncError.express.status).toBe(500);
    expect(asyncError.express.text).toMatch(/^TypeError: rejected handler\n/);
  });

  test('non-Error values: their string form in text, util.inspect in HTML, the properties in JSON', async () => {
    const pair = await build((fw) => {
      const app = routes(fw());
      app.use(errorhandler({ log: false }));
      return app;
    });
    const text = await pair.send({ path: '/string', headers: { Accept: 'text/plain' } });
    expect(text.express.status).toBe(500);
    expect(text.express.text).toBe('a plain string');
    const json = await pair.send({ path: '/object', headers: { Accept: 'application/json' } });
    expect(json.express.json()).toEqual({ error: { reason: 'not an Error', nested: { n: 1 } } });
    const html = await pair.send({ path: '/object' });
    expect(html.express.text).toContain('<ul id="stacktrace"><li>{ reason: &#39;not an Error&#39;, nested: { n: 1 } }</li></ul>');
  });

  test('a log function gets the error, its string form and the request, after the response', async () => {
    const logged: string[] = [];
    const pair = await build((fw) => {
      const app = routes(fw());
      app.use(
        errorhandler({
          log: (err: Error, str: string, req: Request) => {
            logged.push(`${req.method} ${req.url} ${err.name}: ${str.split('\n')[0]}`);
          },
        }),
      );
      return app;
    });
    await pair.send({ path: '/boom', headers: { Accept: 'text/plain' } }, { stack: true });
    await pair.send({ path: '/string', headers: { Accept: 'text/plain' } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged.sort()).toEqual(
      [
        'GET /boom Error: Error: boom <b>bold</b>',
        'GET /boom Error: Error: boom <b>bold</b>',
        'GET /string undefined: a plain string',
        'GET /string undefined: a plain string',
      ].sort(),
    );
  });
});
