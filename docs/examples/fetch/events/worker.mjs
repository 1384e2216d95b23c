// The events app through app.fetch as a workerd Worker (bundled with its packages by the test).
import events from './app.bundle.cjs';

export default { fetch: events.createEventsApp().fetch };
