import type { IncomingMessage, RequestListener } from 'node:http';
import request from 'supertest';
import logger from '@webfw/logger';
import { close, rawRequest } from '@webfw/test-support';
import { LineCapture, serve, type Middleware } from './support/helpers';

/** Logs `format` for one request made by `send`, returning the line. */
async function lineFor(
  format: string,
  send: (server: import('node:http').Server, port: number) => Promise<unknown>,
  handler?: RequestListener,
  before: Middleware[] = [],
): Promise<string> {
  const stream = new LineCapture();
  const { server, port } = await serve([...before, logger(format, { stream })], handler);
  try {
    await send(server, port);
    const [line] = await stream.waitFor(1);
    return line!;
  } finally {
    await close(server);
  }
}

const get =
  (path = '/') =>
  (server: import('node:http').Server) =>
    request(server).get(path);

describe(':date', () => {
  it('should default to the web (RFC 1123) format', async () => {
    const line = await lineFor(':date', get());
    expect(line).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Math.abs(Date.parse(line) - Date.now())).toBeLessThan(5000);
  });

  it('should write :date[web] as RFC 1123', async () => {
    const line = await lineFor(':date[web]', get());
    expect(new Date(line).toUTCString()).toBe(line);
  });

  it('should write :date[iso] as ISO 8601 with milliseconds and Z', async () => {
    const line = await lineFor(':date[iso]', get());
    expect(line).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(line) - Date.now())).toBeLessThan(5000);
  });

  it('should write :date[clf] in the common log format', async () => {
    const line = await lineFor(':date[clf]', get());
    const m = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) \+0000$/.exec(line);
    expect(m).not.toBeNull();
    const parsed = Date.parse(`${m![2]} ${m![1]} ${m![3]} ${m![4]}:${m![5]}:${m![6]} GMT`);
    expect(Math.abs(parsed - Date.now())).toBeLessThan(5000);
  });

  it('should write - for an unknown date format', async () => {
    expect(await lineFor('[:date[nope]]', get())).toBe('[-]');
  });
});

describe('request tokens', () => {
  it('should write :http-version', async () => {
    expect(await lineFor(':http-version', get())).toBe('1.1');
    expect(await lineFor(':http-version', (_s, port) => rawRequest(port, 'GET / HTTP/1.0\r\n\r\n'))).toBe('1.0');
  });

  it('should write :method', async () => {
    expect(await lineFor(':method', (s) => request(s).put('/'))).toBe('PUT');
  });

  it('should write :referrer from Referer, else Referrer, else -', async () => {
    expect(await lineFor(':referrer', (s) => request(s).get('/').set('Referer', 'http://a.example/'))).toBe('http://a.example/');
    expect(await lineFor(':referrer', (s) => request(s).get('/').set('Referrer', 'http://b.example/'))).toBe('http://b.example/');
    expect(await lineFor(':referrer', get())).toBe('-');
  });

  it('should write :remote-addr from the socket', async () => {
    expect(await lineFor(':remote-addr', get())).toBe('127.0.0.1');
  });

  it('should prefer req.ip for :remote-addr', async () => {
    const setIp: Middleware = (req, _res, next) => {
      (req as IncomingMessage & { ip: string }).ip = '203.0.113.9';
      next();
    };
    expect(await lineFor(':remote-addr', get(), undefined, [setIp])).toBe('203.0.113.9');
  });

  it('should write :remote-user from Basic auth', async () => {
    expect(await lineFor(':remote-user', (s) => request(s).get('/').auth('tobi', 'ferret'))).toBe('tobi');
    expect(await lineFor(':remote-user', (s) => request(s).get('/').set('Authorization', 'basic dXNlcjpwYXNz'))).toBe('user');
  });

  it('should write - for :remote-user without valid Basic auth', async () => {
    expect(await lineFor(':remote-user', get())).toBe('-');
    expect(await lineFor(':remote-user', (s) => request(s).get('/').set('Authorization', 'Bearer abc'))).toBe('-');
    expect(await lineFor(':remote-user', (s) => request(s).get('/').set('Authorization', 'Basic !!!'))).toBe('-');
    const noColon = Buffer.from('justname').toString('base64');
    expect(await lineFor(':remote-user', (s) => request(s).get('/').set('Authorization', `Basic ${noColon}`))).toBe('-');
  });

  it('should write :req[header] case-insensitively, - when absent', async () => {
    expect(await lineFor(':req[X-Custom]', (s) => request(s).get('/').set('x-custom', 'val'))).toBe('val');
    expect(await lineFor(':req[x-missing]', get())).toBe('-');
    expect(await lineFor('<:req>', get())).toBe('<->');
  });

  it('should join a repeated request header with a comma', async () => {
    const line = await lineFor(':req[x-multi]', (_s, port) =>
      rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\nX-Multi: a\r\nX-Multi: b\r\nConnection: close\r\n\r\n'),
    );
    expect(line).toBe('a, b');
  });

  it('should write :url from req.url', async () => {
    expect(await lineFor(':url', get('/a/b?c=d'))).toBe('/a/b?c=d');
  });

  it('should prefer req.originalUrl for :url', async () => {
    const mount: Middleware = (req, _res, next) => {
      (req as IncomingMessage & { originalUrl: string }).originalUrl = req.url!;
      req.url = '/stripped';
      next();
    };
    expect(await lineFor(':url', get('/mount/stripped'), undefined, [mount])).toBe('/mount/stripped');
  });

  it('should write :user-agent', async () => {
    expect(await lineFor(':user-agent', (s) => request(s).get('/').set('User-Agent', 'curl/8.0'))).toBe('curl/8.0');
  });
});

describe('response tokens', () => {
  it('should write :res[header], joining arrays, - when absent', async () => {
    const handler: RequestListener = (_req, res) => {
      res.setHeader('X-One', 'uno');
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.end();
    };
    expect(await lineFor(':res[x-one] :res[set-cookie] :res[x-none]', get(), handler)).toBe('uno a=1, b=2 -');
  });

  it('should write :status', async () => {
    const handler: RequestListener = (_req, res) => {
      res.statusCode = 418;
      res.end();
    };
    expect(await lineFor(':status', get(), handler)).toBe('418');
  });

  it('should write :response-time with 3 digits by default and [digits] when given', async () => {
    const handler: RequestListener = (_req, res) => setTimeout(() => res.end(), 20);
    const line = await lineFor(':response-time|:response-time[0]|:response-time[5]', get(), handler);
    const [three, zero, five] = line.split('|');
    expect(three).toMatch(/^\d+\.\d{3}$/);
    expect(zero).toMatch(/^\d+$/);
    expect(five).toMatch(/^\d+\.\d{5}$/);
    expect(Number(three)).toBeGreaterThanOrEqual(15);
  });

  it('should measure :response-time to the headers and :total-time to the end of the response', async () => {
    const handler: RequestListener = (_req, res) => {
      res.writeHead(200);
      res.write('a');
      setTimeout(() => res.end('b'), 60);
    };
    const line = await lineFor(':response-time :total-time', get(), handler);
    const [responseTime, totalTime] = line.split(' ').map(Number);
    expect(responseTime).toBeLessThan(50);
    expect(totalTime).toBeGreaterThanOrEqual(50);
    expect(line).toMatch(/^\d+\.\d{3} \d+\.\d{3}$/);
  });

  it('should write :total-time[digits]', async () => {
    expect(await lineFor(':total-time[1]', get())).toMatch(/^\d+\.\d$/);
  });
});
