import { close, fstat, open, read, type Stats } from 'node:fs';

/**
 * A small process-wide cache of open read-only file descriptors, keyed by absolute path, so a
 * small file is served with one `stat` and one positioned `read` instead of stat, open, read
 * and close. It never caches content: every read goes to the file itself, so a file rewritten
 * in place is served as it now is. An entry is used only when the path still names the same
 * file (device and inode from the request's own `stat`); a replaced or deleted file's entry is
 * closed. Descriptors in use by a read are closed only once that read is done. At most
 * `MAX_OPEN` descriptors stay open; idle ones are closed after one to two sweep periods.
 */

/** Upper bound on descriptors this cache keeps open, across all middleware instances. */
export const MAX_OPEN = 64;
/** Sweep period: a descriptor left unused for one to two periods is closed. */
export const SWEEP_MS = 5000;

interface Entry {
  path: string;
  fd: number;
  dev: number;
  ino: number;
  /** Reads in flight on this descriptor. */
  refs: number;
  /** Removed from the cache: close once `refs` drops to zero. */
  dead: boolean;
  /** Sweep tick of the last use. */
  tick: number;
  /** Monotonic use counter, for least-recently-used eviction. */
  used: number;
}

/** Called with the number of bytes read, or an error (the caller then takes the slow path). */
export type ReadCallback = (err: NodeJS.ErrnoException | null, bytesRead: number) => void;

function noop(): void {}

const entries = new Map<string, Entry>();
let tick = 0;
let useCounter = 0;
let timer: NodeJS.Timeout | undefined;

function closeEntry(e: Entry): void {
  e.dead = true;
  if (e.refs === 0) close(e.fd, noop);
}

function remove(e: Entry): void {
  if (entries.get(e.path) === e) entries.delete(e.path);
  closeEntry(e);
  if (entries.size === 0 && timer !== undefined) {
    clearInterval(timer);
    timer = undefined;
  }
}

/** Closes descriptors idle since the sweep before last; runs on the timer (exported for tests). */
export function sweep(): void {
  tick++;
  for (const e of entries.values()) {
    if (e.tick < tick - 1) remove(e);
  }
}

function insert(e: Entry): void {
  const previous = entries.get(e.path);
  if (previous !== undefined) remove(previous);
  if (entries.size >= MAX_OPEN) {
    let oldest: Entry | undefined;
    for (const x of entries.values()) if (oldest === undefined || x.used < oldest.used) oldest = x;
    if (oldest !== undefined) remove(oldest);
  }
  entries.set(e.path, e);
  if (timer === undefined) {
    timer = setInterval(sweep, SWEEP_MS);
    timer.unref();
  }
}

function release(e: Entry): void {
  e.refs--;
  if (e.dead && e.refs === 0) close(e.fd, noop);
}

function readEntry(e: Entry, buf: Buffer, cb: ReadCallback): void {
  e.refs++;
  e.tick = tick;
  e.used = ++useCounter;
  read(e.fd, buf, 0, buf.length, 0, (err, n) => {
    release(e);
    if (err !== null) remove(e);
    cb(err, n);
  });
}

/**
 * Reads the first `buf.length` bytes of the file at `path` into `buf`, through a cached
 * descriptor when one is open on the same file `stat` describes (same device and inode),
 * else through a newly opened one that is cached after `fstat` confirms it is that file.
 */
export function readFileStart(path: string, stat: Stats, buf: Buffer, cb: ReadCallback): void {
  const e = entries.get(path);
  if (e !== undefined) {
    if (e.ino === stat.ino && e.dev === stat.dev) {
      readEntry(e, buf, cb);
      return;
    }
    remove(e);
  }
  open(path, 'r', (err, fd) => {
    if (err !== null) {
      cb(err, 0);
      return;
    }
    fstat(fd, (err2, st) => {
      if (err2 !== null || st.ino !== stat.ino || st.dev !== stat.dev) {
        close(fd, noop);
        cb(err2 ?? Object.assign(new Error('file replaced while opening'), { code: 'ESTALE' }), 0);
        return;
      }
      const entry: Entry = { path, fd, dev: st.dev, ino: st.ino, refs: 0, dead: false, tick, used: 0 };
      insert(entry);
      readEntry(entry, buf, cb);
    });
  });
}

/** Closes every cached descriptor (those in use close when their read ends) and stops the sweep. */
export function closeAll(): void {
  for (const e of entries.values()) remove(e);
}

/** Number of descriptors currently cached (for tests and diagnostics). */
export function openCount(): number {
  return entries.size;
}
