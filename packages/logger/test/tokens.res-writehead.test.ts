import type { RequestListener } from 'node:http';
import request from 'supertest';
import logger from '@webfw/logger';
import { close } from '../../../tooling/test-support';
import { LineCapture, serve } from './helpers';

/** The line `format` gives for one GET answered by `handler`. */
async function lineFor(format: string, handler: RequestListener): Promise<string> {
  const stream = new LineCapture();
  const { server } = await serve([logger(format, { stream })], handler);
  try {
    await request(server).get('/');
    const [line] = await stream.waitFor(1);
    return line!;
  } finally {
    await close(server);
  }
}

/**
 * Node writes the headers handed to `res.writeHead(status, headers)` without storing them when
 * none was set before, so `res.getHeader` cannot see them; morgan's hook stores them, and
 * `:res[name]` shows them. Every expected line below is what morgan 1.10 writes.
 */
describe(':res[header] for headers handed to writeHead', () => {
  it('should show headers of a writeHead headers object, and - for headers Node adds itself', async () => {
    const line = await lineFor(':status :res[content-length] :res[x-obj] :res[date] :res[connection]', (_req, res) => {
      res.writeHead(201, { 'Content-Length': 2, 'X-Obj': 'o' });
      res.end('ok');
    });
    expect(line).toBe('201 2 o - -');
  });

  it('should show headers of a flat [name, value, ...] list', async () => {
    const line = await lineFor(':res[x-flat] :res[content-length]', (_req, res) => {
      res.writeHead(200, ['X-Flat', 'f', 'Content-Length', '2']);
      res.end('ok');
    });
    expect(line).toBe('f 2');
  });

  it('should show headers of a list of [name, value] pairs', async () => {
    const line = await lineFor(':res[x-pair] :res[content-length]', (_req, res) => {
      res.writeHead(200, [['X-Pair', 'p'], ['Content-Length', '2']] as unknown as string[]);
      res.end('ok');
    });
    expect(line).toBe('p 2');
  });

  it('should join a header given several times in a list with a comma', async () => {
    const line = await lineFor(':res[set-cookie]', (_req, res) => {
      res.writeHead(200, ['Set-Cookie', 'a=1', 'Set-Cookie', 'b=2']);
      res.end();
    });
    expect(line).toBe('a=1, b=2');
  });

  it('should join an array value with a comma', async () => {
    const line = await lineFor(':res[x-arr]', (_req, res) => {
      res.writeHead(200, { 'X-Arr': ['1', '2'] });
      res.end();
    });
    expect(line).toBe('1, 2');
  });

  it('should find the headers after a reason phrase', async () => {
    const line = await lineFor(':status :res[x-r]', (_req, res) => {
      res.writeHead(202, 'Fine', { 'X-R': 'r' });
      res.end();
    });
    expect(line).toBe('202 r');
  });

  it('should match header names whatever their case', async () => {
    const line = await lineFor(':res[X-Lower] :res[x-upper] :res[x-mIxEd]', (_req, res) => {
      res.writeHead(200, { 'x-lower': 'l', 'X-UPPER': 'U', 'X-MiXeD': 'm' });
      res.end();
    });
    expect(line).toBe('l U m');
  });

  it('should show both stored headers and writeHead headers when both are used', async () => {
    const line = await lineFor(':res[x-set] :res[x-obj]', (_req, res) => {
      res.setHeader('X-Set', 's');
      res.writeHead(200, { 'X-Obj': 'o' });
      res.end();
    });
    expect(line).toBe('s o');
  });

  it('should write - for the Content-Length Node adds to res.end(body)', async () => {
    const line = await lineFor(':res[content-length] :res[transfer-encoding]', (_req, res) => {
      res.end('hello');
    });
    expect(line).toBe('- -');
  });

  it('should escape control characters in a writeHead header value', async () => {
    const line = await lineFor(':res[x-tab]', (_req, res) => {
      res.writeHead(200, { 'X-Tab': 'a\tb' });
      res.end();
    });
    expect(line).toBe('a\\tb');
  });
});
