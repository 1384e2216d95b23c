/**
 * The serving half of an ES module app that dd-trace-esm.test.ts writes: the app imports its
 * `express` (express itself, or webfw aliased or by name, after webfw's one line or not), then
 * `await drive(express)`. Run as `node --import dd-trace/initialize.mjs <app.mjs> <out.json>`,
 * dd-trace configured by its environment variables with its log exporter (one
 * `{"traces":[[...]]}` line on stdout per trace).
 *
 * `drive(express)` builds the test app (./test-app.cjs) on it, sends GET /api/users/42, POST
 * /api/echo, GET /api/boom, GET /nope one after another over loopback, waits for dd-trace's
 * export, writes `{ answers, spans }` to <out.json> (the answers as `METHOD path status body`,
 * the spans as dd-trace exported them) and exits.
 */
import { writeFileSync } from 'node:fs';
import testApp from './test-app.cjs';

const requests = [
  ['GET', '/api/users/42'],
  ['POST', '/api/echo', '{"a":1}'],
  ['GET', '/api/boom'],
  ['GET', '/nope'],
];

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the test app on `express` under the process's dd-trace and writes what it saw (see the file comment). */
export async function drive(express) {
  const out = process.argv[2];
  if (!out) throw new Error('dd-esm-app: usage: node --import dd-trace/initialize.mjs <app.mjs> <out.json>');
  const lines = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    const text = String(chunk);
    if (!text.startsWith('{"traces":')) return write(chunk, ...rest);
    lines.push(text);
    return true;
  };

  const app = testApp(express);
  const server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address();
  const answers = [];
  for (const [method, path, body] of requests) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, body, headers: body ? { 'content-type': 'application/json' } : {} });
    answers.push(`${method} ${path} ${res.status} ${await res.text()}`);
    await pause(30);
  }
  await new Promise((resolve) => server.close(resolve));
  await pause(200);

  const spans = lines.flatMap((line) => JSON.parse(line).traces.flat());
  writeFileSync(out, JSON.stringify({ answers, spans }));
  process.exit(0);
}
