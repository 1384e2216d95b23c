import { readFile } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { appFor, VIEWS } from './support/res';
import type { Application } from '@webfw/core';

/** A tiny engine: replaces `{{key}}` with the option of that name; records the options it got. */
function useMustache(app: Application, seen: Record<string, unknown>[] = []): Record<string, unknown>[] {
  app.engine('tpl', (path, options, callback) => {
    const opts = options as Record<string, unknown>;
    seen.push(opts);
    readFile(path, 'utf8', (err, text) => {
      if (err) return callback(err);
      callback(
        null,
        text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(opts[key])),
      );
    });
  });
  app.set('views', VIEWS);
  return seen;
}

describe('res.render(view [, locals] [, callback])', () => {
  it('should render with ejs (loaded through __express) and send text/html', async () => {
    const app = appFor(
      (_req, res) => {
        res.locals.user = '<tobi>';
        res.render('page', { title: 'Users' });
      },
      (a) => {
        a.set('views', VIEWS);
        a.set('view engine', 'ejs');
      },
    );
    await request(app).get('/').expect('Content-Type', 'text/html; charset=utf-8').expect(200, '<h1>Users</h1><p>&lt;tobi&gt;</p>\n');
  });

  it('should accept a name with its extension', async () => {
    const app = appFor(
      (_req, res) => {
        res.render('page.ejs', { title: 't', user: 'u' });
      },
      (a) => a.set('views', VIEWS),
    );
    await request(app).get('/').expect(200, '<h1>t</h1><p>u</p>\n');
  });

  it('should accept an absolute path', async () => {
    const app = appFor((_req, res) => {
      res.render(join(VIEWS, 'page.ejs'), { title: 'abs', user: 'u' });
    });
    await request(app).get('/').expect(200, '<h1>abs</h1><p>u</p>\n');
  });

  it('should merge app.locals, then res.locals, then the locals given', async () => {
    const app = appFor(
      (req, res) => {
        res.locals.place = 'res.locals';
        res.locals.name = 'res.locals';
        if (req.query.override) res.render('hello.tpl', { name: 'render locals' });
        else res.render('hello.tpl');
      },
      (a) => {
        useMustache(a);
        a.locals.name = 'app.locals';
        a.locals.place = 'app.locals';
      },
    );
    await request(app).get('/').expect(200, 'Hello res.locals from res.locals');
    await request(app).get('/?override=1').expect(200, 'Hello render locals from res.locals');
  });

  it('should not send with a callback, handing it the HTML', async () => {
    const app = appFor(
      (_req, res) => {
        res.render('hello.tpl', { name: 'cb', place: 'here' }, (err, html) => {
          if (err) throw err;
          res.type('text').send(`[${html ?? ''}]`);
        });
      },
      (a) => void useMustache(a),
    );
    await request(app).get('/').expect('Content-Type', 'text/plain; charset=utf-8').expect(200, '[Hello cb from here]');
  });

  it('should accept the callback as second argument', async () => {
    const app = appFor(
      (_req, res) => {
        res.locals.name = 'locals';
        res.locals.place = 'res';
        res.render('hello.tpl', (err, html) => {
          res.json({ err: err ? err.message : null, html });
        });
      },
      (a) => void useMustache(a),
    );
    await request(app).get('/').expect(200, { err: null, html: 'Hello locals from res' });
  });

  it('should pass a lookup failure to next', async () => {
    const app = appFor(
      (_req, res) => {
        res.render('missing');
      },
      (a) => {
        a.set('views', VIEWS);
        a.set('view engine', 'ejs');
      },
    );
    await request(app)
      .get('/')
      .expect(500, { name: 'Error', message: `Failed to lookup view "missing" in views directory "${VIEWS}"` });
  });

  it('should pass an engine error to next', async () => {
    const app = appFor(
      (_req, res) => {
        res.render('broken.ejs', { boom: true });
      },
      (a) => a.set('views', VIEWS),
    );
    const res = await request(app).get('/').expect(500);
    expect(res.body.name).toBe('Error');
    expect(res.body.message).toContain('template exploded');
  });

  it('should hand an engine error to the callback and send nothing', async () => {
    const app = appFor(
      (_req, res) => {
        res.render('broken.ejs', { boom: true }, (err) => {
          res.status(299).json({ headersSent: res.headersSent, failed: err instanceof Error });
        });
      },
      (a) => a.set('views', VIEWS),
    );
    await request(app).get('/').expect(299, { headersSent: false, failed: true });
  });

  it('should search every directory of an array views setting in order', async () => {
    const app = appFor(
      (req, res) => {
        res.render(req.query.v as string, { name: 'n', place: 'p' });
      },
      (a) => {
        useMustache(a);
        a.set('views', [VIEWS, join(VIEWS, '..', 'views-extra')]);
      },
    );
    await request(app).get('/?v=hello.tpl').expect(200, 'Hello n from p');
    await request(app).get('/?v=extra.tpl').expect(200, 'extra n');
  });

  it('should pass cache: true to the engine when view cache is enabled', async () => {
    const seen: Record<string, unknown>[] = [];
    const app = appFor(
      (_req, res) => {
        res.render('hello.tpl', { name: 'a', place: 'b' });
      },
      (a) => {
        useMustache(a, seen);
        a.enable('view cache');
      },
    );
    await request(app).get('/').expect(200, 'Hello a from b');
    await request(app).get('/').expect(200, 'Hello a from b');
    expect(seen.map((o) => o.cache)).toEqual([true, true]);
  });

  it('should let the cache local disable caching for one render', async () => {
    const seen: Record<string, unknown>[] = [];
    const app = appFor(
      (_req, res) => {
        res.render('hello.tpl', { name: 'a', place: 'b', cache: false });
      },
      (a) => {
        useMustache(a, seen);
        a.enable('view cache');
      },
    );
    await request(app).get('/').expect(200, 'Hello a from b');
    expect(seen.map((o) => o.cache)).toEqual([false]);
  });

  it('should render with the sub-app settings when mounted', async () => {
    const app = appFor(
      (_req, res) => {
        res.status(404).end();
      },
      (a) => {
        a.set('views', '/nonexistent');
        const sub = appFor((_req, res) => {
          res.render('hello.tpl', { name: 'sub', place: 'app' });
        });
        useMustache(sub);
        a.use('/sub', sub);
      },
    );
    await request(app).get('/sub').expect(200, 'Hello sub from app');
  });
});
