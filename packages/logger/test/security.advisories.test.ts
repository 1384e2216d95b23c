/**
 * morgan's public advisories (and on-headers', which morgan hands every response to), replayed
 * over HTTP on @webfw/logger beside the fixed morgan: the same log line and the same response.
 */
import request from 'supertest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import logger from '@webfw/logger';

/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
type Any = any;
const morgan = require('morgan');

/** Serve `handler` behind a logger with `format`; resolve the response and the line it logged. */
async function logged(factory: Any, format: string, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<[Any, string]> {
  let line!: (text: string) => void;
  const written = new Promise<string>((resolve) => (line = resolve));
  const log = factory(format, { stream: { write: (text: string) => line(text) } });
  const res = await request((req: IncomingMessage, res: ServerResponse) => log(req, res, () => handler(req, res))).get('/');
  return [res, await written];
}

const ok = (_req: IncomingMessage, res: ServerResponse) => res.end('ok');

describe.each([
  ['@webfw/logger', logger],
  ['morgan 1.10+ (fixed upstream)', morgan],
])('%s', (_name, factory: Any) => {
  afterEach(() => delete (globalThis as Any).advisoryInjected);

  it('GHSA-gwg9-rgvj-4h5j (CVE-2019-5413): a format is data, never code', async () => {
    // before morgan 1.9.1 this format closed the compiled string literal and ran the assignment
    const format = 'x\\" + (globalThis.advisoryInjected = 1) //';
    const [res, line] = await logged(factory, format, ok);
    expect([res.status, res.text]).toEqual([200, 'ok']);
    expect(line).toBe('x\\" + (globalThis.advisoryInjected = 1) //\n');
    expect((globalThis as Any).advisoryInjected).toBeUndefined();
  });

  it('GHSA-gwg9-rgvj-4h5j: a token argument is data, never code', async () => {
    const [, line] = await logged(factory, ':method :req[x" + (globalThis.advisoryInjected = "yes") + "] :status', ok);
    expect(line).toBe('GET - 200\n');
    expect((globalThis as Any).advisoryInjected).toBeUndefined();
  });

  it('GHSA-76c9-3jph-rj3q (CVE-2025-7339, on-headers): headers given to writeHead as a flat array reach the client whole', async () => {
    const [res, line] = await logged(factory, ':status :res[x-first] :res[content-type]', (_req, res) => {
      res.writeHead(201, ['X-First', 'one', 'Content-Type', 'text/plain', 'X-Second', 'two']);
      res.end('made');
    });
    expect([res.status, res.text, res.headers['x-first'], res.headers['content-type'], res.headers['x-second']]).toEqual([
      201,
      'made',
      'one',
      'text/plain',
      'two',
    ]);
    expect(line).toBe('201 one text/plain\n');
  });
});
