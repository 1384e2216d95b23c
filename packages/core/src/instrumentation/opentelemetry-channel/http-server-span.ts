/**
 * The SERVER span instrumentation-http would open (its stable attributes, name and status), for
 * runtimes and servers it does not see: Bun.serve, Deno.serve, workerd, app.fetch.
 */
import { api, RPC_METADATA, type Attributes, type Context, type RpcMetadata, type Span, type Tracer } from './otel-api';

/** The request as read here: node's IncomingMessage, or what a runtime hands the app in its place. */
export interface ServerRequest {
  method?: string;
  url?: string;
  httpVersion?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { encrypted?: boolean; remoteAddress?: string; remotePort?: number };
}

const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE', 'QUERY']);

/** host[:port] of a Host header, as instrumentation-http reads it. */
function hostAndPort(host: string, scheme: string): { host: string; port: string | undefined } {
  let name = host;
  let port: string | undefined;
  const v6 = /^\[([^\]]*)\](?::(\d+))?$/.exec(host);
  if (v6) {
    name = v6[1]!;
    port = v6[2];
  } else {
    const i = host.lastIndexOf(':');
    if (i > -1 && host.indexOf(':') === i) {
      name = host.slice(0, i);
      port = host.slice(i + 1);
    }
  }
  if (port === undefined || port === '') port = scheme === 'https' ? '443' : scheme === 'http' ? '80' : undefined;
  return { host: name, port };
}

/** instrumentation-http's `http.request.method`: a known method in upper case, else `_OTHER`. */
function knownMethod(method: unknown): string {
  if (method == null) return 'GET';
  const upper = String(method).toUpperCase();
  return KNOWN_METHODS.has(upper) ? upper : '_OTHER';
}

/**
 * Opens the SERVER span instrumentation-http would open for `req`, its parent extracted from
 * the request's headers. Returns the span and the context holding it and its RPC metadata.
 */
export function startServerSpan(tracer: Tracer, req: ServerRequest): [Span, Context] {
  const headers = req.headers || {};
  const scheme = req.socket && req.socket.encrypted ? 'https' : 'http';
  const method = knownMethod(req.method);
  const attributes: Attributes = { 'http.request.method': method, 'url.scheme': scheme };
  let url: URL | undefined;
  try {
    url = new URL(req.url || '/', `${scheme}://${headers.host || 'localhost'}`);
  } catch {
    url = undefined;
  }
  const server = typeof headers.host === 'string' && headers.host.length > 0 ? hostAndPort(headers.host, scheme) : undefined;
  if (server) attributes['server.address'] = server.host;
  if (req.socket && req.socket.remoteAddress !== undefined) attributes['network.peer.address'] = req.socket.remoteAddress;
  if (req.socket && req.socket.remotePort !== undefined) attributes['network.peer.port'] = req.socket.remotePort;
  if (req.httpVersion) attributes['network.protocol.version'] = req.httpVersion;
  if (headers['user-agent'] !== undefined) attributes['user_agent.original'] = headers['user-agent'];
  if (url) {
    attributes['url.path'] = url.pathname;
    if (url.search) attributes['url.query'] = url.search.slice(1);
  }
  const forwarded = headers['x-forwarded-for'];
  const client = (typeof forwarded === 'string' && forwarded.split(',')[0]!.trim()) || (req.socket && req.socket.remoteAddress);
  if (client) attributes['client.address'] = client;
  if (server && server.port != null) attributes['server.port'] = Number(server.port);
  if (req.method !== method && req.method != null) attributes['http.request.method_original'] = req.method;
  const parent = api.propagation.extract(api.ROOT_CONTEXT, headers);
  const span = tracer.startSpan(method, { kind: api.SpanKind.SERVER, attributes }, parent);
  const rpc: RpcMetadata = { type: 'http', span };
  return [span, api.trace.setSpan(parent, span).setValue(RPC_METADATA, rpc)];
}

/**
 * Closes a span opened by startServerSpan when the response closes, as instrumentation-http
 * does: status code, `http.route` (the route the framework matched, from the RPC metadata),
 * error status, and the name `<method> <route>`.
 */
export function endServerSpan(span: Span, rpc: RpcMetadata | undefined, req: ServerRequest, res: { statusCode: number }): void {
  const status = res.statusCode;
  span.setAttribute('http.response.status_code', status);
  const route = rpc && rpc.route;
  if (route !== undefined) span.setAttribute('http.route', route);
  if (!(status >= 100 && status < 500)) span.setStatus({ code: api.SpanStatusCode.ERROR });
  if (typeof status === 'number' && status >= 500 && status < 600) span.setAttribute('error.type', String(status));
  if (route) span.updateName(`${req.method || 'GET'} ${route}`);
  span.end();
}
