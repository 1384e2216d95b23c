/**
 * HTTP/2: webfw's request and response on node's `http2` compat objects.
 *
 * Node's HTTP/2 compat objects (`Http2ServerRequest`, `Http2ServerResponse`) are not built on
 * node's HTTP/1 classes, so they get twins of the app's prototype chain (twins.ts)
 * ending on `Http2ServerRequest.prototype` / `Http2ServerResponse.prototype`.
 *
 * On the response twin, webfw's header methods give way to node's HTTP/2 ones, wrapped so
 * that HTTP/1-only headers are dropped (headers.ts).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { http2HeaderMethods } from '../http2/headers';
import { twinClassOf, twinKind } from './twins';
import { response } from '../response/response';
import { headerMethods } from '../response/headers';

export { adoptRequest, adoptResponse } from './twins';

const requestKind = twinKind('request', IncomingMessage.prototype, Http2ServerRequest);

const responseKind = twinKind(
  'response',
  ServerResponse.prototype,
  Http2ServerResponse,
  // webfw's own HTTP/1 header methods; a user's replacement on webfw.response is copied
  (_level, key, descriptor) => typeof key === 'string' && headerMethods[key]?.value === descriptor.value,
  (level) => (level === response ? http2HeaderMethods : undefined),
);

/** The request and response classes an HTTP/2 server constructs with (node's option names). */
export interface Http2Classes {
  Http2ServerRequest: typeof Http2ServerRequest;
  Http2ServerResponse: typeof Http2ServerResponse;
}

/**
 * The classes whose instances are born with the HTTP/2 twins of `requestProto` and
 * `responseProto` (an app's own prototypes, made by `webfw()`), for the HTTP/2 servers
 * `app.listen` creates; undefined when either prototype is not one `webfw()` made.
 */
export function http2Classes(requestProto: object, responseProto: object): Http2Classes | undefined {
  const req = twinClassOf(requestKind, requestProto);
  const res = twinClassOf(responseKind, responseProto);
  if (req === undefined || res === undefined) return undefined;
  return { Http2ServerRequest: req as unknown as typeof Http2ServerRequest, Http2ServerResponse: res as unknown as typeof Http2ServerResponse };
}
