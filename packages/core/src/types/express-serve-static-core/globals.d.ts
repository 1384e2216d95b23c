/**
 * The global `Express` namespace that the ecosystem's types augment, as @types/express
 * declares it: `declare global { namespace Express { interface Request { user?: User } } }`
 * (what @types/passport, @types/express-session and @types/multer do) adds to every webfw
 * `Request`; `Response`, `Locals` (`res.locals`, `app.locals`) and `Application` likewise.
 * The 5.x and the 4.x types share it.
 */
declare namespace Express {
  /** Members added to every request. */
  interface Request {}
  /** Members added to every response. */
  interface Response {}
  /** Members of every `res.locals` and `app.locals`. */
  interface Locals {}
  /** Members added to every application. */
  interface Application {}
}
