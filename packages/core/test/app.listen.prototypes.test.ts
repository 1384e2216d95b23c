import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import webfw from '@webfw/core';
import type { Application, Request, Response } from '@webfw/core';
import { serverSlot } from './support/helpers';

const started = serverSlot();

/** Starts `app.listen` on an ephemeral port and resolves with the server (closed after the test). */
function start(app: Application): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
    started.server = server;
  });
}

function urlOf(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function describeObjects(app: Application, req: Request, res: Response): Record<string, boolean> {
  return {
    reqProto: Object.getPrototypeOf(req) === app.request,
    resProto: Object.getPrototypeOf(res) === app.response,
    reqCtor: req.constructor === IncomingMessage,
    resCtor: res.constructor === ServerResponse,
    reqInstance: req instanceof IncomingMessage,
    resInstance: res instanceof ServerResponse,
  };
}

const ALL_TRUE = { reqProto: true, resProto: true, reqCtor: true, resCtor: true, reqInstance: true, resInstance: true };

describe('app.listen() request and response objects', () => {
  it("should give requests and responses the app's prototypes and node's constructors", async () => {
    const app = webfw();
    app.get('/', (req, res) => res.json(describeObjects(app, req, res)));
    const server = await start(app);
    await request(urlOf(server)).get('/').expect(200, ALL_TRUE);
  });

  it('should keep members added to app.request and app.response after listen', async () => {
    const app = webfw();
    app.get('/', (req, res) => (res as Response & { shout(s: string): void }).shout((req as Request & { who(): string }).who()));
    const server = await start(app);
    (app.request as Request & { who(): string }).who = function who(this: Request) {
      return this.method;
    };
    (app.response as Response & { shout(s: string): void }).shout = function shout(this: Response, s: string) {
      this.send(s.toUpperCase() + '!');
    };
    await request(urlOf(server)).get('/').expect(200, 'GET!');
  });

  it('should still work when app.request and app.response were replaced before listen', async () => {
    const app = webfw();
    app.request = Object.create(webfw.request, { app: { value: app, writable: true, configurable: true, enumerable: true } }) as Request;
    app.response = Object.create(webfw.response, { app: { value: app, writable: true, configurable: true, enumerable: true } }) as Response;
    app.get('/', (req, res) => res.json(describeObjects(app, req, res)));
    const server = await start(app);
    await request(urlOf(server)).get('/').expect(200, ALL_TRUE);
  });

  it("should switch to a mounted app's prototypes inside it and back after it", async () => {
    const app = webfw();
    const sub = webfw();
    sub.use((req, res, next) => {
      res.setHeader('X-Sub', String(Object.getPrototypeOf(req) === sub.request && Object.getPrototypeOf(res) === sub.response && req.app === sub));
      next();
    });
    app.use('/sub', sub);
    app.use((req, res) => res.json({ ...describeObjects(app, req, res), app: req.app === app && res.app === app }));
    const server = await start(app);
    await request(urlOf(server))
      .get('/sub/x')
      .expect('X-Sub', 'true')
      .expect(200, { ...ALL_TRUE, app: true });
  });

  it('should give the same objects to an app used with a foreign server', async () => {
    const app = webfw();
    app.get('/', (req, res) => res.json(describeObjects(app, req, res)));
    await request(app).get('/').expect(200, ALL_TRUE);
  });

  it('should keep a weak ETag identical to a full SHA-1 of the body on a listening app', async () => {
    const app = webfw();
    app.get('/', (_req, res) => res.json({ hello: 'world' }));
    const server = await start(app);
    const body = '{"hello":"world"}';
    const tag = `W/"${Buffer.byteLength(body).toString(16)}-${createHash('sha1').update(body).digest('base64').substring(0, 27)}"`;
    for (let i = 0; i < 3; i++) await request(urlOf(server)).get('/').expect('ETag', tag).expect(200, body);
  });
});
