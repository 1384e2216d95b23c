import { compare, get, type Framework } from './support/differential';

/**
 * `res.send` / `res.json` on a response whose `writeHead` is hooked, as on-headers hooks it for
 * compression, express-session, response-time and connect-timeout: the hook sees every header
 * express would show it (X-Powered-By included), and what it changes goes out, as with express.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** Wraps `res.writeHead` the way on-headers 1.1 does: headers passed as a flat array are removed, then appended back, before `listener` runs. */
function hookWriteHead(res: Any, listener: (this: Any) => void): void {
  const previous = res.writeHead;
  let fired = false;
  res.writeHead = function writeHead(this: Any, statusCode: number, ...rest: unknown[]) {
    const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
    this.statusCode = statusCode;
    if (Array.isArray(headers)) {
      for (let i = 0; i < headers.length; i += 2) this.removeHeader(headers[i]);
      for (let i = 0; i < headers.length; i += 2) this.appendHeader(headers[i], headers[i + 1]);
    } else if (headers) {
      for (const name of Object.keys(headers)) this.setHeader(name, (headers as Record<string, unknown>)[name]);
    }
    if (!fired) {
      fired = true;
      listener.call(this);
    }
    return previous.call(this, this.statusCode);
  };
}

const build = (fw: Framework) => {
  const app = fw();
  app.use((_req: Any, res: Any, next: Any) => {
    hookWriteHead(res, function (this: Any) {
      this.setHeader('X-Seen', this.getHeaderNames().join(','));
      if (this.req.query.drop) this.removeHeader('ETag');
      if (this.req.query.status) this.statusCode = Number(this.req.query.status);
    });
    next();
  });
  app.get('/send', (_req: Any, res: Any) => res.send('hello'));
  app.get('/long', (_req: Any, res: Any) => res.send('é'.repeat(1200)));
  app.get('/json', (_req: Any, res: Any) => res.json({ ok: true }));
  app.get('/buffer', (_req: Any, res: Any) => res.send(Buffer.from('bytes')));
  app.get('/status', (_req: Any, res: Any) => res.sendStatus(201));
  app.get('/off', (_req: Any, res: Any) => {
    res.app.set('x-powered-by', false);
    res.send('no powered-by');
  });
  return app;
};

describe('res.send on a response whose writeHead is hooked (on-headers)', () => {
  it('should show the hook every header, X-Powered-By included, and write what it changed, as express', async () => {
    await compare(build, [
      get('/send'),
      get('/long'),
      get('/json'),
      get('/buffer'),
      get('/status'),
      get('/send?drop=1'),
      get('/json?status=202'),
      { method: 'HEAD', path: '/send' },
      get('/send', { 'If-None-Match': 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"' }),
    ]);
  });

  it('should keep X-Powered-By on the hooked response', async () => {
    const { run } = await import('./support/differential');
    const [{ webfw, express }] = await run(build, [get('/send')]);
    expect(webfw.headers['x-seen']).toBe('x-powered-by,content-type,content-length,etag');
    expect(webfw.headers['x-seen']).toBe(express.headers['x-seen']);
    expect([webfw.headers['x-powered-by'], express.headers['x-powered-by']]).toEqual(['<present>', '<present>']);
  });
});
