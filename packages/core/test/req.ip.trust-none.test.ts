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

  /** Without a trusted proxy: req.ip is the socket's (loopback) address and req.ips is empty. */
  const socketOnly = (body: Record<string, unknown>) => {
    expect(body).toEqual({ socket: body.socket, ip: body.socket, ips: [], fn: false });
    expect(body.socket).toMatch(/127\.0\.0\.1$/);
  };

  it.each<[string, unknown, string, (body: Record<string, unknown>) => void]>([
    ['should give the socket address and ignore X-Forwarded-For by default', undefined, '10.0.0.1, 10.0.0.2', socketOnly],
    ["should do the same for an explicit 'trust proxy' false", false, '10.0.0.1', socketOnly],
    [
      'should follow X-Forwarded-For again once a proxy is trusted',
      true,
      '10.0.0.1, 10.0.0.2',
      (body) => expect(body).toMatchObject({ ip: '10.0.0.1', ips: ['10.0.0.1', '10.0.0.2'], fn: true }),
    ],
  ])('%s', async (_name, trust, forwardedFor, check) => {
    const app = ipApp(trust === undefined ? undefined : (a) => a.set('trust proxy', trust));
    const res = await request(app).get('/').set('X-Forwarded-For', forwardedFor).expect(200);
    check(res.body);
  });
});
