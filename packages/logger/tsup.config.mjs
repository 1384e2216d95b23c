import { preset } from '../../tooling/tsup.preset.mjs';

export default preset();
