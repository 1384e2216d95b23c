import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import webfw from '@webfw/core';
import { close } from '@webfw/test-support';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Framework = any;

const started: Server[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => close(server)));
});

function start(app: any): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
    started.push(server);
  });
}

async function get(server: Server, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { headers: { connection: 'close' } });
  return { status: res.status, body: await res.text() };
}

/**
 * An app whose sub-app reads, on the way in, what a request and response answer before any
 * route matched, answers from a route inside it, or passes the request back to the parent.
 */
function appOn(framework: Framework): any {
  const app = framework();
  const sub = framework();
  sub.use((req: any, res: any, next: any) => {
    res.locals.entry = {
      route: req.route === undefined,
      statusCode: res.statusCode,
      statusMessage: res.statusMessage ?? null,
      endListeners: req.listenerCount('end'),
      proto: Object.getPrototypeOf(req) === sub.request && Object.getPrototypeOf(res) === sub.response,
    };
    next();
  });
  sub.get('/in/:id', (req: any, res: any) => {
    res.status(201).json({ ...res.locals.entry, path: req.route.path, params: req.params, baseUrl: req.baseUrl });
  });
  app.use('/sub', sub);
  app.get('/sub/back', (req: any, res: any) => {
    res.json({
      ...res.locals.entry,
      path: req.route.path,
      proto: Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response,
    });
  });
  return app;
}

describe('a request entering a sub-app', () => {
  it.each([
    ['/sub/in/7', 'a route inside it'],
    ['/sub/back', 'a route of the parent after it'],
  ])('answers %s (%s) as express 5 does', async (path) => {
    const ours = await get(await start(appOn(webfw)), path);
    const theirs = await get(await start(appOn(express)), path);
    expect(ours).toEqual(theirs);
    expect(JSON.parse(ours.body)).toMatchObject({ route: true, statusCode: 200, statusMessage: null, proto: true });
  });

  // what keeps a route in a sub-app fast on Node 20 and 22 (docs/performance.md, "Sub-apps"):
  // the request and response gain no own property after their prototypes switched. From V8 13
  // on (Node 24, 26) nothing is settled first: there every own property makes the switch longer,
  // and the properties added after it cost what they cost on any request.
  const settles = Number(process.versions.v8.split('.')[0]) < 13;
  const addedLater = settles ? { req: [], res: [] } : { req: ['route', '_eventsCount'], res: ['statusMessage', 'statusCode'] };
  it(`adds ${settles ? 'no own property' : 'only what routing and answering add'} to the request or the response after the switch (V8 ${process.versions.v8})`, async () => {
    const app = webfw();
    const sub = webfw();
    let added: { req: string[]; res: string[] } | undefined;
    sub.use((req, res, next) => {
      const before = { req: Reflect.ownKeys(req), res: Reflect.ownKeys(res) };
      res.on('finish', () => {
        added = {
          req: Reflect.ownKeys(req)
            .filter((k) => !before.req.includes(k))
            .map(String),
          res: Reflect.ownKeys(res)
            .filter((k) => !before.res.includes(k))
            .map(String),
        };
      });
      next();
    });
    sub.get('/user/:id', (req, res) => {
      res.json({ id: req.params.id });
    });
    app.use('/', sub);
    const server = await start(app);
    expect(await get(server, '/user/42')).toEqual({ status: 200, body: '{"id":"42"}' });
    // (the listener this test added on 'finish' is on the response before the switch)
    expect(added).toEqual(addedLater);
  });

  // node warns once a process when an HTTP/2 response's statusMessage is read or written; express
  // never touches it, so an HTTP/2 request through a sub-app must not either (a fresh process)
  it('leaves an HTTP/2 response alone: no "Status message is not supported" warning', () => {
    const script = `
      const webfw = require(${JSON.stringify(join(__dirname, '..', 'dist', 'index.cjs'))});
      const http2 = require('node:http2');
      const app = webfw(); const sub = webfw();
      sub.get('/x', (req, res) => res.json({ code: res.statusCode }));
      app.use('/', sub);
      process.on('warning', (w) => console.log('warning: ' + w.name));
      const server = app.listen({ http2: true }, 0, '127.0.0.1', () => {
        const client = http2.connect('http://127.0.0.1:' + server.address().port);
        const stream = client.request({ ':path': '/x' });
        let body = '';
        stream.on('data', (d) => (body += d));
        stream.on('end', () => { console.log('body: ' + body); client.close(); server.close(); });
      });`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20000 });
    expect({ stdout: run.stdout.trim().split('\n'), stderr: run.stderr }).toEqual({ stdout: ['body: {"code":200}'], stderr: '' });
  });
});
