/**
 * The file tree the static-file properties serve: a root with plain files, dotfiles and a
 * dot-directory, next to a sibling directory whose name starts with the root's (`root` and
 * `root2`) and a secret file above them. Every file holds a marker, so a response shows which
 * file it came from; the markers of files outside the root must never be seen.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Marker in every file outside the root. */
export const OUTSIDE = 'SECRET-OUTSIDE-ROOT';
/** Marker in every dotfile and every file under a dot-directory inside the root. */
export const DOTFILE = 'DOTFILE-INSIDE-ROOT';

/** The tree on disk: `root` is the directory to serve; `remove()` deletes everything. */
export interface FileTree {
  base: string;
  root: string;
  remove(): void;
}

/** Creates the tree in a fresh temporary directory. */
export function createFileTree(): FileTree {
  const base = mkdtempSync(join(tmpdir(), 'webfw-static-fuzz-'));
  const root = join(base, 'root');
  const files: Record<string, string> = {
    'secret.txt': `${OUTSIDE}-1`,
    'root2/secret.txt': `${OUTSIDE}-2`,
    'root2/index.html': `${OUTSIDE}-3`,
    '.env': `${OUTSIDE}-4`,
    'root/index.html': 'INDEX-ROOT',
    'root/a.txt': 'FILE-A',
    'root/a b.txt': 'FILE-A-SPACE',
    'root/caf\u00e9.txt': 'FILE-CAFE',
    'root/%41.txt': 'FILE-PERCENT',
    'root/sub/b.txt': 'FILE-B',
    'root/sub/index.html': 'INDEX-SUB',
    'root/sub/..hidden': `${DOTFILE}-0`, // starts with a dot: a dotfile
    'root/.hidden': `${DOTFILE}-1`,
    'root/.dir/inside.txt': `${DOTFILE}-2`,
    'root/.dir/index.html': `${DOTFILE}-3`,
    'root/sub/.env': `${DOTFILE}-4`,
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(base, path, '..'), { recursive: true });
    writeFileSync(join(base, path), content);
  }
  return { base, root, remove: () => rmSync(base, { recursive: true, force: true }) };
}

/** Path segments that try to leave the root or reach a dotfile: dots in every encoding, slashes and backslashes, NUL, overlong UTF-8. */
export const TRAVERSAL_SEGMENTS: readonly string[] = [
  '',
  '.',
  '..',
  '...',
  '%2e%2e',
  '%2E%2e',
  '.%2e',
  '%2e.',
  '..%2f',
  '..%2F..',
  '%2f',
  '%5c',
  '..%5c',
  '..\\',
  '%00',
  'a.txt%00.html',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '%e0%80%ae',
  '%',
  '%zz',
  '.hidden',
  '%2ehidden',
  '.dir',
  '%2edir',
  'inside.txt',
  '.env',
  '..hidden',
  'sub',
  'SUB',
  'b.txt',
  'a.txt',
  'A.TXT',
  'a%20b.txt',
  'caf%C3%A9.txt',
  '%2541.txt',
  'index.html',
  'root2',
  'root',
  'secret.txt',
  'a.txt;x',
  'a.txt?',
];
