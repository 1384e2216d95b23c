import { compareV4, dump } from './support/helpers';

/**
 * 4.x HEAD and the automatic OPTIONS answer (router 1.x): a GET route answers HEAD unless a
 * HEAD route came first; OPTIONS that nothing answered gets 200, `Allow` and the same text
 * listing the methods of the routes on the path, sorted.
 */
type Res = { setHeader(n: string, v: string): void; end(s?: string): void };

describe('@webfw/router/v4 HEAD and OPTIONS (as router 1.x)', () => {
  it('should answer OPTIONS with the methods of the matching routes, HEAD included where GET is', async () => {
    const answers = await compareV4(
      (router) => {
        router.route('/book/:id').get(dump('get')).put(dump('put'));
        (router.post as (...a: unknown[]) => void)('/book/:id', dump('post'));
        (router.delete as (...a: unknown[]) => void)('/other', dump('delete'));
        (router.options as (...a: unknown[]) => void)('/own', (_req: unknown, res: Res) => res.end('own options'));
      },
      ['OPTIONS /book/1', 'OPTIONS /own', 'OPTIONS /nothing'],
    );
    expect(answers).toEqual([
      { status: 200, body: 'GET, HEAD, POST, PUT', allow: 'GET, HEAD, POST, PUT' },
      { status: 200, body: 'own options' },
      { status: 404, body: 'Cannot OPTIONS /nothing' },
    ]);
  });

  it('should run GET routes for HEAD unless a HEAD route came first', async () => {
    const answers = await compareV4(
      (router) => {
        router.get('/g', (_req: unknown, res: Res) => {
          res.setHeader('X-Route', 'get');
          res.end('body');
        });
        (router.head as (...a: unknown[]) => void)('/h', (_req: unknown, res: Res) => res.end());
        router.get('/h', (_req: unknown, res: Res) => {
          res.setHeader('X-Route', 'get');
          res.end();
        });
        router.get('/h2', (_req: unknown, res: Res) => {
          res.setHeader('Allow', 'from get');
          res.end();
        });
        (router.head as (...a: unknown[]) => void)('/h2', (_req: unknown, res: Res) => res.end());
      },
      ['HEAD /g', 'HEAD /h', 'HEAD /h2'],
    );
    expect(answers).toEqual([
      { status: 200, body: '' },
      { status: 200, body: '' },
      { status: 200, body: '', allow: 'from get' },
    ]);
  });
});
