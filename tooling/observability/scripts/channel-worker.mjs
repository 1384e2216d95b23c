// workerd: the test app of channel-worker.cjs (bundled into channel-worker.bundle.cjs), traced by
// the channel subscriber. `/__use/5.x` or `/__use/v4` picks the app, `/__spans` hands over the
// spans; everything else is the app's.
import traced from './channel-worker.bundle.cjs';

export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/__use/')) {
      traced.use(pathname === '/__use/v4' ? '/v4' : '5.x');
      return new Response('ok');
    }
    if (pathname === '/__spans') return Response.json(traced.take());
    return traced.fetch(request);
  },
};
