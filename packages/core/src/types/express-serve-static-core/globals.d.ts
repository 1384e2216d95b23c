/**
 * The global `Express` namespace that the ecosystem's types augment, as @types/express
 * declares it: `declare global { namespace Express { interface Request { user?: User } } }`
 * (what @types/passport, @types/express-session and @types/multer do) adds to every webfw
 * `Request`; `Response`, `Locals` (`res.locals`, `app.locals`) and `Application` likewise.
 * The 5.x and the 4.x types share it.
 *
 * webfw declares its one addition to every app here, `app.fetch`: through the namespace an
 * @types/express `Application` in the same program has it too, so webfw's and @types' types
 * stay assignable both ways.
 */
declare namespace Express {
  /** Members added to every request. */
  interface Request {}
  /** Members added to every response. */
  interface Response {}
  /** Members of every `res.locals` and `app.locals`. */
  interface Locals {}
  /** Members added to every application. */
  interface Application {
    /**
     * The app as a web-standard fetch handler, bound to the app (`Bun.serve({ fetch:
     * app.fetch })`, `Deno.serve(app.fetch)`, `export default { fetch: app.fetch }` on
     * workerd): answers a web `Request` with a streaming `Response`. `env` and `ctx`
     * (workerd's bindings and context, Bun's server, Deno's connection info) are `req.env`
     * and `req.ctx`.
     */
    fetch(request: globalThis.Request, env?: unknown, ctx?: unknown): Promise<globalThis.Response>;
  }
}
