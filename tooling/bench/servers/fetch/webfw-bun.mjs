/** webfw's hello JSON app served by Bun.serve through app.fetch (run by Bun). */
/* global Bun */
// the built package (Bun would follow the repository's tsconfig paths from '@webfw/core' to the sources)
import webfw from '../../../../packages/core/dist/index.js';
import { announcePort, hello } from '../frameworks/common.mjs';

const app = webfw();
app.get('/', (req, res) => res.json(hello));
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch });
announcePort(server.port);
