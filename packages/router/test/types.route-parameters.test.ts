/**
 * Type-level contracts of route parameters. The `expectTypeOf` assertions are checked by the
 * workspace type-check (`tsc -p tsconfig.json`, run by `npm test` and CI; ts-jest only
 * transpiles); each test also runs the code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { expectTypeOf } from 'expect-type';
import request from 'supertest';
import Router, {
  type ErrorRequestHandler,
  type ParamsDictionary,
  type PathParams,
  type RegExpParams,
  type RequestHandler,
  type RouteParameters,
  type RouterInstance,
} from '@webfw/router';
import { createServer } from './support/helpers';

describe('RouteParameters<Path>', () => {
  it('should type :name as string', () => {
    expectTypeOf<RouteParameters<'/users/:id'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<RouteParameters<'/users/:userId/books/:bookId'>>().toEqualTypeOf<{ userId: string; bookId: string }>();
    expectTypeOf<RouteParameters<'/flights/:from-:to'>>().toEqualTypeOf<{ from: string; to: string }>();
    expectTypeOf<RouteParameters<'/p/:genus.:species'>>().toEqualTypeOf<{ genus: string; species: string }>();
    expectTypeOf<RouteParameters<'/:_$x1'>>().toEqualTypeOf<{ _$x1: string }>();
  });

  it('should type a name inside {} as optional', () => {
    expectTypeOf<RouteParameters<'/files{/:name}'>>().toEqualTypeOf<{ name?: string }>();
    expectTypeOf<RouteParameters<'/:lang{/:region}/home'>>().toEqualTypeOf<{ lang: string; region?: string }>();
    expectTypeOf<RouteParameters<'/a{/:b{/:c}}'>>().toEqualTypeOf<{ b?: string; c?: string }>();
  });

  it('should type a splat as string[]', () => {
    expectTypeOf<RouteParameters<'/assets/*path'>>().toEqualTypeOf<{ path: string[] }>();
    expectTypeOf<RouteParameters<'/opt{/*rest}'>>().toEqualTypeOf<{ rest?: string[] }>();
  });

  it('should read quoted names and skip escaped characters', () => {
    expectTypeOf<RouteParameters<'/q/:"with space"'>>().toEqualTypeOf<{ 'with space': string }>();
    expectTypeOf<RouteParameters<'/price\\:usd/:id'>>().toEqualTypeOf<{ id: string }>();
    // a path without parameters gives the empty object type
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    expectTypeOf<RouteParameters<'/static'>>().toEqualTypeOf<{}>();
  });

  it('should fall back to dictionaries for non-literal paths, regular expressions and arrays', () => {
    expectTypeOf<RouteParameters<string>>().toEqualTypeOf<ParamsDictionary>();
    expectTypeOf<PathParams<RegExp>>().toEqualTypeOf<RegExpParams>();
    expectTypeOf<PathParams<string[]>>().toEqualTypeOf<ParamsDictionary>();
  });

  it('should give handlers the inferred req.params at run time too', async () => {
    const router = Router();
    router.get('/u/:id/*rest', (req, res) => {
      const id: string = req.params.id;
      const rest: string[] = req.params.rest;
      res.end(`${id}:${rest.join('|')}`);
    });
    router.get('/o{/:maybe}', (req, res) => {
      const maybe: string | undefined = req.params.maybe;
      res.end(String(maybe));
    });
    router.route('/r/:slug').get((req, res) => res.end(req.params.slug));
    router.get(/^\/re\/(\d+)$/, (req, res) => res.end(req.params[0]));
    const server = createServer(router);
    await request(server).get('/u/7/a/b').expect(200, '7:a|b');
    await request(server).get('/o').expect(200, 'undefined');
    await request(server).get('/r/hello').expect(200, 'hello');
    await request(server).get('/re/42').expect(200, '42');
  });
});

describe('generic request and response types', () => {
  interface AppRequest extends IncomingMessage {
    user?: string;
  }
  interface AppResponse extends ServerResponse {
    send(body: string): void;
  }

  it('should give handlers the router request/response types with the router fields', async () => {
    const router: RouterInstance<AppRequest, AppResponse> = Router<AppRequest, AppResponse>();
    router.use((req, res, next) => {
      req.user = 'ann';
      (res as AppResponse).send = (body: string) => res.end(body);
      next();
    });
    router.get('/me/:tab', (req, res) => res.send(`${req.user ?? ''} ${req.params.tab} ${req.baseUrl}|${req.originalUrl}`));
    const handler: RequestHandler<AppRequest, AppResponse> = (_req, res) => res.send('typed');
    const onError: ErrorRequestHandler<AppRequest, AppResponse> = (_err, _req, res, _next) => res.send('error');
    router.get('/typed', handler, onError);
    // Plain lambdas followed by a typed error handler keep their contextual types.
    router.use((req, _res, next) => next(req.user), onError);
    router.use('/p/:q', (req, _res, next) => next(req.params.q), onError);
    router.route('/rt/:r').get((req, _res, next) => next(req.params.r), onError);
    const server = createServer(router as unknown as Parameters<typeof createServer>[0]);
    await request(server).get('/me/posts').expect(200, 'ann posts |/me/posts');
    await request(server).get('/typed').expect(200, 'typed');
  });
});
