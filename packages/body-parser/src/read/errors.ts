import { types } from 'node:util';
import createError from 'http-errors';

type Props = Record<string, unknown>;
type Decorated = Error & { status?: unknown; statusCode?: unknown; expose?: boolean };

/**
 * Turns what was thrown or reported into an HTTP error with `status` as the default, exactly as
 * `createError(status, err, props)` of http-errors does: an Error keeps its own identity,
 * message and (4xx/5xx) status, and gets `status`, `statusCode`, `expose` and `props`; a string
 * becomes the message of a new HttpError. Unlike http-errors it also recognises Errors made in
 * another realm (node core's zlib errors seen from a `vm` context such as a jest test), which
 * http-errors would otherwise replace by a bare "Bad Request".
 */
export function httpError(status: number, err: unknown, props?: Props): Error {
  if (err instanceof Error) return createError(status, err, props ?? {});
  if (types.isNativeError(err)) return decorate(status, err as Decorated, props);
  return createError(status, typeof err === 'string' ? err : String(err), props ?? {});
}

/** What http-errors does to a generic Error, done by hand for one from another realm. */
function decorate(fallback: number, err: Decorated, props: Props | undefined): Error {
  const own = err.status || err.statusCode;
  const status = own === undefined || own === 0 || own === '' ? fallback : typeof own === 'number' && own >= 400 && own < 600 ? own : 500;
  err.expose = status < 500;
  err.status = err.statusCode = status;
  if (props) {
    for (const key of Object.keys(props)) {
      if (key !== 'status' && key !== 'statusCode') (err as unknown as Props)[key] = props[key];
    }
  }
  return err;
}
