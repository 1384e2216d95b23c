import request from 'supertest';
import { appFor } from './res-support';

describe('res.format(handlers)', () => {
  const app = appFor((_req, res) => {
    res.format({
      text: () => res.send('hey'),
      html: () => res.send('<p>hey</p>'),
      'application/json': () => res.json({ message: 'hey' }),
    });
  });

  it('should run the handler of the best match and set its Content-Type', async () => {
    await request(app)
      .get('/')
      .set('Accept', 'text/html')
      .expect('Content-Type', 'text/html; charset=utf-8')
      .expect('Vary', 'Accept')
      .expect(200, '<p>hey</p>');
    await request(app).get('/').set('Accept', 'application/json').expect('Content-Type', 'application/json; charset=utf-8').expect(200, '{"message":"hey"}');
  });

  it('should follow quality values', async () => {
    await request(app).get('/').set('Accept', 'text/html;q=0.5, text/plain').expect('Content-Type', 'text/plain; charset=utf-8').expect(200, 'hey');
  });

  it('should run the first handler when there is no Accept header', async () => {
    await request(app).get('/').expect('Content-Type', 'text/plain; charset=utf-8').expect('Vary', 'Accept').expect(200, 'hey');
  });

  it('should run the first handler for */*', async () => {
    await request(app).get('/').set('Accept', '*/*').expect(200, 'hey');
  });

  it('should pass a 406 error listing the types when nothing matches', async () => {
    await request(app)
      .get('/')
      .set('Accept', 'image/png')
      .expect('Vary', 'Accept')
      .expect(406, { name: 'NotAcceptableError', message: 'Not Acceptable', expose: true, types: ['text/plain', 'text/html', 'application/json'] });
  });

  it('should list the bare types of keys with parameters in the 406 error', async () => {
    const params = appFor((_req, res) => {
      res.format({ 'application/json;q=0.5': () => res.json(1) });
    });
    await request(params)
      .get('/')
      .set('Accept', 'image/png')
      .expect(406, { name: 'NotAcceptableError', message: 'Not Acceptable', expose: true, types: ['application/json'] });
  });

  it('should run default when nothing matches', async () => {
    const withDefault = appFor((_req, res) => {
      res.format({
        text: () => res.send('hey'),
        default: () => res.status(406).send('try text'),
      });
    });
    await request(withDefault).get('/').set('Accept', 'image/png').expect('Vary', 'Accept').expect(406, 'try text');
  });

  it('should run default when it is the only handler', async () => {
    const onlyDefault = appFor((_req, res) => {
      res.format({ default: () => res.send('default') });
    });
    await request(onlyDefault).get('/').set('Accept', 'text/plain').expect(200, 'default');
  });

  it('should hand handlers req, res and next', async () => {
    const withNext = appFor((_req, res) => {
      res.format({
        json: (req, r, next) => {
          if (req.method === 'GET' && r === res) next(new Error('from handler'));
        },
      });
    });
    await request(withNext).get('/').set('Accept', 'application/json').expect(500, { name: 'Error', message: 'from handler' });
  });

  it('should keep an existing Vary', async () => {
    const varied = appFor((_req, res) => {
      res.vary('Origin').format({ text: () => res.send('x') });
    });
    await request(varied).get('/').expect('Vary', 'Origin, Accept');
  });
});
