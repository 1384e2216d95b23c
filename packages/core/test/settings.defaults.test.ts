import { resolve } from 'node:path';
import request from 'supertest';
import webfw, { View } from '@webfw/core';

function withEnv<T>(value: string | undefined, fn: () => T): T {
  const saved = process.env.NODE_ENV;
  if (value === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = value;
  try {
    return fn();
  } finally {
    process.env.NODE_ENV = saved;
  }
}

describe('settings defaults', () => {
  it('should have every default of the settings table', () => {
    const app = withEnv('development', () => webfw());
    expect(app.get('case sensitive routing')).toBeUndefined();
    expect(app.get('env')).toBe('development');
    expect(app.get('etag')).toBe('weak');
    expect(app.get('jsonp callback name')).toBe('callback');
    expect(app.get('json escape')).toBeUndefined();
    expect(app.get('json replacer')).toBeUndefined();
    expect(app.get('json spaces')).toBeUndefined();
    expect(app.get('query parser')).toBe('simple');
    expect(app.get('strict routing')).toBeUndefined();
    expect(app.get('subdomain offset')).toBe(2);
    expect(app.get('trust proxy')).toBe(false);
    expect(app.get('views')).toBe(resolve('views'));
    expect(app.get('view cache')).toBeUndefined();
    expect(app.get('view engine')).toBeUndefined();
    expect(app.get('x-powered-by')).toBe(true);
    expect(app.get('view')).toBe(View);
  });

  it('should compile the fn settings of the defaults', () => {
    const app = webfw();
    expect(typeof app.get('etag fn')).toBe('function');
    expect(typeof app.get('query parser fn')).toBe('function');
    expect(typeof app.get('trust proxy fn')).toBe('function');
  });

  it('should take env from NODE_ENV', () => {
    expect(withEnv('production', () => webfw()).get('env')).toBe('production');
    expect(withEnv('staging', () => webfw()).get('env')).toBe('staging');
  });

  it('should default env to development when NODE_ENV is unset', () => {
    expect(withEnv(undefined, () => webfw()).get('env')).toBe('development');
  });

  it('should enable view cache in production', () => {
    expect(withEnv('production', () => webfw()).get('view cache')).toBe(true);
  });

  it('should expose settings as app.locals.settings', () => {
    const app = webfw();
    expect(app.locals.settings).toBe(app.settings);
    app.set('title', 'My App');
    expect((app.locals.settings as Record<string, unknown>).title).toBe('My App');
  });

  it('should return undefined for unset and Object.prototype names', () => {
    const app = webfw();
    expect(app.get('nope')).toBeUndefined();
    expect(app.get('constructor')).toBeUndefined();
    expect(app.get('__proto__')).toBeUndefined();
    expect(app.get('toString')).toBeUndefined();
  });
});

describe('app.set / get / enable / disable / enabled / disabled', () => {
  it('should store any name and return the app from set', () => {
    const app = webfw();
    expect(app.set('foo', 'bar')).toBe(app);
    expect(app.get('foo')).toBe('bar');
    expect(app.set('foo')).toBe('bar');
  });

  it('should set true with enable and false with disable', () => {
    const app = webfw();
    expect(app.enable('tobi')).toBe(app);
    expect(app.get('tobi')).toBe(true);
    expect(app.disable('tobi')).toBe(app);
    expect(app.get('tobi')).toBe(false);
  });

  it('should report enabled and disabled by truthiness', () => {
    const app = webfw();
    expect(app.enabled('x')).toBe(false);
    expect(app.disabled('x')).toBe(true);
    app.set('x', 'yes');
    expect(app.enabled('x')).toBe(true);
    expect(app.disabled('x')).toBe(false);
    app.set('x', 0);
    expect(app.enabled('x')).toBe(false);
  });

  it('should treat set(name, true) like enable(name)', () => {
    const a = webfw().set('flag', true);
    const b = webfw().enable('flag');
    expect(a.get('flag')).toBe(b.get('flag'));
    expect(a.enabled('flag')).toBe(true);
  });

  it('should not let a __proto__ setting reach Object.prototype', () => {
    const app = webfw();
    app.set('__proto__', { polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(app.get('env')).toBe('test');
  });
});

describe('x-powered-by', () => {
  it('should send X-Powered-By: webfw by default', async () => {
    const app = webfw();
    app.get('/', (_req, res) => {
      res.end('ok');
    });
    const res = await request(app).get('/');
    expect(res.headers['x-powered-by']).toBe('webfw');
  });

  it('should send X-Powered-By on the final 404 too', async () => {
    const res = await request(webfw()).get('/none');
    expect(res.status).toBe(404);
    expect(res.headers['x-powered-by']).toBe('webfw');
  });

  it('should not send X-Powered-By when disabled', async () => {
    const app = webfw();
    app.disable('x-powered-by');
    app.get('/', (_req, res) => {
      res.end('ok');
    });
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
