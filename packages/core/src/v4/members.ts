import { IncomingMessage, ServerResponse } from 'node:http';
import { appPrototype } from '../prototypes/app-prototype';

/**
 * The 4.x prototypes start as copies of the 5.x ones: every own member of a 5.x prototype but
 * those named is defined on a new object, so the 4.x prototype lists the members express 4's
 * lists (`Object.keys(webfw.request)`) and 4.x replacements never fight 5.x getters.
 */
export function copyMembers<T extends object>(parent: object, source: object, leave: readonly string[], own: PropertyDescriptorMap): T {
  const descriptors: PropertyDescriptorMap = {};
  for (const key of Object.keys(source)) {
    if (leave.includes(key)) continue;
    descriptors[key] = Object.getOwnPropertyDescriptor(source, key) as PropertyDescriptor;
  }
  return Object.create(parent, { ...descriptors, ...own }) as T;
}

/** A method as express defines them: enumerable, writable, configurable. */
export function method(value: unknown): PropertyDescriptor {
  return { configurable: true, enumerable: true, writable: true, value };
}

/** A getter as express defines them: enumerable, configurable. */
export function getter(get: () => unknown): PropertyDescriptor {
  return { configurable: true, enumerable: true, get };
}

/** What `createApp` needs of an application prototype. */
interface AppPrototype {
  handle(req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void;
  init(): void;
}

/**
 * Makes an app as express 4 (and 3) did: a `(req, res[, next])` function inheriting
 * `application`, whose `app.request` and `app.response` inherit `request` and `response` and
 * point back at the app; then runs `app.init()`.
 */
export function createApp<App>(application: object, request: object, response: object): App {
  const app = function webfwApp(req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void {
    (app as unknown as AppPrototype).handle(req, res, next);
  } as unknown as App & AppPrototype & { request: object; response: object };
  Object.setPrototypeOf(app, application);
  // class-based, as 5.x apps: the servers app.listen makes construct with them (../prototypes/app-prototype.ts)
  app.request = appPrototype(IncomingMessage, request, app);
  app.response = appPrototype(ServerResponse, response, app);
  app.init();
  return app;
}
