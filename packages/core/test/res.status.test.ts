import request from 'supertest';
import { appFor } from './res-support';

describe('res.status(code)', () => {
  it('should set the status code and be chainable', async () => {
    const app = appFor((_req, res) => {
      res.status(201).end('created');
    });
    await request(app).get('/').expect(201, 'created');
  });

  it('should accept codes from 100 to 999', async () => {
    const app = appFor((req, res) => {
      res.status(Number(req.query.code)).end();
    });
    await request(app).get('/?code=299').expect(299);
    await request(app).get('/?code=999').expect(999);
  });

  describe('with an invalid code', () => {
    const app = appFor((req, res) => {
      const raw = req.query.code as string;
      res.status(JSON.parse(raw) as number);
      res.end('not reached');
    });

    it('should throw a RangeError below 100', async () => {
      await request(app)
        .get('/?code=99')
        .expect(500, { name: 'RangeError', message: 'Invalid status code: 99. Status code must be greater than 99 and less than 1000.' });
    });

    it('should throw a RangeError above 999', async () => {
      await request(app)
        .get('/?code=1000')
        .expect(500, { name: 'RangeError', message: 'Invalid status code: 1000. Status code must be greater than 99 and less than 1000.' });
    });

    it('should throw a TypeError for a non-integer', async () => {
      await request(app).get('/?code=200.5').expect(500, { name: 'TypeError', message: 'Invalid status code: 200.5. Status code must be an integer.' });
    });

    it('should throw a TypeError for a string', async () => {
      await request(app)
        .get('/?code=' + encodeURIComponent('"200"'))
        .expect(500, { name: 'TypeError', message: 'Invalid status code: "200". Status code must be an integer.' });
    });

    it('should throw a TypeError for a negative or null code', async () => {
      await request(app)
        .get('/?code=-1')
        .expect(500, { name: 'RangeError', message: 'Invalid status code: -1. Status code must be greater than 99 and less than 1000.' });
      await request(app).get('/?code=null').expect(500, { name: 'TypeError', message: 'Invalid status code: null. Status code must be an integer.' });
    });
  });
});

describe('res.sendStatus(code)', () => {
  it('should send the reason phrase as text/plain', async () => {
    const app = appFor((_req, res) => {
      res.sendStatus(418);
    });
    await request(app).get('/').expect('Content-Type', 'text/plain; charset=utf-8').expect('Content-Length', '12').expect(418, "I'm a Teapot");
  });

  it('should send the number when the code has no reason phrase', async () => {
    const app = appFor((_req, res) => {
      res.sendStatus(599);
    });
    await request(app).get('/').expect('Content-Type', 'text/plain; charset=utf-8').expect(599, '599');
  });

  it('should send no body for 204', async () => {
    const app = appFor((_req, res) => {
      res.sendStatus(204);
    });
    const res = await request(app).get('/').expect(204);
    expect(res.text).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
    expect(res.headers['content-length']).toBeUndefined();
  });

  it('should send codes from 600 to 999 (accepted by node 20) with the number as body', async () => {
    const app = appFor((_req, res) => {
      res.sendStatus(600);
    });
    await request(app).get('/').expect('Content-Type', 'text/plain; charset=utf-8').expect(600, '600');
  });

  it('should throw a RangeError for a code out of range', async () => {
    const app = appFor((_req, res) => {
      res.sendStatus(1000);
    });
    await request(app)
      .get('/')
      .expect(500, { name: 'RangeError', message: 'Invalid status code: 1000. Status code must be greater than 99 and less than 1000.' });
  });
});
