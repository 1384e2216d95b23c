import { preset } from '../../tooling/tsup.preset.mjs';
import { writeDeclarations } from './src/types/write-declarations.mjs';

/**
 * Core's JavaScript is built from src/; its declarations are written by hand (src/types/, to
 * be @types/express's name for name) and copied into dist/ once the build is done.
 */
export default preset({
  entry: { index: 'src/index.ts', v4: 'src/v4/index.ts', v3: 'src/v3/index.ts' },
  dts: false,
  onSuccess: async () => writeDeclarations('src/types', 'dist', ['index', 'v4', 'v3']),
});
