/**
 * The static-file properties' two servers: webfw's (`ours`) and the express family's
 * (`theirs`), each behind a listener the property swaps on every run, over one file tree.
 */
import { createServer, type RequestListener } from 'node:http';
import { close, listen, portOf } from '../server';
import { Connection } from './connection';
import { createFileTree, type FileTree } from './file-tree';

/** What a property uses of the pair: the tree, the listeners to serve, and a raw connection to each. */
export interface ServedPair {
  /** The file tree (made in `beforeAll`). */
  readonly tree: FileTree;
  /** Serves the next requests with these listeners. */
  serve(ours: RequestListener, theirs: RequestListener): void;
  /** Runs `exchange` over a fresh raw connection to each server, destroyed afterwards. */
  connected(exchange: (mine: Connection, ref: Connection) => Promise<void>): Promise<void>;
}

/** In the calling describe block: the tree and both servers, started before its tests and removed after. */
export function servedPairOverFileTree(): ServedPair {
  const idle: RequestListener = (_req, res) => res.end();
  let ours = idle;
  let theirs = idle;
  let tree: FileTree | undefined;
  const oursServer = createServer((req, res) => ours(req, res));
  const theirsServer = createServer((req, res) => theirs(req, res));
  beforeAll(async () => {
    tree = createFileTree();
    await listen(oursServer);
    await listen(theirsServer);
  });
  afterAll(async () => {
    await close(oursServer);
    await close(theirsServer);
    tree?.remove();
  });
  return {
    get tree(): FileTree {
      if (!tree) throw new Error('the file tree is made in beforeAll');
      return tree;
    },
    serve(nextOurs, nextTheirs) {
      ours = nextOurs;
      theirs = nextTheirs;
    },
    async connected(exchange) {
      const mine = await Connection.open(portOf(oursServer));
      const ref = await Connection.open(portOf(theirsServer));
      try {
        await exchange(mine, ref);
      } finally {
        mine.destroy();
        ref.destroy();
      }
    },
  };
}
