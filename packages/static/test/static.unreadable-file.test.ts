import fs, { chmodSync, chownSync, writeFileSync } from 'node:fs';
import serveStatic, { type StaticMiddleware } from '@webfw/static';
import { closeAll } from '../src/fd-cache';
import { errorOf, fixture, raw, serve, type Fixture, type RawResponse, type TestServer } from './support/helpers';

// A file the server process can no longer open (permission removed, owner changed) must not be
// served from a descriptor the small-file cache opened while it still could: it is answered as
// serve-static 2.x answers it (send fails to open it: 500 through next(err), even with
// fallthrough). HEAD is answered from the stat alone by both, so it stays 200.
//
// root opens any file whatever its mode, so when the tests run as root the servers' file
// accesses run with the effective user id of `nobody` (65534) while a request is in flight;
// the files are created, changed and removed as root. Run as another user, the servers run as
// that user and the owner change (which needs root) is left out.

// eslint-disable-next-line @typescript-eslint/no-require-imports
const referenceStatic = require('serve-static') as (root: string) => StaticMiddleware;

const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

/** Runs `fn` (requests) with the file permissions of the server user: `nobody` when root. */
async function asServerUser<T>(fn: () => Promise<T>): Promise<T> {
  const seteuid = process.seteuid;
  if (!isRoot || seteuid === undefined) return fn();
  seteuid.call(process, NOBODY);
  try {
    return await fn();
  } finally {
    seteuid.call(process, 0);
  }
}

let fx: Fixture;
let ours: TestServer;
let theirs: TestServer;
beforeAll(async () => {
  fx = fixture({});
  chmodSync(fx.base, 0o755);
  chmodSync(fx.root, 0o755);
  ours = await serve(serveStatic(fx.root));
  theirs = await serve(referenceStatic(fx.root));
});
afterEach(() => jest.restoreAllMocks());
afterAll(async () => {
  await ours.close();
  await theirs.close();
  closeAll();
  fx.remove();
});

let n = 0;
/** A new file (so the descriptor cache starts cold for it), readable by the server user. */
function fresh(content: string, mode = 0o644): string {
  const name = `f${++n}.txt`;
  writeFileSync(fx.path(name), content);
  chmodSync(fx.path(name), mode);
  if (isRoot) chownSync(fx.path(name), NOBODY, NOBODY);
  return name;
}

/** The response without its Date header (the only one that may differ between the servers). */
function comparable(res: RawResponse): { status: number; headers: Record<string, string>; text: string } {
  const { date: _date, ...headers } = res.headers;
  return { status: res.status, headers, text: res.text };
}

/** Sends the same request to @webfw/static and serve-static 2.x, as the server user. */
async function both(method: string, name: string): Promise<[RawResponse, RawResponse]> {
  return asServerUser(async () => [await raw(ours.server, method, `/${name}`), await raw(theirs.server, method, `/${name}`)]);
}

/** Counts `fs.open` calls from now on. */
function countOpens(): { open: number } {
  const counts = { open: 0 };
  const realOpen = fs.open;
  jest.spyOn(fs, 'open').mockImplementation(((...a: unknown[]) => {
    counts.open++;
    return (realOpen as (...x: unknown[]) => void)(...a);
  }) as typeof fs.open);
  return counts;
}

const changes: Array<[string, (file: string) => void, (file: string) => void]> = [
  ['its permissions are removed (chmod 000)', (file) => chmodSync(file, 0), (file) => chmodSync(file, 0o644)],
  ['its read permission is removed (chmod 200: write-only)', (file) => chmodSync(file, 0o200), (file) => chmodSync(file, 0o644)],
];
if (isRoot) {
  // the file is owned by nobody with mode 600; root takes it over
  changes.push(['its owner changes (chown to root, mode 600)', (file) => chownSync(file, 0, 0), (file) => chownSync(file, NOBODY, NOBODY)]);
}

describe('a small file the process can no longer open', () => {
  it.each(changes)('should not be served from a cached descriptor once %s: 500 through next(err), as serve-static', async (_label, change, restore) => {
    const name = fresh('secret text', isRoot ? 0o600 : 0o644);
    const file = fx.path(name);
    const [warmOurs, warmTheirs] = await both('GET', name);
    expect(warmOurs.status).toBe(200);
    expect(warmOurs.text).toBe('secret text');
    expect(comparable(warmOurs)).toEqual(comparable(warmTheirs));

    change(file);
    const callsBefore = ours.calls.length;
    const [denied, reference] = await both('GET', name);
    expect(denied.status).toBe(500);
    expect(denied.text).toBe('Internal Server Error');
    expect(denied.text).not.toContain('secret');
    expect(comparable(denied)).toEqual(comparable(reference));
    // send's error for the failed open (its message depends on the realm: inside jest the fs
    // error comes from another realm and http-errors gives it a generic message)
    expect(errorOf(ours, callsBefore)).toMatchObject({ status: 500, statusCode: 500, expose: false, code: 'EACCES' });
    expect(errorOf(ours, callsBefore)).toEqual(errorOf(theirs, theirs.calls.length - 1));
    expect(ours.calls.length).toBe(callsBefore + 1);

    // HEAD does not open the file, in send as here
    const [head, headReference] = await both('HEAD', name);
    expect(head.status).toBe(200);
    expect(comparable(head)).toEqual(comparable(headReference));

    // readable again: served again (no failure is remembered)
    restore(file);
    const [again, againReference] = await both('GET', name);
    expect(again.status).toBe(200);
    expect(again.text).toBe('secret text');
    expect(comparable(again)).toEqual(comparable(againReference));
  });

  it('should 500 for an empty file it cannot open, as send (which opens empty files too)', async () => {
    const name = fresh('');
    const [warm, warmReference] = await both('GET', name);
    expect(warm.status).toBe(200);
    expect(warm.headers['content-length']).toBe('0');
    expect(comparable(warm)).toEqual(comparable(warmReference));
    chmodSync(fx.path(name), 0);
    const [denied, reference] = await both('GET', name);
    expect(denied.status).toBe(500);
    expect(comparable(denied)).toEqual(comparable(reference));
  });

  it('should 500 for a file it could never open (cold cache), as serve-static', async () => {
    const name = fresh('never readable', 0);
    const [denied, reference] = await both('GET', name);
    expect(denied.status).toBe(500);
    expect(comparable(denied)).toEqual(comparable(reference));
  });
});

describe('revalidation of cached descriptors', () => {
  it('should reopen a file whose mode changed but that stays readable, and serve it', async () => {
    const name = fresh('still readable');
    expect((await both('GET', name))[0].status).toBe(200);
    chmodSync(fx.path(name), 0o444);
    const counts = countOpens();
    const [res] = await asServerUser(() => Promise.all([raw(ours.server, 'GET', `/${name}`)]));
    expect(res.status).toBe(200);
    expect(res.text).toBe('still readable');
    expect(counts.open).toBe(1);
  });

  it('should keep using the descriptor while the file is unchanged', async () => {
    const name = fresh('unchanged');
    expect((await both('GET', name))[0].status).toBe(200);
    const counts = countOpens();
    const [res] = await asServerUser(() => Promise.all([raw(ours.server, 'GET', `/${name}`)]));
    expect(res.text).toBe('unchanged');
    expect(counts.open).toBe(0);
  });
});
