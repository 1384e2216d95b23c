/**
 * The fetch handler's responses (../fetch/response.ts) born with the app's prototypes: the
 * twins of the app's response prototype chain (twins.ts) ending on `FetchResponse.prototype`.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { FetchResponse } from '../fetch/response';
import { headerMethods } from '../response/headers';
import { twinClassOf, twinKind } from './twins';

/** The classes the app's requests and responses are born with under `app.fetch`, if it has them. */
export interface FetchClasses {
  IncomingMessage: typeof IncomingMessage;
  FetchResponse: typeof FetchResponse;
}

/**
 * The twins of the apps' response prototypes ending on `FetchResponse.prototype`: webfw's
 * own header methods (built on node's HTTP/1 store) give way to the fetch response's.
 */
const responseKind = twinKind(
  'response',
  ServerResponse.prototype,
  FetchResponse,
  (_level, key, descriptor) => typeof key === 'string' && headerMethods[key]?.value === descriptor.value,
);

/**
 * The classes the fetch handler of an app with `requestClass` (its own `IncomingMessage`
 * class, or undefined) and the response prototype `responseProto` constructs with: undefined
 * when the app has no classes of its own (its `handle` then gives requests and responses its
 * prototypes).
 */
export function fetchClasses(requestClass: typeof IncomingMessage | undefined, responseProto: object): FetchClasses | undefined {
  const responseClass = twinClassOf(responseKind, responseProto);
  if (requestClass === undefined || responseClass === undefined) return undefined;
  return { IncomingMessage: requestClass, FetchResponse: responseClass as typeof FetchResponse };
}
