import path from 'node:path';
import { createRequire } from 'node:module';

/**
 * Requires a tracing agent's module from here, else from the app (the agent is the app's
 * dependency, not webfw's: under pnpm or a workspace link it is not reachable from this
 * folder). The app is found by `require.main`, else the working directory. Throws the first
 * error when neither finds it. The caller states the module's shape.
 */
export function appRequire(id: string): unknown {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the agent from here, as node resolves it
    return require(id);
  } catch (error) {
    const from = require.main && require.main.filename ? require.main.filename : path.join(process.cwd(), 'index.js');
    try {
      return createRequire(from)(id);
    } catch {
      throw error;
    }
  }
}
