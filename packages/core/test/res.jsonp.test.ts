import request from 'supertest';
import { appFor } from './res-support';

describe('res.jsonp(body)', () => {
  const app = appFor((_req, res) => {
    res.jsonp({ count: 1 });
  });

  it('should wrap the JSON in the callback from ?callback', async () => {
    await request(app)
      .get('/?callback=handle')
      .expect('Content-Type', 'text/javascript; charset=utf-8')
      .expect('X-Content-Type-Options', 'nosniff')
      .expect(200, '/**/ typeof handle === \'function\' && handle({"count":1});');
  });

  it('should send plain JSON without a callback, with nosniff', async () => {
    await request(app)
      .get('/')
      .expect('Content-Type', 'application/json; charset=utf-8')
      .expect('X-Content-Type-Options', 'nosniff')
      .expect(200, '{"count":1}');
  });

  it('should send plain JSON for an empty callback', async () => {
    await request(app).get('/?callback=').expect('Content-Type', 'application/json; charset=utf-8').expect(200, '{"count":1}');
  });

  it('should use the first callback when several are given', async () => {
    await request(app).get('/?callback=first&callback=second').expect(200, '/**/ typeof first === \'function\' && first({"count":1});');
  });

  it('should allow member and index expressions', async () => {
    await request(app)
      .get('/?callback=' + encodeURIComponent('app.cbs[0]$_'))
      .expect(200, '/**/ typeof app.cbs[0]$_ === \'function\' && app.cbs[0]$_({"count":1});');
  });

  it('should strip script from the callback name', async () => {
    await request(app)
      .get('/?callback=' + encodeURIComponent('alert(document.cookie)//<script>'))
      .expect('Content-Type', 'text/javascript; charset=utf-8')
      .expect(200, '/**/ typeof alertdocument.cookiescript === \'function\' && alertdocument.cookiescript({"count":1});');
  });

  it('should strip quotes, semicolons, spaces and newlines from the callback name', async () => {
    await request(app)
      .get('/?callback=' + encodeURIComponent("a';x=1;\n\u2028b c"))
      .expect(200, '/**/ typeof ax1bc === \'function\' && ax1bc({"count":1});');
  });

  it('should escape U+2028 and U+2029 in the body', async () => {
    const sep = appFor((_req, res) => {
      res.jsonp({ text: 'a\u2028b\u2029c' });
    });
    await request(sep).get('/?callback=cb').expect(200, '/**/ typeof cb === \'function\' && cb({"text":"a\\u2028b\\u2029c"});');
  });

  it('should call the callback without argument for undefined', async () => {
    const none = appFor((_req, res) => {
      res.jsonp(undefined);
    });
    await request(none).get('/?callback=cb').expect('Content-Length', '38').expect(200, "/**/ typeof cb === 'function' && cb();");
  });

  it('should read the parameter named by the jsonp callback name setting', async () => {
    const named = appFor(
      (_req, res) => {
        res.jsonp([1]);
      },
      (a) => a.set('jsonp callback name', 'cb'),
    );
    await request(named).get('/?cb=fn').expect(200, "/**/ typeof fn === 'function' && fn([1]);");
    await request(named).get('/?callback=fn').expect('Content-Type', 'application/json; charset=utf-8').expect(200, '[1]');
  });

  it('should keep a Content-Type set before when there is no callback (no nosniff)', async () => {
    const typed = appFor((_req, res) => {
      res.type('text/x-json').jsonp({ a: 1 });
    });
    const res = await request(typed).get('/').expect('Content-Type', 'text/x-json; charset=utf-8').expect(200, '{"a":1}');
    expect(res.headers['x-content-type-options']).toBeUndefined();
  });

  it('should force text/javascript over a Content-Type set before when there is a callback', async () => {
    const typed = appFor((_req, res) => {
      res.type('text/x-json').jsonp({ a: 1 });
    });
    await request(typed)
      .get('/?callback=cb')
      .expect('Content-Type', 'text/javascript; charset=utf-8')
      .expect('X-Content-Type-Options', 'nosniff')
      .expect(200, '/**/ typeof cb === \'function\' && cb({"a":1});');
  });

  it('should apply json spaces, replacer and escape', async () => {
    const configured = appFor(
      (_req, res) => {
        res.jsonp({ a: '<', secret: 1 });
      },
      (a) => {
        a.set('json spaces', 1);
        a.set('json replacer', ['a']);
        a.enable('json escape');
      },
    );
    await request(configured).get('/?callback=cb').expect(200, '/**/ typeof cb === \'function\' && cb({\n "a": "\\u003c"\n});');
  });

  it('should ignore a callback given as an object (extended query parser)', async () => {
    const extended = appFor(
      (_req, res) => {
        res.jsonp({ a: 1 });
      },
      (a) => a.set('query parser', 'extended'),
    );
    await request(extended).get('/?callback[x]=evil').expect('Content-Type', 'application/json; charset=utf-8').expect(200, '{"a":1}');
  });
});
