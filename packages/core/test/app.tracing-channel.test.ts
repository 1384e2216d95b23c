import dc from 'node:diagnostics_channel';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webfw from '@webfw/core';

/**
 * A whole app's `express.router.request` events, express 5.3 beside webfw: the built-in
 * middleware (json, urlencoded, static), a mounted sub-app, a Router with a parameter callback,
 * async handlers, a 404 and an error handler. Every event is written down with the context's
 * fields (`layer` by name, `route`, `param`, `error`, `result`, ...); the transcripts of the same
 * requests must be equal line for line, as must the answers.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express = require('express');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const channel = dc.tracingChannel('express.router.request');
let transcript: string[] = [];

function show(value: unknown): string {
  if (value instanceof Error) return `Error(${value.message})`;
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return `fn ${value.name}`;
  if (value instanceof RegExp) return String(value);
  return JSON.stringify(value) ?? String(value);
}

function line(event: string, ctx: Record<string, unknown>): string {
  const fields = Object.keys(ctx).map((key) => {
    if (key === 'req') return `req ${(ctx.req as { method: string; url: string }).method} ${(ctx.req as { url: string }).url}`;
    if (key === 'res') return 'res';
    if (key === 'layer') return `layer=${(ctx.layer as { name: string }).name}`;
    return `${key}=${show(ctx[key])}`;
  });
  return `${event} ${fields.join(' ')}`;
}

const subscriber = {
  start: (ctx: unknown) => transcript.push(line('start', ctx as Record<string, unknown>)),
  end: (ctx: unknown) => transcript.push(line('end', ctx as Record<string, unknown>)),
  asyncStart: (ctx: unknown) => transcript.push(line('asyncStart', ctx as Record<string, unknown>)),
  asyncEnd: (ctx: unknown) => transcript.push(line('asyncEnd', ctx as Record<string, unknown>)),
  error: (ctx: unknown) => transcript.push(line('error', ctx as Record<string, unknown>)),
};

let dir: string;

function testApp(framework: Any): Any {
  const app = framework();
  app.use(framework.json());
  app.use(framework.urlencoded());
  app.use('/static', framework.static(dir));
  app.use(function stamp(req: Any, res: Any, next: Any) {
    res.set('x-stamp', '1');
    next();
  });
  const admin = framework();
  admin.get('/dashboard', function dashboard(req: Any, res: Any) {
    res.send(`admin ${req.baseUrl}`);
  });
  app.use('/admin', admin);
  const api = framework.Router();
  api.param('id', async function loadUser(req: Any, res: Any, next: Any, id: string) {
    await Promise.resolve();
    if (id === '0') return next(new Error('no user 0'));
    req.user = { id };
    next();
  });
  api.get('/users/:id', async function getUser(req: Any, res: Any) {
    await Promise.resolve();
    res.json(req.user);
  });
  api.post('/echo', function echo(req: Any, res: Any) {
    res.json(req.body);
  });
  api.get('/boom', function boom() {
    throw new Error('boom');
  });
  app.use('/api', api);
  app.use(function notFound(req: Any, res: Any) {
    res.status(404).json({ error: 'not found' });
  });
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  app.use(function onError(err: Error, req: Any, res: Any, next: Any) {
    res.status(500).json({ error: err.message });
  });
  return app;
}

const requests: Array<[string, string, string?]> = [
  ['GET', '/api/users/42'],
  ['GET', '/api/users/0'],
  ['POST', '/api/echo', '{"a":1}'],
  ['GET', '/api/boom'],
  ['GET', '/static/hello.txt'],
  ['GET', '/admin/dashboard'],
  ['GET', '/nope'],
];

async function run(app: Any): Promise<string[]> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const out: string[] = [];
  try {
    for (const [method, path, body] of requests) {
      transcript = [];
      const answer = await fetch(`http://127.0.0.1:${port}${path}`, { method, body, headers: body ? { 'content-type': 'application/json' } : {} });
      const text = await answer.text();
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      out.push(`${method} ${path} -> ${answer.status} ${text}`, ...transcript);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return out;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'webfw-tracing-'));
  writeFileSync(join(dir, 'hello.txt'), 'hello');
  channel.subscribe(subscriber);
});
afterAll(() => {
  channel.unsubscribe(subscriber);
  rmSync(dir, { recursive: true, force: true });
});

it('should publish the same express.router.request events as express 5.3 for the same app', async () => {
  const reference = await run(testApp(express));
  const ours = await run(testApp(webfw));
  // the reference traces the route callbacks and the error (the test can fail)
  expect(reference).toContain('error req GET /boom res layer=boom handler=fn boom route="/boom" error=Error(boom)');
  if (process.env.SHOW_TRANSCRIPT) console.log(reference.join('\n'));
  expect(ours).toEqual(reference);
});
