/**
 * The internal symbols of @webfw/core, in one place (as fastify's symbols.js): the keys under
 * which apps, their prototypes and responses keep state users never see. Each symbol's
 * description is `webfw.<name>`.
 */

/** On an app: its router, created on first access of `app.router`. */
export const ROUTER: unique symbol = Symbol('webfw.router');

/** On an app: the options of its final handler (the error logger), made once per app. */
export const FINAL_OPTIONS: unique symbol = Symbol('webfw.finalOptions');

/** On an app: the request/response classes of the servers `app.listen` creates. */
export const SERVER_CLASSES: unique symbol = Symbol('webfw.serverClasses');

/**
 * On an app's request/response prototype made by `webfw()`: the class (extending node's)
 * whose `prototype` it is, for the servers `app.listen` creates.
 */
export const APP_CLASS: unique symbol = Symbol('webfw.appClass');

/** On an app's settings object: `trust proxy` still holds its default value. */
export const TRUST_PROXY_DEFAULT: unique symbol = Symbol('webfw.trustProxyDefault');

/** On a response: its header state (see `HeaderState` in ../response/headers.ts). */
export const HEADER_STATE: unique symbol = Symbol('webfw.headerState');
