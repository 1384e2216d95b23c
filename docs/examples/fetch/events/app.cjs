'use strict';
// The events an app sees of its requests and responses, recorded per request (`?id=`) and
// read back with GET /log?id=: the test (../fetch.events.runtimes.test.ts) asks the same
// things of this app served by node:http (app.listen) and through app.fetch on Bun, Deno and
// workerd, and compares what each recorded.
const webfw = require('@webfw/core');

function createEventsApp() {
  const app = webfw();
  const logs = new Map();

  /** Keeps the request's work pending until the client goes away (an app waiting on something: workerd ends a request that waits on nothing). */
  function waitForClient(res) {
    const timer = setTimeout(() => {}, 10_000);
    res.on('close', () => clearTimeout(timer));
  }

  /** Records the node events of `req` and `res` under the request's id. */
  function record(req, res) {
    const log = [];
    logs.set(req.query.id, log);
    req.on('aborted', () => log.push('req aborted'));
    req.on('end', () => log.push('req end'));
    req.on('error', (err) => log.push(`req error ${err.code}`));
    req.on('close', () => log.push('req close'));
    res.on('finish', () => log.push('res finish'));
    res.on('close', () => log.push(`res close${res.writableFinished ? '' : ' unfinished'}`));
    res.on('error', (err) => log.push(`res error ${err.code}`));
    return log;
  }

  app.get('/log', (req, res) => res.json(logs.get(req.query.id) || null));

  // a whole answer
  app.get('/whole', (req, res) => {
    record(req, res);
    res.send('whole');
  });

  // an answer written in three pieces over time
  app.get('/stream', (req, res) => {
    record(req, res);
    res.type('text').write('one ');
    setTimeout(() => res.write('two '), 20);
    setTimeout(() => res.end('three'), 40);
  });

  // a first piece, then nothing until the client has gone away
  app.get('/stalled', (req, res) => {
    const log = record(req, res);
    res.type('text').write('first');
    waitForClient(res);
    res.on('close', () => log.push(`write after close ${res.write('more') ? 'true' : 'false'}`));
  });

  // no answer until the client has gone away
  app.get('/pending', (req, res) => {
    record(req, res);
    waitForClient(res);
  });

  // an upload read to its end, echoed
  app.post('/upload', (req, res) => {
    record(req, res);
    let length = 0;
    req.on('data', (chunk) => (length += chunk.length));
    req.on('end', () => res.json({ length }));
  });

  return app;
}

module.exports = { createEventsApp };
