import { close, fstat, open, read, type Stats } from 'node:fs';

/**
 * A small process-wide cache of open read-only file descriptors, keyed by absolute path, so a
 * small file is served with one `stat` and one positioned `read` instead of stat, open, read
 * and close. It never caches content: every read goes to the file itself, so a file rewritten
 * in place is served as it now is.
 *
 * An open descriptor keeps working after the file's permissions change, so an entry is used only
 * while the request's own fresh `stat` shows the file exactly as it was when the descriptor was
 * opened: same device and inode (not replaced), same mode, owner and group (not chmod'ed or
 * chown'ed) and same ctime (the kernel sets it on every chmod, chown, ACL or content change).
 * Otherwise the entry is closed and the file opened anew, so a file the process can no longer
 * open fails the open and is answered as send answers it. Only a change within the same tick
 * of the file system's ctime clock as the open that leaves mode, owner and group alone (an ACL
 * edit) can go unseen. Descriptors in use by a read are closed only once that read is done. At
 * most `MAX_OPEN` descriptors stay open; idle ones are closed after one to two sweep periods.
 */

/** Upper bound on descriptors this cache keeps open, across all middleware instances. */
export const MAX_OPEN = 64;
/** Sweep period: a descriptor left unused for one to two periods is closed. */
export const SWEEP_MS = 5000;

/** What a descriptor's entry remembers of the file it was opened on. */
type Identity = Pick<Stats, 'dev' | 'ino' | 'mode' | 'uid' | 'gid' | 'ctimeMs'>;

interface Entry extends Identity {
  path: string;
  fd: number;
  /** Reads in flight on this descriptor. */
  refs: number;
  /** Removed from the cache: close once `refs` drops to zero. */
  dead: boolean;
  /** The descriptor was closed (it is closed once: a number reused meanwhile belongs to someone else). */
  closed: boolean;
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
/** The sweep timer while entries are cached (a number where timers are numbers, as jsdom's are). */
let timer: ReturnType<typeof setInterval> | undefined;

/** Closes the entry's descriptor, once. */
function closeFd(e: Entry): void {
  if (e.closed) return;
  e.closed = true;
  close(e.fd, noop);
}

function closeEntry(e: Entry): void {
  e.dead = true;
  if (e.refs === 0) closeFd(e);
}

/**
 * Starts the sweep. It must not keep the process alive: `unref()` where the timer has it (node's
 * timers, and fake timers that mimic them); environments whose timers are numbers (jsdom's)
 * or fakes without it just run the sweep. Nothing here depends on the clock for correctness:
 * every use checks the request's fresh stat, so a frozen or faked clock only keeps idle
 * descriptors open longer (at most `MAX_OPEN`).
 */
function startSweep(): void {
  timer = setInterval(sweep, SWEEP_MS);
  const handle = timer as { unref?: unknown };
  if (typeof handle === 'object' && handle !== null && typeof handle.unref === 'function') (handle.unref as () => void).call(handle);
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
  if (timer === undefined) startSweep();
}

function release(e: Entry): void {
  e.refs--;
  if (e.dead && e.refs === 0) closeFd(e);
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
 * True when `st` shows the file `was` describes, unchanged in what decides who may open it:
 * same inode and device, mode, owner, group and ctime.
 */
function unchanged(was: Identity, st: Stats): boolean {
  return was.ctimeMs === st.ctimeMs && was.ino === st.ino && was.dev === st.dev && was.mode === st.mode && was.uid === st.uid && was.gid === st.gid;
}

/**
 * Reads the first `buf.length` bytes of the file at `path` into `buf`, through a cached
 * descriptor when one is open on the file exactly as `stat` (the request's fresh stat) shows it
 * (see {@link unchanged}), else through a newly opened one, cached once `fstat` confirms it is
 * still that file as `stat` showed it. An open that fails (the file can no longer be opened:
 * permission removed, owner changed, deleted) reports its error; so does a file that changed
 * between `stat` and the open (`ESTALE`). The caller then answers through send.
 */
export function readFileStart(path: string, stat: Stats, buf: Buffer, cb: ReadCallback): void {
  const e = entries.get(path);
  if (e !== undefined) {
    if (unchanged(e, stat)) {
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
      if (err2 !== null || !unchanged(stat, st)) {
        close(fd, noop);
        cb(err2 ?? Object.assign(new Error('file changed while opening'), { code: 'ESTALE' }), 0);
        return;
      }
      const entry: Entry = {
        path,
        fd,
        dev: st.dev,
        ino: st.ino,
        mode: st.mode,
        uid: st.uid,
        gid: st.gid,
        ctimeMs: st.ctimeMs,
        refs: 0,
        dead: false,
        closed: false,
        tick,
        used: 0,
      };
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
