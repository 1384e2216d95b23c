import vhost from 'vhost';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by vhost: the matched host and the wildcard captures. */
      vhost?: vhost.Request['vhost'];
    }
  }
}
import { build, closeAll, type Factory } from './support/pair';
import { captureOutput } from './support/output';

captureOutput();
afterEach(closeAll);

/** vhost's README: sub-apps per host name, a wildcard for user subdomains, a plain handler. */
function app(fw: Factory) {
  const api = fw();
  api.get('/users', (req, res) => {
    res.json({
      vhost: { hostname: req.vhost?.hostname, host: req.vhost?.host, length: req.vhost?.length },
      hostname: req.hostname,
      url: req.url,
      appIsApi: req.app === api,
    });
  });
  const userapp = fw();
  userapp.get('/', (req, res) => {
    res.send(`pages of ${req.vhost?.[0]}`);
  });
  userapp.get('/deep/:page', (req, res) => {
    res.send(`${req.vhost?.[0]}: ${req.params.page}`);
  });

  const main = fw();
  main.use(vhost('api.example.com', api));
  main.use(vhost('*.userpages.local', userapp));
  main.use(
    vhost('mail.example.com', (_req, res) => {
      res.setHeader('Content-Type', 'text/plain');
      res.end('hello from mail!');
    }),
  );
  main.get('/', (req, res) => {
    res.send(`main site for ${req.hostname}`);
  });
  return main;
}

describe('vhost on express 5 and webfw', () => {
  test('each Host reaches its app; the main app answers the rest', async () => {
    const pair = await build(app);
    const api = await pair.send({ path: '/users', headers: { Host: 'api.example.com:8080' } });
    expect(api.express.json()).toEqual({
      vhost: { hostname: 'api.example.com', host: 'api.example.com:8080', length: 0 },
      hostname: 'api.example.com',
      url: '/users',
      appIsApi: true,
    });
    const user = await pair.send({ path: '/', headers: { Host: 'tobi.userpages.local' } });
    expect(user.express.text).toBe('pages of tobi');
    const deep = await pair.send({ path: '/deep/about', headers: { Host: 'LOKI.userpages.local' } });
    expect(deep.express.text).toBe('LOKI: about');
    const mail = await pair.send({ path: '/anything', headers: { Host: 'mail.example.com' } });
    expect(mail.express.text).toBe('hello from mail!');
    expect(mail.express.headers['x-powered-by']).toBe('Express'); // set by the main app before vhost ran
    const main = await pair.send({ path: '/', headers: { Host: 'www.example.com' } });
    expect(main.express.text).toBe('main site for www.example.com');
  });

  test("a path the sub-app does not have falls through to the main app's 404", async () => {
    const pair = await build(app);
    const { express: r } = await pair.send({ path: '/missing', headers: { Host: 'api.example.com' } });
    expect(r.status).toBe(404);
    expect(r.text).toContain('Cannot GET /missing');
    const noHost = await pair.send({ path: '/users', headers: { Host: '' } });
    expect(noHost.express.status).toBe(404);
  });

  test('the Host header decides, not X-Forwarded-Host (even when the app trusts the proxy)', async () => {
    const pair = await build((fw) => {
      const main = fw();
      main.set('trust proxy', true);
      main.use(
        vhost('api.example.com', (req, res) => {
          res.end(`api via ${req.vhost?.host}`);
        }),
      );
      main.use((_req, res) => {
        res.send('fallback');
      });
      return main;
    });
    const proxied = await pair.send({ path: '/', headers: { Host: 'internal:3000', 'X-Forwarded-Host': 'api.example.com' } });
    expect(proxied.express.text).toBe('fallback');
    const direct = await pair.send({ path: '/', headers: { Host: 'api.example.com', 'X-Forwarded-Host': 'other.example.com' } });
    expect(direct.express.text).toBe('api via api.example.com');
  });
});
