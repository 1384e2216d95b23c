/**
 * What the packages' tests share: servers on loopback (`listen`, `close`, `withServer`), raw
 * and client requests (`rawRequest`, `rawExchange`, `request`), and waiting on events instead of
 * sleeping (`until`, `nextEvent`). Package-specific test support (fixtures, the final handler a
 * package's tests put behind it) stays in that package's `test/helpers.ts`.
 */
export { close, listen, portOf, withServer, type Servable } from './server';
export {
  completeResponses,
  parseResponse,
  rawBytes,
  rawExchange,
  rawRequest,
  type ExchangeOptions,
  type ParsedResponse,
  type RawOptions,
  type Target,
} from './wire';
export { request, type ClientResponse, type RequestOptions } from './request';
export { nextEvent, until } from './events';
export { runSuitesOver } from './suites-over';
export { fetchListener, supertestOverFetch, webRequest, writeResponse, type FetchHandler } from './fetch';
export {
  closeHttp2,
  closeHttp2Session,
  connectHttp2,
  http2Exchange,
  http2Request,
  listenHttp2,
  selfSignedCertificate,
  supertestOverHttp2,
  withHttp2Server,
  type AnyHttp2Server,
  type Certificate,
  type Http2ListenOptions,
  type Http2RequestOptions,
  type Http2Response,
} from './http2';
