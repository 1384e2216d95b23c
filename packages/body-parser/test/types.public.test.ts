import type { IncomingMessage, ServerResponse } from 'node:http';
import bodyParser, { json, type BodyParserMiddleware, type JsonOptions, type UrlencodedOptions } from '@webfw/body-parser';
import { expectTypeOf } from 'expect-type';
import { post, withServe } from './support/helpers';

/** A framework request type, as express's Request is: a subtype of IncomingMessage. */
interface AppRequest extends IncomingMessage {
  rawBody?: Buffer;
  body?: unknown;
}
type AppHandler = (req: AppRequest, res: ServerResponse, next: (err?: unknown) => void) => void;

describe('public types (checked by tsc, exercised here)', () => {
  it('should accept a verify typed for a request subtype and fit a framework handler type', async () => {
    const options: JsonOptions = {
      verify(req: AppRequest, _res: ServerResponse, buf: Buffer) {
        req.rawBody = buf;
      },
    };
    const handler: AppHandler = json(options);
    const keep = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
      res.setHeader('X-Raw-Length', String((req as AppRequest).rawBody?.length ?? -1));
      next();
    };
    await withServe([handler as BodyParserMiddleware, keep], async (s) => {
      const res = await post(s.port, 'application/json', '{"a":1}');
      expect(res.headers['x-raw-length']).toBe('7');
      expect(res.json.body).toEqual({ a: 1 });
    });
  });

  it('should type the default export as the four factories', () => {
    const factories: Array<(options?: never) => BodyParserMiddleware> = [bodyParser.json, bodyParser.raw, bodyParser.text, bodyParser.urlencoded];
    expect(factories.map((f) => typeof f)).toEqual(['function', 'function', 'function', 'function']);
    expectTypeOf(bodyParser.json).toEqualTypeOf(json);
    expectTypeOf<UrlencodedOptions['extended']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<{ extended: 'yes' }>().not.toMatchTypeOf<UrlencodedOptions>();
  });
});
