/**
 * What every server of the growth suite serves, so each does the same work as the work grows.
 * argv: `<kind> <size>`:
 *   routes <n>      n routes `/r<i>/:id` (i from 0), each answering {"id":...} as JSON
 *   middleware <n>  n pass-through middleware before GET / -> {"hello":"world"}
 *   json <n>        POST /echo: a JSON body (up to 2 MB) parsed and sent back
 *   static <n>      GET /<file>: files from the STATIC_ROOT directory
 *   subapps <n>     GET /user/:id -> {"id":...} in a sub-app n levels deep (express and webfw)
 *   hello <n>       GET / -> {"hello":"world"} (the connections series; n is unused)
 */
export const kind = process.argv[2] ?? 'hello';
export const size = Number(process.argv[3] ?? 0);
export const hello = { hello: 'world' };
/** The request body limit of the JSON series, above its largest body (1 MB). */
export const BODY_LIMIT = 2 * 1024 * 1024;
export const staticRoot = process.env.STATIC_ROOT ?? '';

/** Prints the port the harness waits for. */
export function announcePort(port) {
  console.log(`PORT ${port}`);
}
