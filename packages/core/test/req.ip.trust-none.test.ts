import request from 'supertest';
import webfw from '@webfw/core';

describe('req.ip and req.ips without a trusted proxy', () => {
  function ipApp(configure?: (app: ReturnType<typeof webfw>) => void) {
    const app = webfw();
    configure?.(app);
    app.get('/', (req, res) =>
      res.json({
        socket: req.socket.remoteAddress,
        ip: req.ip,
        ips: req.ips,
        fn: (app.get('trust proxy fn') as (a: string, h: number) => boolean)('127.0.0.1', 0),
      }),
    );
    return app;
  }

  it('should give the socket address and ignore X-Forwarded-For by default', async () => {
    const res = await request(ipApp()).get('/').set('X-Forwarded-For', '10.0.0.1, 10.0.0.2').expect(200);
    expect(res.body).toEqual({ socket: res.body.socket, ip: res.body.socket, ips: [], fn: false });
    expect(res.body.socket).toMatch(/127\.0\.0\.1$/);
  });

  it("should do the same for an explicit 'trust proxy' false", async () => {
    const res = await request(ipApp((app) => app.set('trust proxy', false)))
      .get('/')
      .set('X-Forwarded-For', '10.0.0.1')
      .expect(200);
    expect(res.body).toEqual({ socket: res.body.socket, ip: res.body.socket, ips: [], fn: false });
    expect(res.body.socket).toMatch(/127\.0\.0\.1$/);
  });

  it('should follow X-Forwarded-For again once a proxy is trusted', async () => {
    const res = await request(ipApp((app) => app.set('trust proxy', true)))
      .get('/')
      .set('X-Forwarded-For', '10.0.0.1, 10.0.0.2')
      .expect(200);
    expect(res.body).toMatchObject({ ip: '10.0.0.1', ips: ['10.0.0.1', '10.0.0.2'], fn: true });
  });
});
