// workerd: the API app as a Worker (bundled with its packages into app.bundle.cjs by esbuild).
import api from './app.bundle.cjs';

const app = api.createApiApp();

export default { fetch: app.fetch };
