/**
 * One server the user made, shared by apps of different versions (a dispatcher in front of a
 * 5.x and a 4.x or 3.x app): once the 5.x app has answered (and the server was adopted with
 * its classes, src/prototypes/server-adoption.ts), the 4.x and 3.x apps still parse `req.query`, as express 5
 * and express 4 sharing one server do.
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import express5 from 'express';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- express 4 ships no types here
const express4 = require('express-v4');
import webfw from '@webfw/core';
import webfwV4 from '@webfw/core/v4';
import webfwV3 from '@webfw/core/v3';
import { close, listen } from '@webfw/test-support';

/** What these tests need of an app: a GET route, and being a request listener. */
type TestApp = ((req: unknown, res: unknown) => void) & {
  get(path: string, handler: (req: { query: unknown }, res: { json(body: unknown): void }) => void): unknown;
};
type Factory = () => TestApp;

/** The answers of a dispatcher server: `/old...` to the older app, the rest to the 5.x app. */
async function answers(newer: Factory, older: Factory): Promise<string[]> {
  const five = newer();
  five.get('/five', (req, res) => res.json({ query: req.query }));
  const old = older();
  old.get('/old', (req, res) => res.json({ query: req.query === undefined ? 'undefined' : req.query }));
  const server = createServer(((req: { url?: string }, res: unknown) => (req.url!.startsWith('/old') ? old : five)(req, res)) as unknown as RequestListener);
  await listen(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const out: string[] = [];
    for (const path of ['/five?a=1', '/old?b=2', '/old?c[d]=3', '/five?e=4', '/old']) {
      const res = await fetch(base + path);
      out.push(`${res.status} ${await res.text()}`);
    }
    return out;
  } finally {
    await close(server);
  }
}

describe('a server shared by a 5.x app and an older one', () => {
  it('should give the 4.x app its parsed query after the 5.x app answered, as express 5 and 4 do', async () => {
    const expected = await answers(express5 as unknown as Factory, express4 as unknown as Factory);
    expect(expected).toEqual([
      '200 {"query":{"a":"1"}}',
      '200 {"query":{"b":"2"}}',
      '200 {"query":{"c":{"d":"3"}}}',
      '200 {"query":{"e":"4"}}',
      '200 {"query":{}}',
    ]);
    expect(await answers(webfw as unknown as Factory, webfwV4 as unknown as Factory)).toEqual(expected);
  });

  it('should give the 3.x app its parsed query after the 5.x app answered', async () => {
    const expected = await answers(express5 as unknown as Factory, express4 as unknown as Factory);
    expect(await answers(webfw as unknown as Factory, webfwV3 as unknown as Factory)).toEqual(expected);
  });
});
