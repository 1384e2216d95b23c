/** The per-app request and response prototypes (5.x, 4.x and 3.x apps alike). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http1Classes } from '../application/listen';
import { APP_CLASS, SERVER_CLASSES } from '../utils/symbols';

/**
 * A fresh prototype for one app's requests or responses: the `prototype` of a class extending
 * node's class (`IncomingMessage` / `ServerResponse`), re-parented onto webfw's shared
 * prototype and holding `app`. The servers the app creates construct their objects with that
 * class (see `app.listen`), so requests and responses are born with the app's prototype and V8
 * keeps node's own object layout for them; `constructor` stays node's class, as in express.
 */
export function appPrototype<T extends object>(base: typeof IncomingMessage | typeof ServerResponse, parent: T, app: object): T {
  const AppClass = class extends (base as typeof ServerResponse) {};
  const proto = AppClass.prototype as unknown as T;
  Object.setPrototypeOf(proto, parent);
  // the own `constructor` is redefined rather than deleted: deleting it would put the
  // prototype in dictionary mode and slow every request down
  Object.defineProperty(proto, 'constructor', { configurable: true, enumerable: false, writable: true, value: base });
  Object.defineProperty(proto, 'app', { configurable: true, enumerable: true, writable: true, value: app });
  Object.defineProperty(proto, APP_CLASS, { configurable: true, enumerable: false, writable: false, value: AppClass });
  return proto;
}

/** An app (its request and response prototypes) and the classes found for them once. */
interface AppWithClasses {
  request: object;
  response: object;
  [SERVER_CLASSES]?: Http1Classes;
}

type ClassOf<T> = { [APP_CLASS]?: T };

/**
 * The request and response classes of the servers the app creates itself (`app.listen`):
 * their instances are born with `app.request` / `app.response` as prototypes, so requests
 * need no prototype switch. Undefined when the app's prototypes were replaced by the user
 * (the server then uses node's classes and `handle` switches prototypes).
 */
export function serverClasses(app: AppWithClasses): Http1Classes | undefined {
  let classes = app[SERVER_CLASSES];
  if (classes === undefined) {
    const requestClass = Object.prototype.hasOwnProperty.call(app.request, APP_CLASS) ? (app.request as ClassOf<typeof IncomingMessage>)[APP_CLASS] : undefined;
    const responseClass = Object.prototype.hasOwnProperty.call(app.response, APP_CLASS)
      ? (app.response as ClassOf<typeof ServerResponse>)[APP_CLASS]
      : undefined;
    if (requestClass === undefined || responseClass === undefined) return undefined;
    classes = { IncomingMessage: requestClass, ServerResponse: responseClass };
    app[SERVER_CLASSES] = classes;
  }
  return classes;
}
