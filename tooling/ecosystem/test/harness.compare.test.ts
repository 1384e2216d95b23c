import { answering, build, closeAll } from './support/pair';
import { captureOutput } from './support/output';
import { multipart } from './support/requests';

captureOutput();
afterEach(closeAll);

/** The harness itself: a difference between the two apps, or a missing answer, fails the exchange. */
describe('ecosystem harness', () => {
  test('identical apps compare equal; the exchange returns both answers', async () => {
    const pair = await build(answering('same'));
    const both = await pair.send({ path: '/' });
    expect(both.express.text).toBe('same');
    expect(both.webfw.text).toBe('same');
    expect(both.express.headers['x-powered-by']).toBe('Express');
    expect(both.webfw.headers['x-powered-by']).toBe('webfw');
  });

  test('a different status, header or body byte fails the exchange', async () => {
    const pair = await build((fw, side) => {
      const app = fw();
      app.get('/status', (_req, res) => {
        res.status(side === 'webfw' ? 201 : 200).send('x');
      });
      app.get('/header', (_req, res) => {
        res.set('X-Thing', side === 'webfw' ? 'b' : 'a').send('x');
      });
      app.get('/extra-header', (_req, res) => {
        if (side === 'webfw') res.set('X-Extra', '1');
        res.send('x');
      });
      app.get('/body', (_req, res) => {
        res.send(side === 'webfw' ? 'abd' : 'abc');
      });
      return app;
    });
    await expect(pair.send({ path: '/status' })).rejects.toThrow(/"status": 201/);
    await expect(pair.send({ path: '/header' })).rejects.toThrow(/x-thing/);
    await expect(pair.send({ path: '/extra-header' })).rejects.toThrow(/x-extra/);
    await expect(pair.send({ path: '/body' })).rejects.toThrow(/abd/);
  });

  test('a vary rule must match on each side (present and well-formed); what it matches is masked', async () => {
    const pair = await build((fw, side) => {
      const app = fw();
      app.get('/token', (_req, res) => {
        res.set('X-Token', side === 'webfw' ? 'tok-222' : 'tok-111').send('ok');
      });
      app.get('/malformed', (_req, res) => {
        res.set('X-Token', side === 'webfw' ? 'nope' : 'tok-111').send('ok');
      });
      return app;
    });
    const token = { in: 'x-token', pattern: /^tok-\d{3}$/ };
    await expect(pair.send({ path: '/token' })).rejects.toThrow(/x-token/);
    const masked = await pair.send({ path: '/token' }, { vary: [token] });
    expect(masked.webfw.headers['x-token']).toBe('tok-222');
    await expect(pair.send({ path: '/malformed' }, { vary: [token] })).rejects.toThrow('webfw: header x-token "nope" does not match /^tok-\\d{3}$/');
    await expect(pair.send({ path: '/token' }, { vary: [{ in: 'x-missing', pattern: /./ }] })).rejects.toThrow('express: header x-missing missing');
  });

  test('a side that does not answer in time fails the exchange, naming the side', async () => {
    const pair = await build((fw, side) => {
      const app = fw();
      app.get('/hang', (_req, res) => {
        if (side === 'express') res.send('answered');
      });
      return app;
    });
    await expect(pair.send({ path: '/hang' }, { timeout: 300 })).rejects.toThrow('webfw: no answer to GET /hang within 300 ms');
  });

  test('stack normalization needs a stack in the body', async () => {
    const pair = await build(answering('no frames here'));
    await expect(pair.send({ path: '/' }, { stack: true })).rejects.toThrow('express: expected a stack trace in the body');
  });

  test('each side keeps its own cookie jar; expired cookies are dropped', async () => {
    const pair = await build((fw, side) => {
      const app = fw();
      app.get('/set', (_req, res) => {
        res.cookie('who', side).cookie('keep', '1').send('set');
      });
      app.get('/clear', (_req, res) => {
        res.clearCookie('who').send('cleared');
      });
      app.get('/echo', (req, res) => {
        res.send(String(req.headers.cookie ?? '').replace(/who=(express|webfw)/, 'who=<side>'));
      });
      return app;
    });
    await pair.send({ path: '/set' }, { vary: [{ in: 'set-cookie', pattern: /^who=(?:express|webfw)/ }] });
    expect(pair.cookies('express').get('who')).toBe('express');
    expect(pair.cookies('webfw').get('who')).toBe('webfw');
    const echo = await pair.send({ path: '/echo' });
    expect(echo.express.text).toBe('who=<side>; keep=1');
    await pair.send({ path: '/clear' });
    expect([...pair.cookies('webfw').keys()]).toEqual(['keep']);
  });

  test('multipart bodies are built byte for byte the same', () => {
    const { body, contentType } = multipart(
      [
        { name: 'a', value: '1' },
        { name: 'f', value: 'x', filename: 'f.txt', type: 'text/plain' },
      ],
      'b',
    );
    expect(contentType).toBe('multipart/form-data; boundary=b');
    expect(body.toString()).toBe(
      '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b\r\nContent-Disposition: form-data; name="f"; filename="f.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--\r\n',
    );
  });
});
