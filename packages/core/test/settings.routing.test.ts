import request from 'supertest';
import webfw from '@webfw/core';

describe('case sensitive routing', () => {
  it('should match paths case-insensitively by default', async () => {
    const app = webfw();
    app.get('/Foo', (_req, res) => {
      res.end('foo');
    });
    await request(app).get('/foo').expect(200, 'foo');
    await request(app).get('/FOO').expect(200, 'foo');
  });

  it('should tell /Foo from /foo when enabled', async () => {
    const app = webfw();
    app.enable('case sensitive routing');
    app.get('/Foo', (_req, res) => {
      res.end('Foo');
    });
    await request(app).get('/Foo').expect(200, 'Foo');
    await request(app)
      .get('/foo')
      .expect(404, /Cannot GET \/foo/);
  });
});

describe('strict routing', () => {
  it('should treat /foo and /foo/ the same by default', async () => {
    const app = webfw();
    app.get('/foo', (_req, res) => {
      res.end('foo');
    });
    await request(app).get('/foo/').expect(200, 'foo');
  });

  it('should tell /foo from /foo/ when enabled', async () => {
    const app = webfw();
    app.enable('strict routing');
    app.get('/foo', (_req, res) => {
      res.end('foo');
    });
    app.get('/bar/', (_req, res) => {
      res.end('bar/');
    });
    await request(app).get('/foo').expect(200, 'foo');
    await request(app)
      .get('/foo/')
      .expect(404, /Cannot GET \/foo\//);
    await request(app).get('/bar/').expect(200, 'bar/');
    await request(app)
      .get('/bar')
      .expect(404, /Cannot GET \/bar/);
  });

  it('should apply the settings in force when the router is first used', async () => {
    const app = webfw();
    app.enable('strict routing');
    app.get('/x', (_req, res) => {
      res.end('x');
    });
    app.disable('strict routing');
    await request(app).get('/x/').expect(404);
  });
});
