/**
 * `app.fetch` on Cloudflare's workerd. Its `node:http` is written over the fetch API: its
 * `ServerResponse` builds the web `Response` itself and has no socket to write to (its
 * `assignSocket` throws), so the connection stand-in of fetch.ts cannot be used there. Instead
 * the app gets a `node:http` server of workerd's, as `http.createServer(app)` on node, listening
 * on a port of workerd's own port table (made once per app), and each request goes through
 * `httpServerHandler` of workerd's `cloudflare:node` module, the bridge workerd provides for
 * node servers. The app sees workerd's request and response objects, with `env` and `ctx` as
 * `req.env` and `req.ctx` (carried to the server's listener in an AsyncLocalStorage).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** Whether this is Cloudflare's runtime (its documented `navigator.userAgent`). */
export const IS_WORKERD = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === 'Cloudflare-Workers';

/** The module workerd's bridge is in (a variable: bundlers leave the import to the runtime). */
const CLOUDFLARE_NODE = 'cloudflare:node';

type FetchHandler = { fetch(request: Request, env?: unknown, ctx?: unknown): Promise<Response> };

const handlers = new WeakMap<object, Promise<FetchHandler>>();

/** The `env` and `ctx` of the request being answered. */
const bindings = new AsyncLocalStorage<{ env: unknown; ctx: unknown }>();

/** Gives `req` the `env` and `ctx` of its request, when there are any. */
function withBindings(req: IncomingMessage): void {
  const given = bindings.getStore();
  if (given?.env !== undefined) Object.defineProperty(req, 'env', { configurable: true, writable: true, value: given.env });
  if (given?.ctx !== undefined) Object.defineProperty(req, 'ctx', { configurable: true, writable: true, value: given.ctx });
}

/** The workerd bridge to a server of `listener`'s own (made on the first request). */
function handlerFor(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<FetchHandler> {
  let handler = handlers.get(listener);
  if (handler === undefined) {
    handler = (async () => {
      const bridge = (await import(CLOUDFLARE_NODE)) as { httpServerHandler(options: { port: number }): FetchHandler };
      const server: Server = createServer((req, res) => {
        withBindings(req);
        listener(req, res);
      });
      server.listen(0);
      return bridge.httpServerHandler({ port: (server.address() as { port: number }).port });
    })();
    handlers.set(listener, handler);
  }
  return handler;
}

/**
 * Answers `request` with `listener` through workerd's bridge (see the file comment), giving
 * the request `env` and `ctx` as `req.env` and `req.ctx`.
 */
export async function fetchOnWorkerd(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  request: Request,
  env: unknown,
  ctx: unknown,
): Promise<Response> {
  const handler = await handlerFor(listener);
  return bindings.run({ env, ctx }, () => handler.fetch(request, env, ctx));
}
