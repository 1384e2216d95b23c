/**
 * A small load generator for the deploy test: `concurrency` loops, each sending one GET after
 * the other over keep-alive connections (a steady stream, as browsers and API clients make),
 * recording every outcome. Waiting on it is event-driven: each outcome emits 'response'.
 */
import { EventEmitter } from 'node:events';
import { Agent, request } from 'node:http';

/** One request's outcome: its status (or the network error), and the instances nginx tried. */
export interface Outcome {
  at: number;
  status?: number;
  error?: string;
  upstream?: string;
  body?: string;
}

/** A running load: its outcomes so far, and `stop()` (resolves once every loop ended). */
export interface Load {
  events: EventEmitter;
  outcomes: Outcome[];
  stop: () => Promise<Outcome[]>;
}

/** Starts sending GET `path` to 127.0.0.1:`port` from `concurrency` loops. */
export function startLoad(port: number, path: string, concurrency = 4): Load {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const events = new EventEmitter();
  const outcomes: Outcome[] = [];
  let stopped = false;

  const once = (): Promise<Outcome> =>
    new Promise((resolve) => {
      const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          const upstream = res.headers['x-upstream'];
          resolve({
            at: Date.now(),
            status: res.statusCode,
            upstream: typeof upstream === 'string' ? upstream : undefined,
            body: res.statusCode === 200 ? undefined : body,
          });
        });
        res.on('error', (err) => resolve({ at: Date.now(), error: err.message }));
      });
      req.on('error', (err) => resolve({ at: Date.now(), error: err.message }));
      req.end();
    });

  const loop = async (): Promise<void> => {
    while (!stopped) {
      const outcome = await once();
      outcomes.push(outcome);
      events.emit('response', outcome);
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    events,
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
      return outcomes;
    },
  };
}
