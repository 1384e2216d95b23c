/**
 * The global `Express` namespace that the ecosystem's types augment, as @types/express
 * declares it: `declare global { namespace Express { interface Request { user?: User } } }`
 * (what @types/passport, @types/express-session and @types/multer do) adds to every webfw
 * `Request`; `Response`, `Locals` (`res.locals`, `app.locals`) and `Application` likewise.
 * The 5.x and the 4.x types share it.
 */
declare namespace Express {
  /** Members added to every request. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- open for augmentation
  interface Request {}
  /** Members added to every response. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- open for augmentation
  interface Response {}
  /** Members of every `res.locals` and `app.locals`. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- open for augmentation
  interface Locals {}
  /** Members added to every application. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- open for augmentation
  interface Application {}
}
