/** webfw's hello JSON app on Bun's node:http through app.listen (run by Bun). */
// the built package (Bun would follow the repository's tsconfig paths from '@webfw/core' to the sources)
import webfw from '../../../../packages/core/dist/index.js';
import { announcePort, hello } from '../frameworks/common.mjs';

const app = webfw();
app.get('/', (req, res) => res.json(hello));
const server = app.listen(0, '127.0.0.1', () => announcePort(server.address().port));
