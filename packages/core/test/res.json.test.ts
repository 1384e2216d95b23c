import request from 'supertest';
import { appFor } from './res-support';

describe('res.json(body)', () => {
  it('should send an object as application/json', async () => {
    const app = appFor((_req, res) => {
      res.json({ name: 'tobi', tags: ['a'] });
    });
    await request(app)
      .get('/')
      .expect('Content-Type', 'application/json; charset=utf-8')
      .expect('Content-Length', '28')
      .expect(200, '{"name":"tobi","tags":["a"]}');
  });

  it('should send a string, null and numbers as JSON values', async () => {
    const app = appFor((req, res) => {
      const values: Record<string, unknown> = { str: 'str', nil: null, num: 1.5 };
      res.json(values[req.query.v as string]);
    });
    await request(app).get('/?v=str').expect('Content-Type', 'application/json; charset=utf-8').expect(200, '"str"');
    await request(app).get('/?v=nil').expect(200, 'null');
    await request(app).get('/?v=num').expect(200, '1.5');
  });

  it('should send an empty body for undefined, typed as JSON', async () => {
    const app = appFor((_req, res) => {
      res.json(undefined);
    });
    const res = await request(app).get('/').expect('Content-Type', 'application/json; charset=utf-8').expect('Content-Length', '0').expect(200, '');
    expect(res.headers.etag).toBeUndefined();
  });

  it('should keep a Content-Type set before, adding the charset', async () => {
    const app = appFor((_req, res) => {
      res.type('application/vnd.api+json').json({ a: 1 });
    });
    await request(app).get('/').expect('Content-Type', 'application/vnd.api+json; charset=utf-8').expect(200, '{"a":1}');
  });

  it('should keep the status set before', async () => {
    const app = appFor((_req, res) => {
      res.status(201).json({ id: 1 });
    });
    await request(app).get('/').expect(201, '{"id":1}');
  });

  it('should pass a toJSON result and drop functions like JSON.stringify', async () => {
    const app = appFor((_req, res) => {
      res.json({ when: new Date(0), fn: () => 1, u: undefined });
    });
    await request(app).get('/').expect(200, '{"when":"1970-01-01T00:00:00.000Z"}');
  });

  it('should throw for a circular structure', async () => {
    const app = appFor((_req, res) => {
      const loop: Record<string, unknown> = {};
      loop.self = loop;
      res.json(loop);
    });
    const res = await request(app).get('/').expect(500);
    expect(res.body.name).toBe('TypeError');
    expect(res.body.message).toMatch(/^Converting circular structure to JSON/);
  });

  describe('json spaces setting', () => {
    it('should indent with a number of spaces', async () => {
      const app = appFor(
        (_req, res) => {
          res.json({ a: 1 });
        },
        (a) => a.set('json spaces', 2),
      );
      await request(app).get('/').expect(200, '{\n  "a": 1\n}');
    });

    it('should indent with a string', async () => {
      const app = appFor(
        (_req, res) => {
          res.json([1]);
        },
        (a) => a.set('json spaces', '\t'),
      );
      await request(app).get('/').expect(200, '[\n\t1\n]');
    });

    it('should be inherited by a sub-app', async () => {
      const app = appFor(
        (_req, res) => {
          res.status(404).end();
        },
        (a) => {
          a.set('json spaces', 1);
          const sub = appFor((_req, res) => {
            res.json({ a: 1 });
          });
          a.use('/sub', sub);
        },
      );
      await request(app).get('/sub').expect(200, '{\n "a": 1\n}');
    });
  });

  describe('json replacer setting', () => {
    it('should apply a replacer function', async () => {
      const app = appFor(
        (_req, res) => {
          res.json({ name: 'tobi', password: 'secret' });
        },
        (a) => a.set('json replacer', (key: string, value: unknown) => (key === 'password' ? undefined : value)),
      );
      await request(app).get('/').expect(200, '{"name":"tobi"}');
    });

    it('should apply a key allow-list', async () => {
      const app = appFor(
        (_req, res) => {
          res.json({ name: 'tobi', age: 3, password: 'secret' });
        },
        (a) => a.set('json replacer', ['name', 'age']),
      );
      await request(app).get('/').expect(200, '{"name":"tobi","age":3}');
    });
  });

  describe('json escape setting', () => {
    const body = { html: '<script>alert("x")</script> & more' };

    it('should escape <, > and & when enabled', async () => {
      const app = appFor(
        (_req, res) => {
          res.json(body);
        },
        (a) => a.enable('json escape'),
      );
      await request(app).get('/').expect(200, '{"html":"\\u003cscript\\u003ealert(\\"x\\")\\u003c/script\\u003e \\u0026 more"}');
    });

    it('should leave them as is by default', async () => {
      const app = appFor((_req, res) => {
        res.json(body);
      });
      await request(app).get('/').expect(200, '{"html":"<script>alert(\\"x\\")</script> & more"}');
    });

    it('should apply to res.send(object) too', async () => {
      const app = appFor(
        (_req, res) => {
          res.send({ a: '<>' });
        },
        (a) => a.enable('json escape'),
      );
      await request(app).get('/').expect(200, '{"a":"\\u003c\\u003e"}');
    });
  });
});
