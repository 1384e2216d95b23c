/**
 * What a prototype switch does to V8's hidden classes (docs/performance.md, "Sub-apps").
 * Run: node --allow-natives-syntax tooling/bench/ablation/prototype-switch.js
 *
 * Two objects of one class, each switched to the same prototype (as express does to a request
 * entering a sub-app) and then given the same property: do they still share their hidden class
 * (map)? The switch itself gives both the same new map (V8 caches prototype transitions), but
 * that map is a copy with no back pointer into the transition tree; V8 counts such a map as
 * "detached" and records no transition from it, so on the V8 of Node 20 and 22 every property
 * added after the switch makes a map of its own for each object.
 */
'use strict';

class Message {
  constructor() {
    this.method = 'GET';
    this.url = '/';
  }
}
const base = Message.prototype;
const sub = Object.create(base, { app: { value: 'sub', enumerable: true } });
for (let i = 0; i < 20; i++) new Message(); // past V8's slack tracking, as a server is

const made = (steps) => {
  const o = new Message();
  steps(o);
  return o;
};
// V8's own test of two objects' maps (natives syntax, compiled only under --allow-natives-syntax)
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b);');
const same = (steps) => haveSameMap(made(steps), made(steps));

const rows = [
  ['a property added, no switch', (o) => (o.route = 1)],
  ['switched', (o) => Object.setPrototypeOf(o, sub)],
  ['switched and back', (o) => (Object.setPrototypeOf(o, sub), Object.setPrototypeOf(o, base))],
  ['switched, then a property added', (o) => (Object.setPrototypeOf(o, sub), (o.route = 1))],
  ['switched and back, then a property added', (o) => (Object.setPrototypeOf(o, sub), Object.setPrototypeOf(o, base), (o.route = 1))],
];
console.log(`node ${process.version} (V8 ${process.versions.v8}): do two objects share their map?`);
for (const [what, steps] of rows) console.log(`  ${what}: ${same(steps) ? 'shared' : 'one map each'}`);
