import http from 'node:http';
import type { AddressInfo } from 'node:net';
import bodyParser, { json } from '@webfw/body-parser';

// body-parser 2.x removed the generic `bodyParser()` middleware of 1.x: calling the package
// itself throws. An app that still calls it (at start-up or per request) must fail the same way.

// eslint-disable-next-line @typescript-eslint/no-require-imports
const reference = require('body-parser') as (...args: unknown[]) => unknown;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const required = require('@webfw/body-parser') as { default: (...args: unknown[]) => unknown };

const MESSAGE = 'The bodyParser() generic has been split into individual middleware to use instead.';

/** What calling `fn(...args)` threw: class, name, message and own enumerable keys. */
function thrownBy(fn: (...args: unknown[]) => unknown, args: unknown[]): Record<string, unknown> {
  try {
    fn(...args);
  } catch (err) {
    const e = err as Error;
    return {
      isError: e instanceof Error,
      constructor: e.constructor.name,
      name: e.name,
      message: e.message,
      keys: Object.keys(e),
      stackHead: e.stack?.split('\n')[0],
    };
  }
  return { threw: false };
}

/** A server whose handler calls `generic(...args)` per request and answers what it threw as JSON. */
async function answer(generic: (...args: unknown[]) => unknown, args: unknown[]): Promise<{ status: number; body: unknown }> {
  const server = http.createServer((req, res) => {
    const result = thrownBy(generic, args);
    res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(result));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    return { status: res.status, body: await res.json() };
  } finally {
    server.close();
  }
}

describe('bodyParser() (the package called as a function)', () => {
  it.each([
    ['no arguments', []],
    ['an options object', [{ extended: true }]],
    ['req, res, next', [{}, {}, () => undefined]],
  ])('should throw what body-parser 2.x throws, called with %s', async (_label, args) => {
    const ours = await answer(bodyParser as unknown as (...a: unknown[]) => unknown, args);
    const theirs = await answer(reference, args);
    expect(ours).toEqual(theirs);
    expect(ours.body).toEqual({ isError: true, constructor: 'Error', name: 'Error', message: MESSAGE, keys: [], stackHead: `Error: ${MESSAGE}` });
  });

  it('should be the `default` of the module namespace too (transpiled `import bodyParser from`)', async () => {
    expect(required.default).toBe(bodyParser);
    expect(await answer(required.default, [])).toEqual(await answer(reference, []));
  });

  it('should carry the four factories as enumerable properties, like body-parser 2.x', () => {
    expect(typeof bodyParser).toBe('function');
    expect(bodyParser.json).toBe(json);
    expect(Object.keys(bodyParser)).toEqual(Object.keys(reference));
    expect(Object.keys(bodyParser)).toEqual(['json', 'raw', 'text', 'urlencoded']);
    expect(bodyParser.name).toBe((reference as { name: string }).name);
  });
});
