import request from 'supertest';
import webfw from '@webfw/core';
import type { Application } from '@webfw/core';

function mounted(configureParent: (p: Application) => void, env?: string): { parent: Application; child: Application } {
  const saved = process.env.NODE_ENV;
  if (env) process.env.NODE_ENV = env;
  try {
    const parent = webfw();
    const child = webfw();
    configureParent(parent);
    parent.use('/child', child);
    return { parent, child };
  } finally {
    process.env.NODE_ENV = saved;
  }
}

describe('sub-app settings inheritance', () => {
  it('should inherit settings that have no default', () => {
    const { child } = mounted((p) => {
      p.set('title', 'parent title');
      p.set('json spaces', 2);
      p.set('json escape', true);
      p.set('json replacer', ['a']);
      p.set('view engine', 'ejs');
      p.enable('case sensitive routing');
      p.enable('strict routing');
    });
    expect(child.get('title')).toBe('parent title');
    expect(child.get('json spaces')).toBe(2);
    expect(child.get('json escape')).toBe(true);
    expect(child.get('json replacer')).toEqual(['a']);
    expect(child.get('view engine')).toBe('ejs');
    expect(child.get('case sensitive routing')).toBe(true);
    expect(child.get('strict routing')).toBe(true);
  });

  it('should not inherit settings that have a default', () => {
    const { child } = mounted((p) => {
      p.set('env', 'parent-env');
      p.set('etag', 'strong');
      p.set('jsonp callback name', 'cb');
      p.set('query parser', 'extended');
      p.set('subdomain offset', 3);
      p.set('views', '/parent/views');
      p.disable('x-powered-by');
    });
    expect(child.get('env')).toBe('test');
    expect(child.get('etag')).toBe('weak');
    expect(child.get('jsonp callback name')).toBe('callback');
    expect(child.get('query parser')).toBe('simple');
    expect(child.get('subdomain offset')).toBe(2);
    expect(child.get('views')).not.toBe('/parent/views');
    expect(child.get('x-powered-by')).toBe(true);
  });

  it("should see the parent's later changes to settings it inherits", () => {
    const { parent, child } = mounted(() => undefined);
    parent.set('title', 'late');
    expect(child.get('title')).toBe('late');
    child.set('title', 'own');
    expect(child.get('title')).toBe('own');
    expect(parent.get('title')).toBe('late');
  });

  it('should parse the query with the sub-app own query parser', async () => {
    const { parent, child } = mounted((p) => p.set('query parser', 'extended'));
    child.get('/', (req, res) => {
      res.end(JSON.stringify(req.query));
    });
    parent.get('/', (req, res) => {
      res.end(JSON.stringify(req.query));
    });
    await request(parent).get('/?a[b]=1').expect(200, '{"a":{"b":"1"}}');
    await request(parent).get('/child?a[b]=1').expect(200, '{"a[b]":"1"}');
  });

  it('should send X-Powered-By from a sub-app that keeps its own default', async () => {
    const { parent, child } = mounted((p) => p.disable('x-powered-by'));
    child.get('/', (_req, res) => {
      res.end('child');
    });
    parent.get('/', (_req, res) => {
      res.end('parent');
    });
    const top = await request(parent).get('/');
    expect(top.headers['x-powered-by']).toBeUndefined();
    const sub = await request(parent).get('/child');
    expect(sub.text).toBe('child');
    expect(sub.headers['x-powered-by']).toBe('webfw');
  });

  describe('trust proxy', () => {
    it("should inherit the parent's trust proxy despite the default", async () => {
      const { parent, child } = mounted((p) => p.set('trust proxy', true));
      child.get('/', (req, res) => {
        res.end(`${req.ip} ${String(child.get('trust proxy'))}`);
      });
      await request(parent).get('/child').set('X-Forwarded-For', '203.0.113.9').expect(200, '203.0.113.9 true');
    });

    it("should inherit the parent's trust proxy set after mounting", async () => {
      const { parent, child } = mounted(() => undefined);
      parent.set('trust proxy', 'loopback');
      child.get('/', (req, res) => {
        res.end(req.ip);
      });
      await request(parent).get('/child').set('X-Forwarded-For', '203.0.113.9').expect(200, '203.0.113.9');
    });

    it('should keep a trust proxy the sub-app set itself', async () => {
      const parent = webfw();
      parent.set('trust proxy', true);
      const child = webfw();
      child.set('trust proxy', false);
      child.get('/', (req, res) => {
        res.end(`${String(req.ip === req.socket.remoteAddress)} ${String(req.ip)}`);
      });
      parent.use('/child', child);
      await request(parent)
        .get('/child')
        .set('X-Forwarded-For', '203.0.113.9')
        .expect(200, /^true (::ffff:)?127\.0\.0\.1$/);
    });
  });

  describe('view cache', () => {
    it("should inherit the parent's view cache outside production", () => {
      const { child } = mounted((p) => p.enable('view cache'), 'development');
      expect(child.get('view cache')).toBe(true);
    });

    it('should keep its own view cache in production', () => {
      const { child } = mounted((p) => p.disable('view cache'), 'production');
      expect(child.get('view cache')).toBe(true);
    });
  });
});
