/**
 * Body-parser suite: a 1 KB JSON body and a 1 KB urlencoded form POSTed to bare `node:http`
 * servers that parse them by hand, with body-parser 2.x and with @webfw/body-parser (default
 * options), side by side. Prints @webfw/body-parser's throughput against body-parser's (target
 * >= 1.00 on both), each parser's share of the hand-written server's throughput and the server
 * CPU time each parser adds per request.
 */
import { fileURLToPath } from 'node:url';
import { printTable, ratio, runCases } from '../lib/harness.mjs';

const server = fileURLToPath(new URL('../servers/body-parser/server.mjs', import.meta.url));

/** A 1 KB JSON document: a typical API payload (strings, numbers, booleans, a nested array). */
export function jsonBody() {
  const doc = { id: 12345, name: 'Ada Lovelace', email: 'ada@example.com', active: true, roles: ['admin', 'editor'], tags: [] };
  for (let i = 0; doc.tags.length < 40 && JSON.stringify(doc).length < 1000; i++) doc.tags.push({ k: `tag${i}`, v: i * 7 });
  let text = JSON.stringify(doc);
  text = text.slice(0, -1) + `,"pad":"${'x'.repeat(Math.max(0, 1024 - text.length - 9))}"}`;
  return text;
}

/** A 1 KB urlencoded form: ~40 fields with a few escapes and a repeated key. */
export function formBody() {
  const pairs = [];
  for (let i = 0; pairs.join('&').length < 980; i++) pairs.push(`field${i}=${encodeURIComponent(`value ${i} é/&`)}`);
  pairs.push('tag=a', 'tag=b');
  let text = pairs.join('&');
  if (text.length < 1024) text += `&pad=${'x'.repeat(1024 - text.length - 5)}`;
  return text;
}

export async function run() {
  const json = { method: 'POST', path: '/', headers: { 'content-type': 'application/json' }, body: jsonBody() };
  const form = { method: 'POST', path: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: formBody() };
  const cases = [];
  for (const [kind, request] of [
    ['json', json],
    ['urlencoded', form],
  ]) {
    cases.push(
      { name: `${kind}: hand-written`, server, args: ['hand', kind], request },
      { name: `${kind}: body-parser 2.x`, server, args: ['body-parser', kind], request },
      { name: `${kind}: @webfw/body-parser`, server, args: ['webfw', kind], request },
    );
  }
  const rows = await runCases(cases);
  const rowsOf = (kind) => rows.filter((r) => r.name.startsWith(`${kind}:`));
  printTable(`body-parser: 1 KB JSON body (${json.body.length} bytes), POST to node:http`, rowsOf('json'));
  printTable(`body-parser: 1 KB urlencoded form (${form.body.length} bytes), POST to node:http`, rowsOf('urlencoded'));
  for (const kind of ['json', 'urlencoded']) {
    const webfwVsPeer = ratio(rows, `${kind}: @webfw/body-parser`, `${kind}: body-parser 2.x`);
    const peerVsHand = ratio(rows, `${kind}: body-parser 2.x`, `${kind}: hand-written`);
    const webfwVsHand = ratio(rows, `${kind}: @webfw/body-parser`, `${kind}: hand-written`);
    console.log(
      `${kind}: @webfw/body-parser ${webfwVsPeer.toFixed(2)}x body-parser 2.x (target >= 1.00); ` +
        `share of hand-written: body-parser ${peerVsHand.toFixed(2)}, @webfw/body-parser ${webfwVsHand.toFixed(2)}`,
    );
    const [hand, peer, webfw] = rowsOf(kind).map((r) => r.cpu);
    console.log(
      `${kind}: server CPU per request over hand-written: body-parser ${(peer - hand).toFixed(1)} µs, ` +
        `@webfw/body-parser ${(webfw - hand).toFixed(1)} µs (less sensitive to a busy load generator than req/s)`,
    );
  }
  return rows;
}
