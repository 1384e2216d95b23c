import type { RequestListener } from 'node:http';
import request from 'supertest';
import { logged } from './support/helpers';

/** The line `format` gives for one GET answered by `handler`. */
async function lineFor(format: string, handler: RequestListener): Promise<string> {
  const { lines } = await logged(format, (server) => request(server).get('/'), { handler });
  return lines[0]!;
}

/** A handler that calls `res.writeHead(...args)`, then ends the response with `body`. */
function writeHead(args: [status: number, ...headers: unknown[]], body?: string): RequestListener {
  return (_req, res) => {
    (res.writeHead as (...a: unknown[]) => void)(...args);
    res.end(body);
  };
}

/**
 * Node writes the headers handed to `res.writeHead(status, headers)` without storing them when
 * none was set before, so `res.getHeader` cannot see them; morgan's hook stores them, and
 * `:res[name]` shows them. Every expected line below is what morgan 1.10 writes.
 */
describe(':res[header] for headers handed to writeHead', () => {
  it.each<{ title: string; format: string; handler: RequestListener; line: string }>([
    {
      title: 'should show headers of a writeHead headers object, and - for headers Node adds itself',
      format: ':status :res[content-length] :res[x-obj] :res[date] :res[connection]',
      handler: writeHead([201, { 'Content-Length': 2, 'X-Obj': 'o' }], 'ok'),
      line: '201 2 o - -',
    },
    {
      title: 'should show headers of a flat [name, value, ...] list',
      format: ':res[x-flat] :res[content-length]',
      handler: writeHead([200, ['X-Flat', 'f', 'Content-Length', '2']], 'ok'),
      line: 'f 2',
    },
    {
      title: 'should show headers of a list of [name, value] pairs',
      format: ':res[x-pair] :res[content-length]',
      handler: writeHead(
        [
          200,
          [
            ['X-Pair', 'p'],
            ['Content-Length', '2'],
          ],
        ],
        'ok',
      ),
      line: 'p 2',
    },
    {
      title: 'should join a header given several times in a list with a comma',
      format: ':res[set-cookie]',
      handler: writeHead([200, ['Set-Cookie', 'a=1', 'Set-Cookie', 'b=2']]),
      line: 'a=1, b=2',
    },
    {
      title: 'should join an array value with a comma',
      format: ':res[x-arr]',
      handler: writeHead([200, { 'X-Arr': ['1', '2'] }]),
      line: '1, 2',
    },
    {
      title: 'should find the headers after a reason phrase',
      format: ':status :res[x-r]',
      handler: writeHead([202, 'Fine', { 'X-R': 'r' }]),
      line: '202 r',
    },
    {
      title: 'should match header names whatever their case',
      format: ':res[X-Lower] :res[x-upper] :res[x-mIxEd]',
      handler: writeHead([200, { 'x-lower': 'l', 'X-UPPER': 'U', 'X-MiXeD': 'm' }]),
      line: 'l U m',
    },
    {
      title: 'should show both stored headers and writeHead headers when both are used',
      format: ':res[x-set] :res[x-obj]',
      handler: (_req, res) => {
        res.setHeader('X-Set', 's');
        res.writeHead(200, { 'X-Obj': 'o' });
        res.end();
      },
      line: 's o',
    },
    {
      title: 'should write - for the Content-Length Node adds to res.end(body)',
      format: ':res[content-length] :res[transfer-encoding]',
      handler: (_req, res) => {
        res.end('hello');
      },
      line: '- -',
    },
    {
      title: 'should escape control characters in a writeHead header value',
      format: ':res[x-tab]',
      handler: writeHead([200, { 'X-Tab': 'a\tb' }]),
      line: 'a\\tb',
    },
  ])('$title', async ({ format, handler, line }) => {
    expect(await lineFor(format, handler)).toBe(line);
  });
});
