/**
 * What one `Object.setPrototypeOf` costs (docs/performance.md, "Sub-apps on Node 24"), the
 * switch express makes on a request and a response entering a sub-app.
 * Run: node tooling/bench/ablation/prototype-switch-cost.js (on each node to compare)
 *
 * Objects of a class with 4, 12 and 24 properties, and node's own `IncomingMessage` and
 * `ServerResponse`, switched to a child of their prototype and back, a million times over a
 * thousand objects: nanoseconds per switch. On the V8 of Node 20 and 22 a switch costs about
 * the same whatever the object; on Node 24 and 26 it grows with the object's properties.
 */

import http from 'node:http';

/** Nanoseconds per switch of the objects `make` makes between `proto` and a child of it. */
function switchCost(make, proto) {
  const child = Object.create(proto);
  const objects = Array.from({ length: 1000 }, make);
  const run = (n) => {
    const started = process.hrtime.bigint();
    for (let k = 0; k < n; k++) {
      const o = objects[k % 1000];
      Object.setPrototypeOf(o, child);
      Object.setPrototypeOf(o, proto);
    }
    return Number(process.hrtime.bigint() - started) / n / 2;
  };
  run(100000);
  return run(500000);
}

const rows = [];
for (const count of [4, 12, 24]) {
  class Plain {
    constructor() {
      for (let i = 0; i < count; i++) this[`p${i}`] = i;
    }
  }
  rows.push([`an object of ${count} properties`, switchCost(() => new Plain(), Plain.prototype)]);
}
class Request extends http.IncomingMessage {}
rows.push(["node's IncomingMessage", switchCost(() => new Request(null), Request.prototype)]);
class Response extends http.ServerResponse {}
const request = new http.IncomingMessage(null);
rows.push(["node's ServerResponse", switchCost(() => new Response(request), Response.prototype)]);

console.log(`node ${process.version} (V8 ${process.versions.v8}): ns per Object.setPrototypeOf`);
for (const [name, ns] of rows) console.log(`  ${name.padEnd(32)} ${ns.toFixed(0).padStart(6)}`);
