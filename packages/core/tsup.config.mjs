import { preset } from '../../tooling/tsup.preset.mjs';

export default preset({ entry: { index: 'src/index.ts', v4: 'src/v4/index.ts', v3: 'src/v3/index.ts' } });
